// Notifications: what a member is told happened, in the app (the bell) and by e-mail (docs/decisions/0014-notifications.md).
import type { Static } from 'typebox';
import type * as S from './schemas/notifications';
import { ACCOUNT_SETTINGS_PAGE_PATH } from './accountSettings';

/** Every event a member is told about. The server writes the sentence; clients show it as it is. */
export const NOTIFICATION_TYPES = [
  'message',
  'invitation',
  'proposal-received',
  'proposal-shortlisted',
  'proposal-hired',
  'proposal-declined',
  'milestone-funded',
  'milestone-submitted',
  'milestone-changes-requested',
  'milestone-released',
  'milestone-refunded',
  'milestone-disputed',
  'auto-release-coming',
  'review-to-write',
  'review-received',
  'call-booked',
  'call-changed',
  'call-reminder',
  'verification',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How a type reaches the member by e-mail: at once, in the daily digest, or not at all (the bell always shows it). */
export const EMAIL_MODES = ['immediately', 'daily', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** The e-mail each type gets until the member chooses: what needs an answer at once, the rest in the digest. */
export const DEFAULT_EMAIL_MODES: Record<NotificationType, EmailMode> = {
  message: 'immediately',
  invitation: 'immediately',
  'proposal-received': 'immediately',
  'proposal-shortlisted': 'daily',
  'proposal-hired': 'immediately',
  'proposal-declined': 'daily',
  'milestone-funded': 'immediately',
  'milestone-submitted': 'immediately',
  'milestone-changes-requested': 'immediately',
  'milestone-released': 'immediately',
  'milestone-refunded': 'immediately',
  'milestone-disputed': 'immediately',
  'auto-release-coming': 'immediately',
  'review-to-write': 'daily',
  'review-received': 'immediately',
  'call-booked': 'immediately',
  'call-changed': 'immediately',
  'call-reminder': 'immediately',
  verification: 'immediately',
};

/** The settings page's words for each type. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  message: 'New messages',
  invitation: 'Invitations to a project',
  'proposal-received': 'Proposals on your projects',
  'proposal-shortlisted': 'Your proposal shortlisted',
  'proposal-hired': 'You are hired',
  'proposal-declined': 'Your proposal declined',
  'milestone-funded': 'Milestone funded',
  'milestone-submitted': 'Work submitted for your review',
  'milestone-changes-requested': 'Changes requested',
  'milestone-released': 'Payment released',
  'milestone-refunded': 'Milestone refunded',
  'milestone-disputed': 'Dispute opened',
  'auto-release-coming': 'Automatic release tomorrow',
  'review-to-write': 'A review to write',
  'review-received': 'A review of you',
  'call-booked': 'A call booked or proposed',
  'call-changed': 'A call rescheduled or cancelled',
  'call-reminder': 'Reminders before a call',
  verification: 'Your profile verification',
};

export const NOTIFICATION_LIMITS = {
  pageSize: 20,
  pageSizeMax: 50,
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'This notification is not available.',
  unsubscribeInvalid: 'This unsubscribe link is not valid or was already used.',
  unsubscribed: 'You will no longer receive these e-mails. You can change this in your account settings.',
  preferencesSaved: 'Your notification settings are saved.',
} as const;

/** The site's page an e-mail's unsubscribe link opens (`?token=`); it asks before it switches anything off. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** Where a member manages every e-mail choice. */
export const NOTIFICATION_SETTINGS_PATH = ACCOUNT_SETTINGS_PAGE_PATH;

/** The socket events of the member's room: a new notification, and the unread count after a read elsewhere. */
export const NOTIFICATION_EVENTS = { created: 'notification', read: 'notificationsRead' } as const;

export type Notification = Static<typeof S.Notification>;
export type NotificationPage = Static<typeof S.NotificationPage>;
export type UnreadNotifications = Static<typeof S.UnreadNotifications>;
export type NotificationPreferences = Static<typeof S.NotificationPreferences>;
export type NotificationPreferencesInput = Static<typeof S.NotificationPreferencesInput>;
