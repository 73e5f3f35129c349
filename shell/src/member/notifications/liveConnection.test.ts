// The bell's socket: which server events become a notification in the bell. A chat message's notification comes
// inside its newMessage frame (shared/src/contracts/chat.ts); other notifications come as events of their own.
import type { Notification } from '@sciexperts/shared/member';

type Listener = (...args: unknown[]) => void;
const listeners = new Map<string, Listener>();
const fakeSocket = { on: (event: string, fn: Listener) => listeners.set(event, fn), disconnect: jest.fn() };
jest.mock('socket.io-client', () => ({ io: () => fakeSocket }));

import { connectLive } from './liveConnection';

const note = (overrides: Partial<Notification> = {}): Notification => ({
  id: 7,
  type: 'message',
  text: 'Ada Lovelace sent you a message: “Hello”',
  link: '/chat?with=3',
  createdAt: '2026-11-29T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

describe('the bell’s live connection', () => {
  it('takes a notification from its own event and from a chat message’s frame, and none from a message without one', async () => {
    const onNotification = jest.fn();
    const close = connectLive({ socketUrl: 'http://api.test', token: 't', userId: 1 }, { onNotification, onRead: jest.fn(), onConnected: jest.fn() });
    // The socket client is imported on demand.
    for (let i = 0; i < 10 && !listeners.has('newMessage'); i++) await Promise.resolve();
    const message = { id: 1, senderId: 3, receiverId: 1, text: 'Hello', timestamp: '2026-11-29T10:00:00.000Z', clientId: 'c' };

    listeners.get('newMessage')?.(message, note());
    listeners.get('newMessage')?.(message);
    listeners.get('notification')?.(note({ id: 8, type: 'proposal-received' }));
    expect(onNotification.mock.calls).toEqual([[note()], [note({ id: 8, type: 'proposal-received' })]]);
    close();
    expect(fakeSocket.disconnect).toHaveBeenCalled();
  });
});
