import { useEffect, useSyncExternalStore } from 'react';
import { notifications, type NotificationsController, type NotificationsState } from './notificationsStore';

/** The bell's state, followed while the calling component is mounted. */
export function useNotifications(controller: NotificationsController = notifications): NotificationsState {
  useEffect(() => controller.watch(), [controller]);
  return useSyncExternalStore(controller.store.subscribe, controller.store.getState, controller.store.getState);
}
