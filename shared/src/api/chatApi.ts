import type { ChatCounterpart, ConversationSummary, MessagePage, UnreadCountResponse } from '../contracts/chat';
import { request } from './http';

export interface MessagePageQuery {
  /** An older page: messages before this id. */
  before?: number;
  /** What was missed: messages after this id, oldest first. */
  after?: number;
  /** 1…100 */
  limit?: number;
}

function query(q: MessagePageQuery): string {
  const params = new URLSearchParams();
  if (q.before !== undefined) params.set('before', String(q.before));
  if (q.after !== undefined) params.set('after', String(q.after));
  if (q.limit !== undefined) params.set('limit', String(q.limit));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const chatApi = {
  conversations: () => request<ConversationSummary[]>('get', '/api/Chat/Conversations', { fallbackError: 'Could not load your conversations.' }),
  messages: (counterpartId: number, q: MessagePageQuery = {}) =>
    request<MessagePage>('get', `/api/Chat/Messages/${counterpartId}${query(q)}`, { fallbackError: 'Could not load the messages.' }),
  markRead: (counterpartId: number) => request<UnreadCountResponse>('post', `/api/Chat/MarkRead/${counterpartId}`, { fallbackError: 'Could not mark the conversation read.' }),
  unreadCount: () => request<UnreadCountResponse>('get', '/api/Chat/UnreadCount', { fallbackError: 'Could not load the unread count.' }),
  counterpart: (id: number) => request<ChatCounterpart>('get', `/api/Chat/Counterpart/${id}`, { fallbackError: 'User not found' }),
};
