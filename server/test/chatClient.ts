import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@sciexperts/shared/contracts';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Socket helpers for the chat tests; every socket opened is remembered so afterEach can close it. */
export function chatClients(base: () => string) {
  const open: Client[] = [];
  const socket = (m: { token: string; id: number }, url = base()): Client => {
    const s: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${m.token}` }, query: { userId: String(m.id) } });
    open.push(s);
    return s;
  };
  const closeAll = () => {
    for (const s of open.splice(0)) s.disconnect();
  };
  return { socket, closeAll };
}

export const connected = (s: Client) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', (err) => reject(err));
  });

export const refused = (s: Client) =>
  new Promise<string>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (err) => resolve(err.message));
  });

export const send = (s: Client, payload: unknown) => new Promise<SendMessageAck>((resolve) => s.emit('sendMessage', payload as never, resolve));

/** The reason the socket was disconnected; fails the test (instead of hanging it) if that takes longer than withinMs. */
export const disconnected = (s: Client, withinMs: number) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Everything the socket receives from now on. */
export function received(s: Client): Array<['newMessage' | 'messageSent', ChatMessage] | ['typing', { senderId: number }]> {
  const got: Array<['newMessage' | 'messageSent', ChatMessage] | ['typing', { senderId: number }]> = [];
  s.on('newMessage', (m) => got.push(['newMessage', m]));
  s.on('messageSent', (m) => got.push(['messageSent', m]));
  s.on('typing', (t) => got.push(['typing', t]));
  return got;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
