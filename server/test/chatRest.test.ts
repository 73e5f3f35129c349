import { io as connect, type Socket } from 'socket.io-client';
import type { ChatCounterpart, ChatMessage, ClientToServerEvents, ConversationSummary, MessagePage, SendMessageAck, ServerToClientEvents } from '@sciexperts/shared/contracts';
import { insertMessage } from '../src/modules/chat/repository';
import { openDatabase } from '../src/db/connect';
import { member, startApp, type Harness } from './helpers';
import { createPgSchema } from './pg';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The same suite over the embedded SQLite file and over PostgreSQL (the grouping SQL differs subtly between them). */
async function open(dialect: 'sqlite' | 'postgres'): Promise<{ h: Harness; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { h: await startApp(), drop: async () => undefined };
  const pg = await createPgSchema();
  const db = openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
  return { h: await startApp({ databaseUrl: pg.url, databaseSchema: pg.schema }, { db }), drop: pg.drop };
}

describe.each(['sqlite', 'postgres'] as const)('chat REST calls over %s', (dialect) => {
  let h: Harness;
  let drop: () => Promise<void>;
  let alice: Awaited<ReturnType<typeof member>>;
  let bob: Awaited<ReturnType<typeof member>>;
  let carol: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    ({ h, drop } = await open(dialect));
    alice = await member(h, { firstName: 'Alice', lastName: 'A' });
    bob = await member(h, { firstName: 'Bob', lastName: 'B' });
    carol = await member(h, { firstName: 'Carol', lastName: 'C' });
    // 120 messages alternating between alice and bob, then one from carol to alice.
    for (let i = 1; i <= 120; i++) {
      const [s, r] = i % 2 ? [alice.id, bob.id] : [bob.id, alice.id];
      await insertMessage(h.db, { senderId: s, receiverId: r, text: `m${i}`, clientId: `seed-${i}` });
    }
    await insertMessage(h.db, { senderId: carol.id, receiverId: alice.id, text: 'hello from carol', clientId: 'c-seed' });
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it('needs a valid token on every chat call', async () => {
    for (const url of ['/api/Chat/Conversations', `/api/Chat/Messages/${bob.id}`, '/api/Chat/UnreadCount', `/api/Chat/Counterpart/${bob.id}`]) {
      expect((await h.api('GET', url)).status).toBe(401);
      expect((await h.api('GET', url, { token: 'nope' })).status).toBe(401);
    }
    expect((await h.api('POST', `/api/Chat/MarkRead/${bob.id}`)).status).toBe(401);
  });

  it('pages a conversation newest last, older pages through before', async () => {
    const first = await h.api<MessagePage>('GET', `/api/Chat/Messages/${bob.id}?limit=50`, { token: alice.token });
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m) => m.text)).toEqual(Array.from({ length: 50 }, (_, i) => `m${71 + i}`));
    expect(first.body.nextBefore).toBe(first.body.messages[0]?.id);
    const second = await h.api<MessagePage>('GET', `/api/Chat/Messages/${bob.id}?limit=50&before=${first.body.nextBefore}`, { token: alice.token });
    expect(second.body.messages.map((m) => m.text)).toEqual(Array.from({ length: 50 }, (_, i) => `m${21 + i}`));
    const third = await h.api<MessagePage>('GET', `/api/Chat/Messages/${bob.id}?limit=50&before=${second.body.nextBefore}`, { token: alice.token });
    expect(third.body.messages).toHaveLength(20);
    expect(third.body.nextBefore).toBeNull();
    // Default page, and the same conversation seen from bob's side.
    const fromBob = await h.api<MessagePage>('GET', `/api/Chat/Messages/${alice.id}`, { token: bob.token });
    expect(fromBob.body.messages).toHaveLength(50);
    expect(fromBob.body.messages.at(-1)?.text).toBe('m120');
    // What a reconnecting client missed: everything after a known id, oldest first.
    const known = first.body.messages[45] as ChatMessage;
    const missed = await h.api<MessagePage>('GET', `/api/Chat/Messages/${bob.id}?after=${known.id}`, { token: alice.token });
    expect(missed.body.messages.map((m) => m.text)).toEqual(['m117', 'm118', 'm119', 'm120']);
  });

  it('keeps conversations to their two members', async () => {
    // Carol never talked with bob: alice's and bob's messages are not in her view of either.
    const carolBob = await h.api<MessagePage>('GET', `/api/Chat/Messages/${bob.id}`, { token: carol.token });
    expect(carolBob.body.messages).toEqual([]);
    const carolAlice = await h.api<MessagePage>('GET', `/api/Chat/Messages/${alice.id}`, { token: carol.token });
    expect(carolAlice.body.messages.map((m) => m.text)).toEqual(['hello from carol']);
    const convs = await h.api<ConversationSummary[]>('GET', '/api/Chat/Conversations', { token: bob.token });
    expect(convs.body.map((c) => c.counterpart.id)).toEqual([alice.id]);
  });

  it('answers 400 with a message for bad ids and limits, 404 for unknown members', async () => {
    const bad = [
      `/api/Chat/Messages/abc`,
      `/api/Chat/Messages/0`,
      `/api/Chat/Messages/${bob.id}?limit=0`,
      `/api/Chat/Messages/${bob.id}?limit=101`,
      `/api/Chat/Messages/${bob.id}?limit=ten`,
      `/api/Chat/Messages/${bob.id}?before=-1`,
      `/api/Chat/Messages/${bob.id}?before=1&after=2`,
      `/api/Chat/Messages/${bob.id}?bogus=1`,
      `/api/Chat/Messages/${alice.id}`,
      `/api/Chat/Counterpart/1e3`,
      `/api/Chat/Counterpart/99999999999999999999`,
    ];
    for (const url of bad) {
      const res = await h.api<{ message: string }>('GET', url, { token: alice.token });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const missing = await h.api<{ message: string }>('GET', '/api/Chat/Counterpart/999999', { token: alice.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
    expect((await h.api('GET', '/api/Chat/Messages/999999', { token: alice.token })).status).toBe(404);
    expect((await h.api('POST', '/api/Chat/MarkRead/999999', { token: alice.token })).status).toBe(404);
  });

  it('shows a counterpart’s public name and avatar only', async () => {
    const res = await h.api<ChatCounterpart>('GET', `/api/Chat/Counterpart/${bob.id}`, { token: alice.token });
    expect(res.body).toEqual({ id: bob.id, firstName: 'Bob', lastName: 'B', profImgUrl: null });
  });

  it('lists conversations most recent first with last message and unread counts, and marks read', async () => {
    const convs = await h.api<ConversationSummary[]>('GET', '/api/Chat/Conversations', { token: alice.token });
    expect(convs.body.map((c) => [c.counterpart.firstName, c.lastMessage.text, c.unreadCount])).toEqual([
      ['Carol', 'hello from carol', 1],
      ['Bob', 'm120', 60],
    ]);
    expect((await h.api<{ count: number }>('GET', '/api/Chat/UnreadCount', { token: alice.token })).body).toEqual({ count: 61 });
    const marked = await h.api<{ count: number }>('POST', `/api/Chat/MarkRead/${bob.id}`, { token: alice.token });
    expect(marked.body).toEqual({ count: 1 });
    // Marking again is harmless, and bob's own unread count is his alone.
    expect((await h.api<{ count: number }>('POST', `/api/Chat/MarkRead/${bob.id}`, { token: alice.token })).body).toEqual({ count: 1 });
    expect((await h.api<{ count: number }>('GET', '/api/Chat/UnreadCount', { token: bob.token })).body).toEqual({ count: 60 });
    await insertMessage(h.db, { senderId: bob.id, receiverId: alice.id, text: 'one more', clientId: 'late-1' });
    const after = await h.api<ConversationSummary[]>('GET', '/api/Chat/Conversations', { token: alice.token });
    expect(after.body.map((c) => [c.counterpart.firstName, c.lastMessage.text, c.unreadCount])).toEqual([
      ['Bob', 'one more', 1],
      ['Carol', 'hello from carol', 1],
    ]);
  });

  it('relays typing to the receiver only', async () => {
    const opts = (m: { token: string; id: number }) => ({ transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${m.token}` }, query: { userId: String(m.id) } });
    const a: Client = connect(h.base, opts(alice));
    const b: Client = connect(h.base, opts(bob));
    const c: Client = connect(h.base, opts(carol));
    try {
      await Promise.all([a, b, c].map((s) => new Promise<void>((r, j) => (s.once('connect', () => r()), s.once('connect_error', j)))));
      let carolSaw = 0;
      c.on('typing', () => (carolSaw += 1));
      const typing = new Promise<{ senderId: number }>((r) => b.once('typing', r));
      a.emit('typing', { receiverId: bob.id });
      expect(await typing).toEqual({ senderId: alice.id });
      const ack = await new Promise<SendMessageAck>((r) => a.emit('sendMessage', { senderId: alice.id, receiverId: bob.id, text: 'ping', clientId: 'typing-1' }, r));
      expect(ack.ok).toBe(true);
      expect(carolSaw).toBe(0);
    } finally {
      for (const s of [a, b, c]) s.disconnect();
    }
  });

  it('keys retries on the whole message: concurrent exact retries store one, a reused clientId for another message is refused', async () => {
    const [x, y, z] = [await member(h), await member(h), await member(h)];
    const s: Client = connect(h.base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${x.token}` }, query: { userId: String(x.id) } });
    try {
      await new Promise<void>((r, j) => (s.once('connect', () => r()), s.once('connect_error', j)));
      const exact = { senderId: x.id, receiverId: y.id, text: 'same', clientId: 'dup-1' };
      const variants = [exact, exact, exact, { ...exact, text: 'other text' }, { ...exact, receiverId: z.id }];
      // All at once, so the unique index (not a look-up first) decides which one is stored.
      const acks = await Promise.all(variants.map((p) => new Promise<SendMessageAck>((r) => s.emit('sendMessage', p, r))));
      const rows = await h.db.kysely.selectFrom('messages').selectAll().where('senderId', '=', x.id).execute();
      expect(rows).toHaveLength(1);
      const row = rows[0] as { id: number; receiverId: number; text: string };
      variants.forEach((p, i) => {
        const ack = acks[i] as SendMessageAck;
        if (p.receiverId === row.receiverId && p.text === row.text) expect(ack).toMatchObject({ ok: true, message: { id: row.id } });
        else expect(ack).toEqual({ ok: false, message: expect.stringMatching(/clientId was already used for a different message/) });
      });
    } finally {
      s.disconnect();
    }
  });
});
