// The bell's state for the page: the unread count, the list once opened, and the newest arrival (announced). Kept
// current by the live connection, and by a slow poll as a fallback for a connection that cannot be made (a proxy
// without WebSockets).
import { ApiError, authStore, getRuntimeConfig } from '@sciexperts/shared';
import { notificationsApi, type Notification } from '@sciexperts/shared/member';
import { createStore } from 'zustand/vanilla';
import { connectLive, type LiveConnect } from './liveConnection';

export const NOTIFICATIONS_POLL_MS = 120_000;
/** How often a read is sent before the bell gives up on it, and the wait before the first retry (doubled after). */
export const READ_ATTEMPTS = 4;
export const READ_RETRY_MS = 1_000;

/** Waits `ms`; injected so tests decide when a retry happens. */
export type Wait = (ms: number) => Promise<void>;
const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Worth sending again: the server was not reached, was busy, or failed on its side. A 4xx is its final answer. */
const retryable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

export interface NotificationsState {
  /** null until known. */
  unreadCount: number | null;
  /** null until the list was loaded (the panel was opened). */
  items: Notification[] | null;
  nextBefore: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The last notification pushed live while the page was open, for the live region. */
  arrived: Notification | null;
}

const initial: NotificationsState = { unreadCount: null, items: null, nextBefore: null, status: 'idle', error: null, arrived: null };

export function createNotificationsStore(connect: LiveConnect = connectLive, wait: Wait = realWait) {
  const store = createStore<NotificationsState>(() => initial);
  let generation = 0;

  async function refreshCount() {
    const mine = generation;
    try {
      const { unreadCount } = await notificationsApi.unreadCount();
      if (mine === generation) store.setState({ unreadCount });
    } catch {
      // Keep what we have; a 401 signs the member out through the shared client.
    }
  }

  async function load(more = false) {
    const mine = generation;
    const before = more ? (store.getState().nextBefore ?? undefined) : undefined;
    store.setState({ status: 'loading', error: null });
    try {
      const page = await notificationsApi.list(before);
      if (mine !== generation) return;
      const kept = more ? (store.getState().items ?? []) : [];
      store.setState({ items: [...kept, ...page.results], nextBefore: page.nextBefore, unreadCount: page.unreadCount, status: 'ready' });
    } catch (error) {
      if (mine === generation) store.setState({ status: 'error', error: (error as Error).message });
    }
  }

  function received(notification: Notification) {
    const { items } = store.getState();
    // A repeat of a group (another message from the same sender) replaces its row and moves it to the top.
    const rest = items?.filter((n) => n.id !== notification.id) ?? null;
    store.setState({ items: rest ? [notification, ...rest] : null, arrived: notification });
    void refreshCount();
  }

  /**
   * Reads one notification: at once in the bell, then on the server. The member has usually left the page by then (the
   * click follows the notification's link), so the read does not depend on the bell: it is retried while the server
   * cannot be reached or fails, and only a final failure shows it unread again (a member who sees it read would not open
   * it again, and the server would e-mail it).
   */
  async function markRead(id: number) {
    const { items, unreadCount } = store.getState();
    const target = items?.find((n) => n.id === id);
    if (target && target.readAt === null) {
      store.setState({ items: items!.map((n) => (n.id === id ? { ...n, readAt: new Date().toISOString() } : n)), unreadCount: Math.max(0, (unreadCount ?? 1) - 1) });
    }
    const token = authStore.getState().token;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await notificationsApi.read(id);
        if (authStore.getState().token === token) store.setState({ unreadCount: answer.unreadCount });
        return;
      } catch (error) {
        if (!retryable(error) || attempt >= READ_ATTEMPTS) break;
        await wait(READ_RETRY_MS * 2 ** (attempt - 1));
        // Another member (or nobody) signed in meanwhile: this read is no longer theirs to send.
        if (authStore.getState().token !== token) return;
      }
    }
    if (authStore.getState().token !== token) return;
    if (target && target.readAt === null) store.setState((s) => ({ items: s.items?.map((n) => (n.id === id ? { ...n, readAt: null } : n)) ?? null }));
    void refreshCount();
  }

  async function markAllRead() {
    const { items } = store.getState();
    const at = new Date().toISOString();
    store.setState({ items: items?.map((n) => (n.readAt ? n : { ...n, readAt: at })) ?? null, unreadCount: 0 });
    try {
      store.setState({ unreadCount: (await notificationsApi.readAll()).unreadCount });
    } catch (error) {
      store.setState({ error: (error as Error).message });
      void load();
    }
  }

  let watchers = 0;
  let stopSession: (() => void) | null = null;
  let stopAuth: (() => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** Follows the signed-in member: a new token starts over (a different member must never see the last one's list). */
  function follow(token: string | null, userId: number | null) {
    generation += 1;
    stopSession?.();
    stopSession = null;
    store.setState(initial);
    if (!token || userId === null) return;
    void refreshCount();
    stopSession = connect(
      { socketUrl: getRuntimeConfig().socketUrl, token, userId },
      {
        onNotification: received,
        onRead: ({ unreadCount }) => {
          const { items } = store.getState();
          store.setState({ unreadCount });
          // Read elsewhere: which ones is not said, so the open list is read again (or all marked, when none is left).
          if (items && unreadCount === 0) store.setState({ items: items.map((n) => (n.readAt ? n : { ...n, readAt: new Date().toISOString() })) });
          else if (items) void load();
        },
        onConnected: () => {
          void refreshCount();
          if (store.getState().items) void load();
        },
      },
    );
  }

  /** Starts following while something shows the bell; returns the function that stops. */
  function watch(): () => void {
    watchers += 1;
    if (watchers === 1) {
      let last = authStore.getState();
      follow(last.token, last.user?.id ?? null);
      stopAuth = authStore.subscribe((s) => {
        if (s.token !== last.token) follow(s.token, s.user?.id ?? null);
        last = s;
      });
      timer = setInterval(() => {
        if (authStore.getState().token) void refreshCount();
      }, NOTIFICATIONS_POLL_MS);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      watchers -= 1;
      if (watchers === 0) {
        stopAuth?.();
        stopAuth = null;
        if (timer) clearInterval(timer);
        timer = null;
        follow(null, null);
      }
    };
  }

  return { store, watch, load, markRead, markAllRead };
}

export type NotificationsController = ReturnType<typeof createNotificationsStore>;

/** The page's one bell state. */
export const notifications = createNotificationsStore();
