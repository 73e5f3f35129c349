import type { ChatCounterpart, ChatMessage, ConversationSummary } from '@sciexperts/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** A message typed here that the server has not acknowledged yet (or refused). */
export interface OutgoingMessage {
  clientId: string;
  receiverId: number;
  text: string;
  timestamp: string;
  attempts: number;
  status: 'pending' | 'failed';
  error: string | null;
}

export type ConnectionStatus = 'connecting' | 'connected' | 'offline' | 'refused';

export interface ChatState {
  me: number;
  counterpartId: number | null;
  counterpart: ChatCounterpart | null;
  counterpartError: string | null;
  /** The open conversation, stored messages only, ascending by id. */
  messages: ChatMessage[];
  /** Pass as `before` to load the next older page; null when the start is reached. */
  nextBefore: number | null;
  historyStatus: 'idle' | 'loading' | 'ready' | 'error';
  historyError: string | null;
  /** The counterpart or history load could not reach the server: Retry is offered, and it reloads by itself on reconnect. */
  loadUnreachable: boolean;
  loadingOlder: boolean;
  /** Every unacknowledged message of this mount, whatever conversation it belongs to. */
  outbox: OutgoingMessage[];
  conversations: ConversationSummary[];
  connection: ConnectionStatus;
  connectionError: string | null;
  /** The counterpart is shown as typing until this time (ms since epoch). */
  typingUntil: number;
}

export type ChatStore = StoreApi<ChatState>;

/** What a freshly opened conversation shows before its counterpart and history load. */
export function emptyConversation(counterpartId: number | null) {
  return {
    counterpartId,
    counterpart: null,
    counterpartError: null,
    messages: [],
    nextBefore: null,
    historyStatus: 'idle',
    historyError: null,
    loadUnreachable: false,
    loadingOlder: false,
    typingUntil: 0,
  } satisfies Partial<ChatState>;
}

/** One store per mounted chat: two chats on one page never share state. */
export function createChatStore(me: number, counterpartId: number | null): ChatStore {
  return createStore<ChatState>(() => ({
    me,
    ...emptyConversation(counterpartId),
    outbox: [],
    conversations: [],
    connection: 'connecting',
    connectionError: null,
  }));
}

/** Adds messages by id, never twice, keeping ascending id order. */
export function mergeMessages(existing: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing;
  const byId = new Map(existing.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    if (!byId.has(m.id)) {
      byId.set(m.id, m);
      changed = true;
    }
  }
  if (!changed) return existing;
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function isBetween(m: ChatMessage, a: number, b: number): boolean {
  return (m.senderId === a && m.receiverId === b) || (m.senderId === b && m.receiverId === a);
}
