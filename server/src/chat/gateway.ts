import type { Server as HttpServer } from 'node:http';
import type { ChatMessage, ClientToServerEvents, SendMessageAck, SendMessagePayload, ServerToClientEvents } from '@sciexperts/shared/contracts';
import { CHAT_MESSAGE_MAX_LENGTH } from '@sciexperts/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Db } from '../db/connect';
import { bearerToken, type TokenService } from '../auth/tokens';
import { isSessionActive } from '../db/repo/sessions';
import { findUserById } from '../db/repo/users';
import { insertMessage } from '../db/repo/messages';

interface SocketData {
  userId: number;
  sessionId: string;
}

export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: number) => `user:${userId}`;

export interface ChatDeps {
  db: Db;
  tokens: TokenService;
  origins: string[];
  log: FastifyBaseLogger;
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

export function attachChatGateway(server: HttpServer, deps: ChatDeps): ChatServer {
  const { db, tokens, log } = deps;
  const io: ChatServer = new Server(server, {
    cors: { origin: deps.origins, credentials: false },
    maxHttpBufferSize: 64 * 1024,
    serveClient: false,
    // A short network drop resumes the same session (rooms and missed events) instead of starting over;
    // the auth middleware still runs again on recovery.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' ? (bearerToken(raw) ?? raw) : null;
    if (!token) return next(new Error('Authentication required.'));
    tokens
      .verify(token)
      .then((session) => {
        if (!session) return next(new Error('Your session has expired or is invalid. Please sign in again.'));
        const claimed = socket.handshake.query.userId;
        if (String(claimed) !== String(session.userId)) return next(new Error('userId does not match the signed-in member.'));
        socket.data.userId = session.userId;
        socket.data.sessionId = session.sessionId;
        next();
      })
      .catch(() => next(new Error('Authentication failed.')));
  });

  io.on('connection', (socket) => {
    const me = socket.data.userId;
    void socket.join(userRoom(me));

    socket.on('sendMessage', (payload, ack) => {
      const reply = (result: SendMessageAck) => {
        if (typeof ack === 'function') ack(result);
      };
      void (async () => {
        // Logout or a password reset must also stop an open socket from sending.
        if (!(await isSessionActive(db, socket.data.sessionId, me))) {
          reply({ ok: false, message: 'Your session has ended. Please sign in again.' });
          socket.disconnect(true);
          return;
        }
        const checked = checkSendMessage(me, payload);
        if (!checked.ok) return reply(checked);
        if (!(await findUserById(db, checked.receiverId))) return reply({ ok: false, message: 'The recipient does not exist.' });
        const { message, created } = await insertMessage(db, { senderId: me, receiverId: checked.receiverId, text: checked.text, clientId: checked.clientId });
        // Stored before the ack: an acknowledged message is never lost.
        reply({ ok: true, message });
        if (created) emitMessage(io, message);
      })().catch((err: unknown) => {
        log.error({ err }, 'sendMessage failed');
        reply({ ok: false, message: 'The message could not be sent. Please try again.' });
      });
    });

    socket.on('typing', (payload) => {
      const receiverId = (payload as { receiverId?: unknown } | null)?.receiverId;
      if (typeof receiverId === 'number' && Number.isSafeInteger(receiverId) && receiverId > 0 && receiverId !== me) {
        io.to(userRoom(receiverId)).emit('typing', { senderId: me });
      }
    });
  });

  return io;
}

export function emitMessage(io: ChatServer, message: ChatMessage): void {
  io.to(userRoom(message.senderId)).emit('messageSent', message);
  io.to(userRoom(message.receiverId)).emit('newMessage', message);
}
