import { useEffect } from 'react';
import { useStore } from 'zustand';
import { unreadCountStore, watchUnreadCount } from './unreadCountStore';

/** The signed-in member's unread direct messages (null when signed out or unknown); polls every 30 s and on `chatUnreadChange`. */
export function useUnreadMessageCount(): number | null {
  useEffect(() => watchUnreadCount(), []);
  return useStore(unreadCountStore, (s) => s.count);
}
