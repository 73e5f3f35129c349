import {
  API_PATHS,
  pathTo,
  CHAT_MESSAGES,
  request,
  type ChatCounterpart,
  type ConversationSummary,
  type MessagePage,
  type UnreadCountResponse,
} from '@sciexperts/shared';

export interface MessagePageQuery {
  /** An older page: messages before this id. */
  before?: number;
  /** What was missed: messages after this id, oldest first. */
  after?: number;
  /** 1…100 */
  limit?: number;
}

/** Where the chat calls go: the product's API and token by default, or an integrator's own (the embeddable chat). */
export interface ChatApiTarget {
  apiBaseUrl?: string;
  token?: string;
  /** The token as it is now, read at each call (a renewed token is used by the next call); before `token`. */
  getToken?: () => string | undefined;
}

/**
 * The chat's REST calls. A failure is an ApiError: status 404 means the member does not exist, status 0 that the
 * server was not reached (never reported as a missing member; the chat retries when the connection returns).
 */
export function createChatApi(target: ChatApiTarget = {}) {
  const options = (fallbackError: string) => {
    const token = target.getToken?.() ?? target.token;
    return { fallbackError, apiBaseUrl: target.apiBaseUrl, headers: token ? { Authorization: `Bearer ${token}` } : undefined };
  };
  return {
    conversations: () => request<ConversationSummary[]>('get', API_PATHS.chatConversations, options(CHAT_MESSAGES.conversationsLoadFailed)),
    messages: (counterpartId: number, q: MessagePageQuery = {}) =>
      request<MessagePage>('get', pathTo(API_PATHS.chatMessages, { counterpartId }, { before: q.before, after: q.after, limit: q.limit }), options(CHAT_MESSAGES.messagesLoadFailed)),
    markRead: (counterpartId: number) => request<UnreadCountResponse>('post', pathTo(API_PATHS.chatMarkRead, { counterpartId }), options(CHAT_MESSAGES.markReadFailed)),
    unreadCount: () => request<UnreadCountResponse>('get', API_PATHS.chatUnreadCount, options(CHAT_MESSAGES.unreadLoadFailed)),
    counterpart: (id: number) => request<ChatCounterpart>('get', pathTo(API_PATHS.chatCounterpart, { id }), options(CHAT_MESSAGES.counterpartLoadFailed)),
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;

export const chatApi: ChatApi = createChatApi();
