import { API_PATHS, pathTo, request } from '@sciexperts/shared';
import type { NotificationPage, NotificationPreferences, NotificationPreferencesInput, UnreadNotifications } from '../contracts/notifications';

/** What the client says when the server gave no message of its own (status 0: not reached). */
const FAILED = {
  load: 'Could not load your notifications. Please try again.',
  read: 'Could not mark the notification as read. Please try again.',
  preferences: 'Could not save your notification settings. Please try again.',
  unsubscribe: 'Could not unsubscribe. Please try again.',
} as const;

/** The bell's list and counts (a session), the e-mail choices (a session) and the one-click unsubscribe (a token only). */
export const notificationsApi = {
  list: (before?: number) => request<NotificationPage>('get', pathTo(API_PATHS.notifications, {}, { before }), { fallbackError: FAILED.load }),
  unreadCount: () => request<UnreadNotifications>('get', API_PATHS.notificationsUnreadCount, { fallbackError: FAILED.load }),
  /** keepalive: the click that reads it follows the notification's link, which may leave the page before the answer. */
  read: (id: number) => request<UnreadNotifications>('post', pathTo(API_PATHS.notificationRead, { id }), { fallbackError: FAILED.read, keepalive: true }),
  readAll: () => request<UnreadNotifications>('post', API_PATHS.notificationsReadAll, { fallbackError: FAILED.read }),
  preferences: () => request<NotificationPreferences>('get', API_PATHS.notificationPreferences, { fallbackError: FAILED.load }),
  setPreferences: (body: NotificationPreferencesInput) => request<NotificationPreferences>('put', API_PATHS.notificationPreferences, { json: body, fallbackError: FAILED.preferences }),
  /** The token of an e-mail's link; no session needed, and it works once. */
  unsubscribe: (token: string) => request<{ message: string }>('post', pathTo(API_PATHS.notificationsUnsubscribe, {}, { token }), { fallbackError: FAILED.unsubscribe }),
};

export type NotificationsApi = typeof notificationsApi;
