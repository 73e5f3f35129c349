import { chatApi, getRuntimeConfig, type ChatCounterpart, type ConversationSummary, type MessagePage, type MessagePageQuery } from '@sciexperts/shared';

export type ChatClient = Pick<typeof chatApi, 'conversations' | 'messages' | 'markRead' | 'counterpart'>;

export class ChatHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Inside the product the shared client is used (its 401 handling signs the member out everywhere).
 * An integrator passing its own API address or token gets a plain fetch client bound to those.
 */
export function createChatClient(overrides: { apiBaseUrl?: string; token?: string }): ChatClient {
  if (overrides.apiBaseUrl === undefined && overrides.token === undefined) return chatApi;
  const base = () => (overrides.apiBaseUrl ?? getRuntimeConfig().apiBaseUrl).replace(/\/$/, '');
  const call = async <T>(method: 'GET' | 'POST', path: string, fallback: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(base() + path, { method, headers: overrides.token ? { Authorization: `Bearer ${overrides.token}` } : {} });
    } catch {
      throw new ChatHttpError(fallback, 0);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const message = (body as { message?: unknown } | null)?.message;
      throw new ChatHttpError(typeof message === 'string' && message ? message : fallback, response.status);
    }
    return body as T;
  };
  const query = (q: MessagePageQuery) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  return {
    conversations: () => call<ConversationSummary[]>('GET', '/api/Chat/Conversations', 'Could not load your conversations.'),
    messages: (id: number, q: MessagePageQuery = {}) => call<MessagePage>('GET', `/api/Chat/Messages/${id}${query(q)}`, 'Could not load the messages.'),
    markRead: (id: number) => call<{ count: number }>('POST', `/api/Chat/MarkRead/${id}`, 'Could not mark the conversation read.'),
    counterpart: (id: number) => call<ChatCounterpart>('GET', `/api/Chat/Counterpart/${id}`, 'User not found'),
  };
}

export function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
