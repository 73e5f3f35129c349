// Chat payloads and socket.io events, typed once for the gateway and the clients.
// REST bodies are Static<> of the TypeBox schemas in ./schemas/chat (a type-only import).
import type { Static } from 'typebox';
import type * as S from './schemas/chat';
import type { Notification, UnreadNotifications } from './notifications';

/** timestamp: ISO 8601; clientId: the sender's client-generated id, used to de-duplicate retries. */
export type ChatMessage = Static<typeof S.ChatMessage>;

export interface SendMessagePayload {
  senderId: number;
  receiverId: number;
  text: string;
  clientId: string;
}

export type SendMessageAck = { ok: true; message: ChatMessage } | { ok: false; message: string };

export interface TypingPayload {
  receiverId: number;
}

export interface ServerToClientEvents {
  /**
   * A message to the member. On the member's own sockets (not a partner app's chat socket) the notification the
   * message wrote or refreshed comes with it as the second argument, in the same frame, instead of a `notification`
   * event of its own: a chat message is one frame to each of the receiver's sockets, not two.
   */
  newMessage: (message: ChatMessage, notification?: Notification) => void;
  /** The member's own message, sent from another of their sockets (the sending socket has it in its ack). */
  messageSent: (message: ChatMessage) => void;
  typing: (payload: { senderId: number }) => void;
  /**
   * A new notification for the member (NOTIFICATION_EVENTS.created), on every socket of theirs; a chat message's
   * notification comes with its newMessage instead.
   */
  notification: (notification: Notification) => void;
  /** The member read notifications somewhere (NOTIFICATION_EVENTS.read): the new unread count. */
  notificationsRead: (payload: UnreadNotifications) => void;
}

export interface ClientToServerEvents {
  sendMessage: (payload: SendMessagePayload, ack: (result: SendMessageAck) => void) => void;
  typing: (payload: TypingPayload) => void;
}

export type ConversationSummary = Static<typeof S.ConversationSummary>;

/** nextBefore: pass as `before` to fetch the next older page; null when there is none. */
export type MessagePage = Static<typeof S.MessagePage>;

export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** The public face of a chat counterpart: name and avatar only. */
export type ChatCounterpart = Static<typeof S.ChatCounterpart>;

/** `GET /api/Chat/UnreadCount` and the answer of `POST /api/Chat/MarkRead/:counterpartId` (the member's total). */
export type UnreadCountResponse = Static<typeof S.UnreadCountResponse>;

export const CHAT_PAGE_MAX = 100;
export const CHAT_PAGE_DEFAULT = 50;
/** Window event the chat fires after marking a conversation read, so unread badges refresh at once. */
export const CHAT_UNREAD_CHANGE_EVENT = 'chatUnreadChange';

/**
 * How the site's sockets (the chat and the live notifications) reconnect after their connection closes, as it does
 * when the API process they were on drains for a restart: the first attempt after 300 ms ± 70 % (90–510 ms), so the
 * sockets of a stopping process do not all arrive on the others in the same instant, then doubling up to 5 s while
 * no process answers (socket.io-client's reconnectionDelay, reconnectionDelayMax and randomizationFactor).
 */
export const SOCKET_RECONNECTION = { reconnection: true, reconnectionDelay: 300, reconnectionDelayMax: 5_000, randomizationFactor: 0.7 } as const;
