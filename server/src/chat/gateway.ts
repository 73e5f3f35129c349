import type { Server as HttpServer } from 'node:http';
import type { ChatMessage, ClientToServerEvents, Notification, SendMessageAck, SendMessagePayload, ServerToClientEvents } from '@sciexperts/shared/contracts';
import { CHAT_MESSAGE_MAX_LENGTH } from '@sciexperts/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { Server } from 'socket.io';
import { POSTGRES_POOL_SIZE, type Db } from '../db/connect';
import { bearerToken, type TokenService, type VerifiedSession } from '../auth/tokens';
import { activeSessionIds } from '../modules/account/repository';
import { isForeignKeyViolation } from '../db/errors';
import { BLOCK_MESSAGES } from '@sciexperts/shared/contracts';
import { ClientIdConflict, MessageBlocked, NewConversationsLimited, SessionEnded, type NewPairCap } from '../modules/chat/repository';
import { CHAT_LIMITS, NEW_CONVERSATIONS_LIMITED_MESSAGE, RATE_LIMITED_MESSAGE, memberLimiter } from './limits';
import { memoryLimiters, type LimiterStore } from '../redis/limiters';
import { BoundedSet } from './boundedSet';

type SocketData = VerifiedSession;

/** Between API processes (through the Redis adapter): a block between two members was made or lifted. */
interface InterServerEvents {
  blockChanged: (a: number, b: number) => void;
}

export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (userId: number) => `user:${userId}`;
/**
 * The sockets a partner app's token opened for a member: they get the member's messages and typing, never the rest
 * of what goes to userRoom (notifications of money, projects, calls), since such a token opens the chat only.
 */
export const chatRoom = (userId: number) => `chat:${userId}`;
/** Where a member's messages and typing go: their own sockets and their partner apps' chat sockets. */
export const memberChatRooms = (userId: number) => [userRoom(userId), chatRoom(userId)];
/** Every socket of one session: logout ends exactly these, in every process (the adapter relays disconnectSockets). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const NO_SUCH_RECIPIENT_MESSAGE = 'The recipient does not exist.';
/** Safety net for sessions ended without TokenService (rows deleted directly, another process without Redis). */
const SESSION_SWEEP_MS = 60_000;
const HOUR_MS = 3600_000;
/**
 * How long a process trusts what it learned of a pair's block for relaying typing. A change is announced to every
 * process (blockChanged); this bounds the hint's staleness where no announcement can arrive (several processes
 * without Redis). Messages never rely on it: their insert checks the block itself.
 */
const TYPING_BLOCK_TTL_MS = 60_000;
const TYPING_BLOCK_PAIRS = 50_000;
/** setTimeout fires at once beyond this (about 24.8 days); longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ChatDeps {
  db: Db;
  tokens: TokenService;
  /** Where the per-member message and typing limits count (Redis with several processes); this process by default. */
  limiters?: LimiterStore;
  /** The site's own origins (CORS_ORIGINS): allowed to open a socket with any token. */
  origins: string[];
  /**
   * Partner apps (docs/decisions/0050-partner-apps-and-scoped-tokens.md): whether an active partner registered this
   * origin (any partner: the handshake's CORS), and this partner this origin (a partner's token from its own pages only).
   */
  partners?: { isPartnerOrigin(origin: string): Promise<boolean>; partnerHasOrigin(partnerId: number, origin: string): Promise<boolean> };
  log: FastifyBaseLogger;
  /** How often this process re-checks the sessions of its open sockets in one query. */
  sessionSweepMs?: number;
  /**
   * Stores a message and tells its receiver in one go (the app's is messageStore: one statement on PostgreSQL, one
   * transaction of prepared statements on SQLite; decision 0025). It checks the sender's session `sessionId` itself
   * (SessionEnded), so a message needs no session read before it. `cap` is given for a pair this process has not seen
   * converse: the store then also holds the sender to the hourly cap on new conversations (NewConversationsLimited),
   * with no query of its own before it. `notification` is the receiver's notification the store wrote or refreshed,
   * pushed with the message; `told` runs once the message is stored. Throws ClientIdConflict, MessageBlocked, and a
   * foreign-key violation for an unknown recipient.
   */
  storeMessage: (
    m: { senderId: number; receiverId: number; text: string; clientId: string | null },
    sessionId: string,
    cap: NewPairCap | null,
  ) => Promise<{ message: ChatMessage; created: true; notification?: Notification | null; told?: () => void } | { message: ChatMessage; created: false }>;
  /** How many messages this process stores at once (below); the rest wait their turn in arrival order. */
  storingAtOnce?: number;
  /** How many conversed pairs this process remembers (see BoundedSet). */
  conversedPairsLimit?: number;
}

type Checked = { ok: true; receiverId: number; text: string; clientId: string | null } | { ok: false; message: string };

/** The sender is the token's member; a payload naming someone else is refused rather than trusted. */
export function checkSendMessage(me: number, payload: unknown): Checked {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { ok: false, message: 'Invalid message payload.' };
  const p = payload as Partial<Record<keyof SendMessagePayload, unknown>>;
  if (p.senderId !== undefined && p.senderId !== me) return { ok: false, message: 'You can only send messages as yourself.' };
  if (typeof p.receiverId !== 'number' || !Number.isSafeInteger(p.receiverId) || p.receiverId <= 0) return { ok: false, message: 'receiverId must be a positive integer.' };
  if (p.receiverId === me) return { ok: false, message: 'You cannot send a message to yourself.' };
  if (typeof p.text !== 'string') return { ok: false, message: 'text must be a string.' };
  const text = p.text.trim();
  if (!text) return { ok: false, message: 'Messages cannot be empty.' };
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) return { ok: false, message: `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.` };
  if (p.clientId !== undefined && p.clientId !== null && (typeof p.clientId !== 'string' || p.clientId.length === 0 || p.clientId.length > 100)) {
    return { ok: false, message: 'clientId must be a string of at most 100 characters.' };
  }
  return { ok: true, receiverId: p.receiverId, text, clientId: typeof p.clientId === 'string' ? p.clientId : null };
}

/** Runs fn at the wall-clock time whenMs, in steps when that is further away than one timer can wait. */
function at(whenMs: number, fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const delay = whenMs - Date.now();
    if (delay <= 0) return fn();
    timer = setTimeout(arm, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

/*
 * Delivery and sessions. socket.io has no hook on outgoing packets, so a socket must not exist once its session
 * has ended: it is disconnected (1) at revocation, through TokenService.onRevoked and the session/user rooms, in
 * every process; (2) at its token's expiry, by a timer; (3) by a periodic sweep for sessions ended any other way;
 * (4) before each incoming event, which re-checks the session (the cache is evicted at revocation). A socket that
 * still exists therefore belongs to a live session, and only such sockets are in the rooms messages go to.
 */
export function attachChatGateway(server: HttpServer, deps: ChatDeps): ChatServer {
  const { db, tokens, log } = deps;
  const firstParty = new Set(deps.origins);
  /** A browser's page may open a socket from the site's origins or a registered partner's; a non-browser client sends no Origin. */
  const originAllowed = async (origin: string | undefined): Promise<boolean> =>
    origin === undefined || firstParty.has(origin) || ((await deps.partners?.isPartnerOrigin(origin)) ?? false);
  const io: ChatServer = new Server(server, {
    cors: {
      origin: (origin, callback) => {
        originAllowed(origin).then(
          (ok) => callback(null, ok ? origin ?? true : false),
          () => callback(null, false),
        );
      },
      credentials: false,
    },
    // CORS only binds a browser's polling requests; the WebSocket upgrade is checked here, by the same rule.
    allowRequest: (request, callback) => {
      originAllowed(request.headers.origin).then(
        (ok) => callback(ok ? null : 'This origin may not open the chat.', ok),
        () => callback('This origin may not open the chat.', false),
      );
    },
    maxHttpBufferSize: 64 * 1024,
    serveClient: false,
    // No connectionStateRecovery: its replay buffer kept every broadcast (messages, notifications, typing) for two
    // minutes in each process's memory (about 120,000 packets at 500 messages a second) and tagged each with an
    // offset. Our clients catch up over HTTP on every (re)connect whatever socket.io restores: the chat reloads the
    // open conversation and the list, the bell its count and list (decision 0025).
  });
  const limiters = deps.limiters ?? memoryLimiters();
  const messageBudget = memberLimiter(limiters, 'messages', CHAT_LIMITS.messages);
  const typingBudget = memberLimiter(limiters, 'typing', CHAT_LIMITS.typing);
  // What a message's checks learned once and need not ask the database again (decision 0025).
  const conversedPairs = new BoundedSet<string>(deps.conversedPairsLimit);
  // Storing a message holds a database connection for its transaction's few statements. Letting more messages in
  // than there are connections only interleaves their statements on the event loop, so each transaction waits behind
  // the others' and holds its connection longer: at 500 new conversations a second on PostgreSQL that feedback made
  // p50 270 ms, and admitting as many as the pool has connections made it 20 ms (decision 0025).
  const storing = pLimit(deps.storingAtOnce ?? POSTGRES_POOL_SIZE);
  drainers.set(io, async () => {
    // Closing: messages still waiting their turn are dropped unacknowledged (their clients send them again, once, by
    // clientId, to the process they reconnect to); those being stored finish before the database closes.
    storing.clearQueue();
    while (storing.activeCount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

  // Typing is relayed without a database query per event: whether a pair is blocked is asked once and remembered.
  // A change forgets the pair here and, through the adapter, in every other process; `generation` keeps an answer
  // read before a change from being remembered after it.
  const typingBlocked = new Map<string, { blocked: boolean; until: number }>();
  let generation = 0;
  const forgetPair = (a: number, b: number) => {
    generation++;
    typingBlocked.delete(pairKey(a, b));
  };
  blockListeners.set(io, forgetPair);
  io.on('blockChanged', (a, b) => {
    if (Number.isSafeInteger(a) && Number.isSafeInteger(b)) forgetPair(a, b);
  });
  // A burst of typing from one member asks once: the others wait for that answer, and are relayed in their order.
  const askingTyping = new Map<string, Promise<boolean>>();
  const isTypingBlocked = (a: number, b: number): Promise<boolean> => {
    const key = pairKey(a, b);
    const known = typingBlocked.get(key);
    if (known && known.until > Date.now()) return Promise.resolve(known.blocked);
    const asking = askingTyping.get(key);
    if (asking) return asking;
    const ask = askTypingBlocked(a, b, key).finally(() => askingTyping.delete(key));
    askingTyping.set(key, ask);
    return ask;
  };
  const askTypingBlocked = async (a: number, b: number, key: string): Promise<boolean> => {
    const asked = generation;
    const blocked = (await db.kysely
      .selectFrom('memberBlocks')
      .select('blockerId')
      .where((eb) => eb.or([eb.and([eb('blockerId', '=', a), eb('blockedId', '=', b)]), eb.and([eb('blockerId', '=', b), eb('blockedId', '=', a)])]))
      .executeTakeFirst()) !== undefined;
    if (asked === generation) {
      if (typingBlocked.size >= TYPING_BLOCK_PAIRS) typingBlocked.clear();
      typingBlocked.set(key, { blocked, until: Date.now() + TYPING_BLOCK_TTL_MS });
    }
    return blocked;
  };

  const unsubscribe = tokens.onRevoked((revocation) => {
    const room =
      'sessionId' in revocation ? sessionRoom(revocation.sessionId) : 'sessionIds' in revocation ? revocation.sessionIds.map(sessionRoom) : memberChatRooms(revocation.userId);
    io.in(room).disconnectSockets(true);
  });

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    const sockets = [...io.of('/').sockets.values()];
    activeSessionIds(db, [...new Set(sockets.map((s) => s.data.sessionId))])
      .then((active) => {
        for (const s of sockets) if (!active.has(s.data.sessionId)) s.disconnect(true);
      })
      .catch((err: unknown) => log.error({ err }, 'chat session sweep failed'))
      .finally(() => (sweeping = false));
  }, deps.sessionSweepMs ?? SESSION_SWEEP_MS);
  sweep.unref();
  server.once('close', () => {
    clearInterval(sweep);
    unsubscribe();
  });

  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' ? (bearerToken(raw) ?? raw) : null;
    if (!token) return next(new Error('Authentication required.'));
    tokens
      .verifySession(token)
      .then((session) => {
        if (!session) return next(new Error('Your session has expired or is invalid. Please sign in again.'));
        const claimed = socket.handshake.query.userId;
        if (String(claimed) !== String(session.userId)) return next(new Error('userId does not match the signed-in member.'));
        socket.data = session;
        // A partner's token opens a socket from that partner's own pages only (or from no browser at all).
        const origin = socket.handshake.headers.origin;
        if (session.partnerId === undefined || origin === undefined) return next();
        return (deps.partners?.partnerHasOrigin(session.partnerId, origin) ?? Promise.resolve(false)).then((ok) =>
          next(ok ? undefined : new Error('This token may not open the chat from this origin.')),
        );
      })
      .catch(() => next(new Error('Authentication failed.')));
  });

  io.on('connection', (socket) => {
    const { userId: me, sessionId, expiresAtMs } = socket.data;
    // A recovered socket gets its old rooms back; the room of an earlier session must not follow it.
    for (const room of socket.rooms) if (room.startsWith('session:') && room !== sessionRoom(sessionId)) void socket.leave(room);
    void socket.join([socket.data.partnerId === undefined ? userRoom(me) : chatRoom(me), sessionRoom(sessionId)]);
    const cancelExpiry = at(expiresAtMs, () => socket.disconnect(true));
    socket.on('disconnect', cancelExpiry);

    // Limits first (no database work for a loop), then the session, before any handler sees the event.
    socket.use((packet, next) => {
      const [event, ...args] = packet;
      const last: unknown = args.at(-1);
      const ack = event === 'sendMessage' && typeof last === 'function' ? (last as (result: SendMessageAck) => void) : null;
      if (event !== 'sendMessage' && event !== 'typing') return; // no handler would take it
      const budget = event === 'sendMessage' ? messageBudget : typingBudget;
      budget.take(me).then(
        (allowed) => {
          // Typing over the limit is dropped silently: it is only a hint.
          if (!allowed) return ack?.({ ok: false, message: RATE_LIMITED_MESSAGE });
          checkSession();
        },
        () => checkSession(),
      );
      const end = () => {
        ack?.({ ok: false, message: SESSION_ENDED_MESSAGE });
        socket.disconnect(true);
      };
      function checkSession() {
        if (Date.now() >= socket.data.expiresAtMs) return end();
        // A message's store reads the session row itself: it needs no read of its own first (decision 0025).
        if (event === 'sendMessage') {
          tokens.noteUsed(socket.data);
          return next();
        }
        tokens.isActive(socket.data).then(
          (active) => (active ? next() : end()),
          (err: unknown) => {
            log.error({ err }, 'chat session check failed');
            ack?.({ ok: false, message: 'The message could not be sent. Please try again.' });
          },
        );
      }
    });

    socket.on('sendMessage', (payload, ack) => {
      const reply = (result: SendMessageAck) => {
        if (typeof ack === 'function') ack(result);
      };
      void storing(async () => {
        const checked = checkSendMessage(me, payload);
        if (!checked.ok) return reply(checked);
        const { receiverId, text, clientId } = checked;
        // Messages are never deleted, so two members who have conversed always have: only a pair this process has
        // not seen together is asked about (one query), and only a new pair is counted against the hourly cap. An
        // exact retry is never a new conversation: its first copy is already between the two. Whether the recipient
        // exists is the messages table's foreign key's to say, at the insert.
        const pair = pairKey(me, receiverId);
        const known = conversedPairs.has(pair);
        const m = { senderId: me, receiverId, text, clientId };
        let stored: Awaited<ReturnType<ChatDeps['storeMessage']>>;
        try {
          stored = await deps.storeMessage(m, sessionId, known ? null : { since: new Date(Date.now() - HOUR_MS), limit: CHAT_LIMITS.newConversationsPerHour });
        } catch (err) {
          if (err instanceof SessionEnded) {
            reply({ ok: false, message: SESSION_ENDED_MESSAGE });
            socket.disconnect(true);
            return;
          }
          if (err instanceof NewConversationsLimited) return reply({ ok: false, message: NEW_CONVERSATIONS_LIMITED_MESSAGE });
          if (err instanceof ClientIdConflict) return reply({ ok: false, message: err.message });
          if (isForeignKeyViolation(err)) return reply({ ok: false, message: NO_SUCH_RECIPIENT_MESSAGE });
          if (err instanceof MessageBlocked) return reply({ ok: false, message: err.by === 'bySender' ? BLOCK_MESSAGES.youBlocked : BLOCK_MESSAGES.notAccepting });
          throw err;
        }
        conversedPairs.add(pair);
        // Stored before the ack: an acknowledged message is never lost.
        reply({ ok: true, message: stored.message });
        if (stored.created) {
          emitMessage(io, stored.message, { from: socket.id, notification: stored.notification ?? null });
          stored.told?.();
        }
      }).catch((err: unknown) => {
        log.error({ err }, 'sendMessage failed');
        reply({ ok: false, message: 'The message could not be sent. Please try again.' });
      });
    });

    socket.on('typing', (payload) => {
      const receiverId = (payload as { receiverId?: unknown } | null)?.receiverId;
      if (typeof receiverId === 'number' && Number.isSafeInteger(receiverId) && receiverId > 0 && receiverId !== me) {
        isTypingBlocked(me, receiverId).then(
          (blocked) => {
            if (!blocked) io.to(memberChatRooms(receiverId)).emit('typing', { senderId: me });
          },
          (err: unknown) => log.error({ err }, 'typing block check failed'),
        );
      }
    });
  });

  return io;
}

const drainers = new WeakMap<ChatServer, () => Promise<void>>();
const blockListeners = new WeakMap<ChatServer, (a: number, b: number) => void>();

/**
 * A block between a and b was made or lifted: this process and (with the Redis adapter) every other one forget what
 * they remembered of the pair. Messages need nothing: their insert reads the block table itself.
 */
export function blockChanged(io: ChatServer, a: number, b: number): void {
  blockListeners.get(io)?.(a, b);
  // The in-memory adapter (one process) has no other process to tell.
  if (clustered.has(io)) io.serverSideEmit('blockChanged', a, b);
}

const clustered = new WeakSet<ChatServer>();
/** The gateway now shares events with other processes (the Redis adapter): block changes are announced to them. */
export function markClustered(io: ChatServer): void {
  clustered.add(io);
}

/** Stops taking messages and waits for those being stored; the app calls it as it closes, before the database. */
export async function drainChatGateway(io: ChatServer): Promise<void> {
  await drainers.get(io)?.();
}

/**
 * Delivers a stored message: `messageSent` to the sender's other sockets (`from`, the socket that sent it, has it in
 * its ack) and `newMessage` to the receiver's. The receiver's notification of it (`notification`) rides in the same
 * frame, as newMessage's second argument, to the member's own sockets (a partner app's chat socket gets no
 * notifications). Every frame is a socket write of its own; the frames' writes were a quarter of the server's busy
 * CPU at the bench's load, and four frames a message became two where each member has one socket (decision 0025,
 * round three).
 */
export function emitMessage(io: ChatServer, message: ChatMessage, options: { from?: string; notification?: Notification | null } = {}): void {
  const sender = io.to(memberChatRooms(message.senderId));
  (options.from === undefined ? sender : sender.except(options.from)).emit('messageSent', message);
  if (options.notification) {
    io.to(userRoom(message.receiverId)).emit('newMessage', message, options.notification);
    io.to(chatRoom(message.receiverId)).emit('newMessage', message);
  } else {
    io.to(memberChatRooms(message.receiverId)).emit('newMessage', message);
  }
}
