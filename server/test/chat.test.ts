import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { disconnected } from './chatClient';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

// Both databases: on PostgreSQL a message and its notice are one statement of their own (decision 0025).
describe.each(['sqlite', 'postgres'] as const)('chat gateway over %s', (dialect) => {
  let h: Harness;
  let alice: Awaited<ReturnType<typeof member>>;
  let bob: Awaited<ReturnType<typeof member>>;
  const open: Client[] = [];
  beforeAll(async () => {
    h = await startAppOn(dialect);
    alice = await member(h);
    bob = await member(h);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(() => h.close());

  const client = (token: string | null, userId: number | string) => {
    const s: Client = connect(h.base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: token === null ? {} : { token: `Bearer ${token}` }, query: { userId: String(userId) } });
    open.push(s);
    return s;
  };
  const connected = (s: Client) =>
    new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', (err) => reject(err));
    });
  const refused = (s: Client) =>
    new Promise<string>((resolve, reject) => {
      s.once('connect', () => reject(new Error('connected')));
      s.once('connect_error', (err) => resolve(err.message));
    });
  const send = (s: Client, payload: unknown) => new Promise<SendMessageAck>((resolve) => s.emit('sendMessage', payload as never, resolve));

  it('refuses missing, bad and mismatched credentials', async () => {
    expect(await refused(client(null, alice.id))).toMatch(/Authentication required/);
    expect(await refused(client('garbage', alice.id))).toMatch(/expired or is invalid/);
    expect(await refused(client(alice.token, bob.id))).toMatch(/userId/);
  });

  it('stores, acks and delivers a message to both rooms', async () => {
    const a = client(alice.token, alice.id);
    const otherTab = client(alice.token, alice.id);
    const b = client(bob.token, bob.id);
    await Promise.all([connected(a), connected(otherTab), connected(b)]);
    const received = new Promise<ChatMessage>((r) => b.once('newMessage', r));
    // The sender's other sockets get the echo; the sending one has the message in its ack, and no echo.
    const echoed = new Promise<ChatMessage>((r) => otherTab.once('messageSent', r));
    let sendingSocketEchoes = 0;
    a.on('messageSent', () => (sendingSocketEchoes += 1));
    const ack = await send(a, { senderId: alice.id, receiverId: bob.id, text: `  Hi "Bob" — 你好 '; drop table messages; --  `, clientId: 'c-1' });
    expect(ack.ok).toBe(true);
    const message = (ack as { ok: true; message: ChatMessage }).message;
    expect(message).toMatchObject({ senderId: alice.id, receiverId: bob.id, text: `Hi "Bob" — 你好 '; drop table messages; --`, clientId: 'c-1' });
    expect(await received).toEqual(message);
    expect(await echoed).toEqual(message);
    const rows = await h.db.kysely.selectFrom('messages').selectAll().where('id', '=', message.id).execute();
    expect(rows).toHaveLength(1);

    // An exact retry is answered with the stored message and delivered to no one again.
    let bobGot = 0;
    b.on('newMessage', () => (bobGot += 1));
    const retry = await send(a, { senderId: alice.id, receiverId: bob.id, text: message.text, clientId: 'c-1' });
    expect(retry).toEqual({ ok: true, message });
    // The same clientId for another text or receiver would lose a message: refused, never merged into the first.
    const carol = await member(h);
    for (const reuse of [
      { receiverId: bob.id, text: 'Hi again', clientId: 'c-1' },
      { receiverId: carol.id, text: message.text, clientId: 'c-1' },
    ]) {
      expect(await send(a, reuse)).toEqual({ ok: false, message: expect.stringMatching(/clientId was already used for a different message/) });
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(sendingSocketEchoes).toBe(0);
    expect(bobGot).toBe(0);
    expect(await h.db.kysely.selectFrom('messages').select('id').where('senderId', '=', alice.id).execute()).toHaveLength(1);
  });

  it('refuses impersonation, blank, long and misaddressed messages', async () => {
    const a = client(alice.token, alice.id);
    await connected(a);
    const cases: unknown[] = [
      { senderId: bob.id, receiverId: alice.id, text: 'spoof', clientId: 'x1' },
      { receiverId: bob.id, text: '   ', clientId: 'x2' },
      { receiverId: bob.id, text: 'x'.repeat(4001), clientId: 'x3' },
      { receiverId: 999_999, text: 'hello?', clientId: 'x4' },
      { receiverId: '2', text: 'hello', clientId: 'x5' },
      'not an object',
    ];
    for (const payload of cases) {
      const ack = await send(a, payload);
      expect(ack.ok).toBe(false);
      expect((ack as { message: string }).message).toEqual(expect.any(String));
    }
    expect(await h.db.kysely.selectFrom('messages').select('id').where('clientId', 'in', ['x1', 'x2', 'x3', 'x4', 'x5']).execute()).toHaveLength(0);
  });

  it('refuses a recipient whose row is gone, even one this process has already seen', async () => {
    // The gateway remembers members it found and pairs that conversed; the foreign key is still the last word.
    const gone = await member(h);
    const a = client(alice.token, alice.id);
    await connected(a);
    expect((await send(a, { receiverId: gone.id, text: 'first', clientId: 'gone-1' })).ok).toBe(true);
    await h.db.kysely.deleteFrom('sessions').where('userId', '=', gone.id).execute();
    await h.db.kysely.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await send(a, { receiverId: gone.id, text: 'second', clientId: 'gone-2' })).toEqual({ ok: false, message: 'The recipient does not exist.' });
    expect(await h.db.kysely.selectFrom('messages').select('id').where('clientId', '=', 'gone-2').execute()).toHaveLength(0);
  });

  it('disconnects a socket whose session was logged out', async () => {
    const fresh = await member(h);
    const s = client(fresh.token, fresh.id);
    await connected(s);
    const gone = disconnected(s, 10_000);
    await h.api('POST', '/api/Account/Logout', { token: fresh.token });
    expect(await gone).toBe('io server disconnect');
  });
});
