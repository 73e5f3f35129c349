import { CHAT_MESSAGES, SOCKET_RECONNECTION, isUnreachable, type ChatEvent, type ChatMessage, type ClientToServerEvents, type SendMessageAck, type ServerToClientEvents } from '@sciexperts/shared';
import { announceUnreadChange, type ChatApi } from '@sciexperts/shared/member';
import { io, type Socket } from 'socket.io-client';
import { emptyConversation, isBetween, mergeMessages, type ChatStore, type OutgoingMessage } from './chatStore';

export const ACK_TIMEOUT_MS = 5_000;
/** Attempts the server actually received no answer to, before a message is shown as failed. */
export const MAX_SEND_ATTEMPTS = 5;
export const TYPING_THROTTLE_MS = 2_000;
export const TYPING_SHOWN_MS = 4_000;
export const PAGE_SIZE = 50;

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The REST calls the chat makes (the shared client, bound to an integrator's API and token when given). */
export type ChatClient = Pick<ChatApi, 'conversations' | 'messages' | 'markRead' | 'counterpart'>;

function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface ControllerOptions {
  socketUrl: string;
  token: string;
  /** The embedder's token as it is now (DirectMessageProps.getToken); each connection reads it, else `token`. */
  getToken?: () => string | undefined;
  userId: number;
  client: ChatClient;
  /** The embedding page's listener (exposes.ts ChatEvent). */
  onEvent?: (event: ChatEvent) => void;
}

function newClientId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Owns the socket of one mounted chat: sending with acknowledgement and retry, catching up after a reconnect,
 * paging history, typing. All state lives in the mount's store.
 */
export class ChatController {
  private socket: ChatSocket | null = null;
  private readonly inFlight = new Set<string>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTypingSent = 0;
  private stopped = false;
  /** Bumped on every conversation switch so late answers for the previous one are dropped. */
  private generation = 0;
  private markReadTimer: ReturnType<typeof setTimeout> | null = null;
  /** The token the socket's last handshake presented. */
  private socketToken: string | null = null;

  constructor(
    private readonly store: ChatStore,
    private readonly options: ControllerOptions,
  ) {}

  private get state() {
    return this.store.getState();
  }

  start(): void {
    this.stopped = false;
    const socket: ChatSocket = io(this.options.socketUrl, {
      transports: ['websocket'],
      // Read at each handshake: a reconnection presents the token as it is then (a renewed one).
      auth: (answer: (auth: { token: string }) => void) => {
        this.socketToken = this.currentToken();
        answer({ token: `Bearer ${this.socketToken}` });
      },
      query: { userId: String(this.options.userId) },
      // Own connection per mount: two chats on one page (or two members) never share a manager.
      forceNew: true,
      // A short first delay with jitter: a restarted process's sockets come back within a second, spread out.
      ...SOCKET_RECONNECTION,
    });
    this.socket = socket;
    socket.on('connect', this.onConnect);
    socket.on('disconnect', this.onDisconnect);
    socket.on('connect_error', this.onConnectError);
    socket.on('newMessage', this.onMessage);
    socket.on('messageSent', this.onMessage);
    socket.on('typing', this.onTyping);
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.markReadTimer) clearTimeout(this.markReadTimer);
    this.retryTimer = null;
    this.markReadTimer = null;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
    this.inFlight.clear();
  }

  // ---- connection ------------------------------------------------------------------------------

  private currentToken(): string {
    return this.options.getToken?.() ?? this.options.token;
  }

  /**
   * The server ends a socket when its token ends (decision 0050). An embedder renews the token a minute before, so
   * a socket closed or refused with a token older than the embedder's is opened again with the new one: the chat
   * goes on as after a dropped connection (it catches up), and only a token that has not changed ends the chat.
   */
  private reopenWithRenewedToken(): boolean {
    const socket = this.socket;
    if (!socket || this.stopped || !this.options.getToken || this.currentToken() === this.socketToken) return false;
    this.store.setState({ connection: 'offline' });
    socket.connect();
    return true;
  }

  private readonly onConnect = () => {
    this.store.setState({ connection: 'connected', connectionError: null });
    void this.catchUp();
    void this.refreshConversations();
    this.flush();
  };

  private readonly onDisconnect = (reason: string) => {
    this.inFlight.clear();
    // The server closing us (logout, password reset) is final; anything else reconnects with backoff.
    if (reason === 'io server disconnect') {
      if (this.reopenWithRenewedToken()) return;
      this.store.setState({ connection: 'refused', connectionError: 'The chat server closed the connection. Please sign in again.' });
      this.options.onEvent?.({ type: 'closed' });
    } else {
      this.store.setState({ connection: 'offline' });
    }
  };

  private readonly onConnectError = (err: Error) => {
    const socket = this.socket;
    // socket.active is false when the server refused the handshake (bad or expired token): no retry helps.
    if (socket && !socket.active) {
      if (this.reopenWithRenewedToken()) return;
      this.store.setState({ connection: 'refused', connectionError: err.message || 'The chat refused the connection.' });
      this.options.onEvent?.({ type: 'closed' });
    } else this.store.setState({ connection: 'offline' });
  };

  private readonly onOnline = () => {
    const socket = this.socket;
    if (!socket) return;
    if (!socket.connected) {
      // Skip whatever backoff delay is left: the network is back now (onConnect loads what failed).
      socket.disconnect();
      socket.connect();
    } else {
      this.flush();
      if (this.state.loadUnreachable) void this.catchUp();
    }
  };

  /** The Retry of a load that could not reach the server; it also runs by itself when the connection returns. */
  retryLoad(): void {
    void this.catchUp();
  }

  private readonly onOffline = () => {
    if (this.state.connection === 'connected') this.store.setState({ connection: 'offline' });
  };

  // ---- conversation ----------------------------------------------------------------------------

  /** Opens the conversation with a member (or none): resets the view and loads counterpart and history. */
  openConversation(counterpartId: number | null): void {
    this.generation += 1;
    this.store.setState(emptyConversation(counterpartId));
    if (this.socket?.connected) void this.catchUp();
  }

  /** First load of a conversation, or what was missed while disconnected. Runs on every connect. */
  private async catchUp(): Promise<void> {
    const { counterpartId, counterpart, messages } = this.state;
    if (counterpartId === null) return;
    const gen = this.generation;
    const { client } = this.options;
    if (this.state.loadUnreachable) this.store.setState({ loadUnreachable: false });
    if (!counterpart) {
      client.counterpart(counterpartId).then(
        (found) => {
          if (gen === this.generation) this.store.setState({ counterpart: found, counterpartError: null });
        },
        (error: unknown) => {
          if (gen !== this.generation) return;
          // 404 only: a request that never reached the server is not a missing member.
          this.store.setState({
            counterpartError: errorStatus(error) === 404 ? CHAT_MESSAGES.userNotFound : errorMessage(error, CHAT_MESSAGES.counterpartLoadFailed),
            ...(isUnreachable(error) ? { loadUnreachable: true } : {}),
          });
        },
      );
    }
    try {
      if (messages.length === 0) {
        this.store.setState({ historyStatus: 'loading', historyError: null });
        const page = await client.messages(counterpartId, { limit: PAGE_SIZE });
        if (gen !== this.generation) return;
        this.store.setState((s) => ({ messages: mergeMessages(s.messages, page.messages), nextBefore: page.nextBefore, historyStatus: 'ready' }));
      } else {
        // Everything after the newest message we hold, page by page.
        for (;;) {
          const last = this.state.messages.at(-1)?.id ?? 0;
          const page = await client.messages(counterpartId, { after: last, limit: 100 });
          if (gen !== this.generation) return;
          this.store.setState((s) => ({ messages: mergeMessages(s.messages, page.messages), historyStatus: 'ready' }));
          if (page.messages.length < 100) break;
        }
      }
      this.scheduleMarkRead();
    } catch (error) {
      if (gen !== this.generation) return;
      const status = errorStatus(error);
      this.store.setState({
        historyStatus: 'error',
        historyError: status === 404 ? CHAT_MESSAGES.userNotFound : errorMessage(error, CHAT_MESSAGES.messagesLoadFailed),
        ...(isUnreachable(error) ? { loadUnreachable: true } : {}),
      });
    }
  }

  async loadOlder(): Promise<void> {
    const { counterpartId, nextBefore, loadingOlder } = this.state;
    if (counterpartId === null || nextBefore === null || loadingOlder) return;
    const gen = this.generation;
    this.store.setState({ loadingOlder: true });
    try {
      const page = await this.options.client.messages(counterpartId, { before: nextBefore, limit: PAGE_SIZE });
      if (gen !== this.generation) return;
      this.store.setState((s) => ({ messages: mergeMessages(s.messages, page.messages), nextBefore: page.nextBefore, loadingOlder: false }));
    } catch (error) {
      if (gen !== this.generation) return;
      this.store.setState({ loadingOlder: false, historyError: errorMessage(error, 'Could not load older messages.') });
    }
  }

  async refreshConversations(): Promise<void> {
    try {
      const conversations = await this.options.client.conversations();
      if (!this.stopped) this.store.setState({ conversations });
    } catch {
      // The list is a convenience; the open conversation keeps working without it.
    }
  }

  private scheduleMarkRead(): void {
    if (this.markReadTimer) return;
    this.markReadTimer = setTimeout(() => {
      this.markReadTimer = null;
      const id = this.state.counterpartId;
      if (id === null || this.stopped) return;
      this.options.client.markRead(id).then(
        () => {
          this.store.setState((s) => ({ conversations: s.conversations.map((c) => (c.counterpart.id === id ? { ...c, unreadCount: 0 } : c)) }));
          announceUnreadChange();
        },
        () => undefined,
      );
    }, 300);
  }

  // ---- incoming --------------------------------------------------------------------------------

  private readonly onMessage = (message: ChatMessage) => {
    const { me, counterpartId } = this.state;
    this.store.setState((s) => {
      const outbox = message.senderId === me && message.clientId ? s.outbox.filter((o) => o.clientId !== message.clientId) : s.outbox;
      const open = counterpartId !== null && isBetween(message, me, counterpartId);
      return {
        outbox,
        messages: open ? mergeMessages(s.messages, [message]) : s.messages,
        typingUntil: open && message.senderId === counterpartId ? 0 : s.typingUntil,
      };
    });
    this.noteInConversations(message);
    if (counterpartId !== null && message.senderId === counterpartId) this.scheduleMarkRead();
    if (message.senderId !== me) this.options.onEvent?.({ type: 'message', counterpartId: message.senderId, senderId: message.senderId, at: message.timestamp, text: message.text });
  };

  /** Keeps the conversation list current without a round trip when the counterpart is already listed. */
  private noteInConversations(message: ChatMessage): void {
    const { me, counterpartId, conversations } = this.state;
    const other = message.senderId === me ? message.receiverId : message.senderId;
    const existing = conversations.find((c) => c.counterpart.id === other);
    if (!existing) {
      void this.refreshConversations();
      return;
    }
    if (existing.lastMessage.id >= message.id) return;
    const unread = message.senderId === other && other !== counterpartId ? existing.unreadCount + 1 : existing.unreadCount;
    this.store.setState({
      conversations: [{ ...existing, lastMessage: message, unreadCount: unread }, ...conversations.filter((c) => c !== existing)],
    });
  }

  private readonly onTyping = ({ senderId }: { senderId: number }) => {
    if (senderId === this.state.counterpartId) this.store.setState({ typingUntil: Date.now() + TYPING_SHOWN_MS });
  };

  // ---- outgoing --------------------------------------------------------------------------------

  /** Queues a message; false when it is blank after trimming or no conversation is open. */
  send(raw: string): boolean {
    const text = raw.trim();
    const { counterpartId } = this.state;
    if (!text || counterpartId === null) return false;
    const entry: OutgoingMessage = { clientId: newClientId(), receiverId: counterpartId, text, timestamp: new Date().toISOString(), attempts: 0, status: 'pending', error: null };
    this.store.setState((s) => ({ outbox: [...s.outbox, entry] }));
    this.lastTypingSent = 0;
    this.flush();
    return true;
  }

  retry(clientId: string): void {
    this.store.setState((s) => ({ outbox: s.outbox.map((o) => (o.clientId === clientId ? { ...o, status: 'pending', attempts: 0, error: null } : o)) }));
    const socket = this.socket;
    if (socket && !socket.connected && !socket.active) socket.connect();
    this.flush();
  }

  typing(): void {
    const { counterpartId } = this.state;
    const socket = this.socket;
    if (counterpartId === null || !socket?.connected) return;
    const now = Date.now();
    if (now - this.lastTypingSent < TYPING_THROTTLE_MS) return;
    this.lastTypingSent = now;
    socket.emit('typing', { receiverId: counterpartId });
  }

  private update(clientId: string, patch: Partial<OutgoingMessage>): void {
    this.store.setState((s) => ({ outbox: s.outbox.map((o) => (o.clientId === clientId ? { ...o, ...patch } : o)) }));
  }

  private scheduleFlush(attempts: number): void {
    if (this.retryTimer || this.stopped) return;
    const delay = Math.min(500 * 2 ** attempts, 8_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.flush();
    }, delay);
  }

  /** Emits every pending message not already waiting for its acknowledgement; only while connected. */
  private flush(): void {
    const socket = this.socket;
    if (!socket?.connected || this.stopped) return;
    for (const entry of this.state.outbox) {
      if (entry.status !== 'pending' || this.inFlight.has(entry.clientId)) continue;
      this.inFlight.add(entry.clientId);
      const payload = { senderId: this.state.me, receiverId: entry.receiverId, text: entry.text, clientId: entry.clientId };
      socket.timeout(ACK_TIMEOUT_MS).emit('sendMessage', payload, (err: Error | null, ack?: SendMessageAck) => {
        if (this.socket !== socket) return;
        this.inFlight.delete(entry.clientId);
        const current = this.state.outbox.find((o) => o.clientId === entry.clientId);
        if (!current) return; // already delivered through messageSent
        if (!err && ack?.ok) {
          this.onMessage(ack.message);
          return;
        }
        if (!err && ack && !ack.ok && !/try again/i.test(ack.message)) {
          // Refused by the server (too long, unknown member…): retrying cannot help.
          this.update(entry.clientId, { status: 'failed', error: ack.message });
          return;
        }
        // No answer while connected counts as an attempt; a dropped connection does not (it resends on connect).
        const attempts = socket.connected ? current.attempts + 1 : current.attempts;
        if (attempts >= MAX_SEND_ATTEMPTS) this.update(entry.clientId, { attempts, status: 'failed', error: 'Not delivered.' });
        else {
          this.update(entry.clientId, { attempts });
          this.scheduleFlush(attempts);
        }
      });
    }
  }
}
