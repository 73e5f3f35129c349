import { signIn, signOut } from '../auth/authStore';
import { CHAT_UNREAD_CHANGE_EVENT } from '../contracts/chat';
import type { User } from '../contracts/entities';
import { UNREAD_POLL_MS, unreadCountStore, watchUnreadCount } from './unreadCountStore';

jest.mock('../api/chatApi', () => ({ chatApi: { unreadCount: jest.fn() } }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { chatApi } = require('../api/chatApi') as { chatApi: { unreadCount: jest.Mock } };

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('unread message count', () => {
  afterEach(() => signOut());

  it('polls every 30 s while signed in, refreshes on chatUnreadChange, and stops with the last watcher', async () => {
    chatApi.unreadCount.mockResolvedValue({ count: 3 });
    signIn('tok', { id: 1, firstName: 'Ada' } as User);
    jest.useFakeTimers();
    const stop = watchUnreadCount();
    await jest.advanceTimersByTimeAsync(0);
    expect(unreadCountStore.getState().count).toBe(3);
    chatApi.unreadCount.mockResolvedValue({ count: 5 });
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(unreadCountStore.getState().count).toBe(5);
    chatApi.unreadCount.mockResolvedValue({ count: 0 });
    window.dispatchEvent(new Event(CHAT_UNREAD_CHANGE_EVENT));
    await jest.advanceTimersByTimeAsync(0);
    expect(unreadCountStore.getState().count).toBe(0);
    stop();
    const calls = chatApi.unreadCount.mock.calls.length;
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(chatApi.unreadCount.mock.calls.length).toBe(calls);
    jest.useRealTimers();
  });

  it('is null when signed out, without calling the API', async () => {
    chatApi.unreadCount.mockClear();
    const stop = watchUnreadCount();
    await flush();
    expect(unreadCountStore.getState().count).toBeNull();
    expect(chatApi.unreadCount).not.toHaveBeenCalled();
    stop();
  });
});
