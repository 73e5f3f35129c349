// The member's live connection for the bell: one socket.io connection per page while the member frame is shown,
// to the API's gateway, in the member's room (every tab and device gets the same events). Loaded on demand, so
// public pages never download the socket client.
import { SOCKET_RECONNECTION, type ServerToClientEvents } from '@sciexperts/shared';
import type { Notification, UnreadNotifications } from '@sciexperts/shared/member';
import type { Socket } from 'socket.io-client';

export interface LiveHandlers {
  onNotification: (notification: Notification) => void;
  onRead: (unread: UnreadNotifications) => void;
  /**
   * Connected, the first time or again after a drop: what was pushed before the socket joined the member's room (the
   * count was read before it connected) or while it was away is read from the API.
   */
  onConnected: () => void;
}

export type LiveConnect = (options: { socketUrl: string; token: string; userId: number }, handlers: LiveHandlers) => () => void;

/** Opens the connection; the returned function closes it. A refused connection (session ended) is left closed. */
export const connectLive: LiveConnect = ({ socketUrl, token, userId }, handlers) => {
  let socket: Socket<ServerToClientEvents> | null = null;
  let closed = false;
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    socket = io(socketUrl, {
      transports: ['websocket'],
      auth: { token: `Bearer ${token}` },
      query: { userId: String(userId) },
      // The chat opens its own connection; the two must not share a manager (one closing would close both).
      forceNew: true,
      // As the chat's: back within a second of its API process draining for a restart, spread out; while no process
      // answers, the bell waits up to 30 s between attempts (the chat, which a member is looking at, 5 s).
      ...SOCKET_RECONNECTION,
      reconnectionDelayMax: 30_000,
    });
    socket.on('connect', handlers.onConnected);
    socket.on('notification', handlers.onNotification);
    // A chat message's notification comes in the message's own frame (the server sends it once, not twice).
    socket.on('newMessage', (_message, notification) => {
      if (notification) handlers.onNotification(notification);
    });
    socket.on('notificationsRead', handlers.onRead);
  });
  return () => {
    closed = true;
    socket?.disconnect();
    socket = null;
  };
};
