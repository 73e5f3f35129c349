// Chat payloads and socket.io events, typed once for the gateway and the clients.

export interface ChatMessage {
  id: number;
  senderId: number;
  receiverId: number;
  text: string;
  /** ISO 8601 */
  timestamp: string;
  /** The sender's client-generated id, used to de-duplicate retries. */
  clientId: string | null;
}

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
  newMessage: (message: ChatMessage) => void;
  messageSent: (message: ChatMessage) => void;
  typing: (payload: { senderId: number }) => void;
}

export interface ClientToServerEvents {
  sendMessage: (payload: SendMessagePayload, ack: (result: SendMessageAck) => void) => void;
  typing: (payload: TypingPayload) => void;
}

export interface ConversationSummary {
  counterpart: { id: number; firstName: string; lastName: string; profImgUrl: string | null };
  lastMessage: ChatMessage;
  unreadCount: number;
}

export interface MessagePage {
  messages: ChatMessage[];
  /** Pass as `before` to fetch the next older page; null when there is none. */
  nextBefore: number | null;
}

export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** The public face of a chat counterpart: name and avatar only. */
export interface ChatCounterpart {
  id: number;
  firstName: string;
  lastName: string;
  profImgUrl: string | null;
}

/** `GET /api/Chat/UnreadCount` and the answer of `POST /api/Chat/MarkRead/:counterpartId` (the member's total). */
export interface UnreadCountResponse {
  count: number;
}

export const CHAT_PAGE_MAX = 100;
export const CHAT_PAGE_DEFAULT = 50;
/** Window event the chat fires after marking a conversation read, so unread badges refresh at once. */
export const CHAT_UNREAD_CHANGE_EVENT = 'chatUnreadChange';
