import { createStore } from 'zustand/vanilla';
import { authStore, CHAT_UNREAD_CHANGE_EVENT } from '@sciexperts/shared';
import { chatApi } from '../api/chatApi';

export const UNREAD_POLL_MS = 30_000;

export interface UnreadCountState {
  /** null until known (signed out, or not loaded yet). */
  count: number | null;
}

/** One unread count for the page (shared is a singleton), kept by polling while someone watches it. */
export const unreadCountStore = createStore<UnreadCountState>(() => ({ count: null }));

let watchers = 0;
let timer: ReturnType<typeof setInterval> | null = null;
let stopAuth: (() => void) | null = null;
let generation = 0;

export async function refreshUnreadCount(): Promise<void> {
  const mine = ++generation;
  if (!authStore.getState().token) {
    unreadCountStore.setState({ count: null });
    return;
  }
  try {
    const { count } = await chatApi.unreadCount();
    if (mine === generation) unreadCountStore.setState({ count });
  } catch {
    // Keep the last known value; a 401 already signs the member out through the shared client.
  }
}

/** Tells every unread badge on the page to refresh (the chat calls it after marking read). */
export function announceUnreadChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHAT_UNREAD_CHANGE_EVENT));
}

const onChange = () => void refreshUnreadCount();

/** Starts polling for one watcher; returns the function that stops it. Polls only while signed in. */
export function watchUnreadCount(): () => void {
  watchers += 1;
  if (watchers === 1) {
    void refreshUnreadCount();
    timer = setInterval(() => {
      if (authStore.getState().token) void refreshUnreadCount();
    }, UNREAD_POLL_MS);
    if (typeof window !== 'undefined') window.addEventListener(CHAT_UNREAD_CHANGE_EVENT, onChange);
    let lastToken = authStore.getState().token;
    stopAuth = authStore.subscribe((s) => {
      if (s.token !== lastToken) {
        lastToken = s.token;
        void refreshUnreadCount();
      }
    });
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers === 0) {
      if (timer) clearInterval(timer);
      timer = null;
      stopAuth?.();
      stopAuth = null;
      if (typeof window !== 'undefined') window.removeEventListener(CHAT_UNREAD_CHANGE_EVENT, onChange);
    }
  };
}
