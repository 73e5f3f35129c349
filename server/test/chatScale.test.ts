import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { BLOCK_MESSAGES, type ChatMessage, type ClientToServerEvents, type LoginResponse, type SendMessageAck, type ServerToClientEvents } from '@sciexperts/shared/contracts';
import { buildApp, prepareDatabase } from '../src/app';
import { openDatabase, type Db } from '../src/db/connect';
import { signupBody, testConfig } from './helpers';
import { createPgSchema } from './pg';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis runs on every dev and CI machine: unreachable is a failure with a clear message, never a skip. */
async function requireRedis(): Promise<void> {
  const probe = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw new Error(`Redis is required for the multi-process chat test (${REDIS_URL}) but is unreachable: ${(err as Error).message}`);
  } finally {
    await probe.quit().catch(() => undefined);
  }
}

describe('chat across two server processes sharing Redis and PostgreSQL', () => {
  const stream = `sciexperts-chat-test-${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const dbs: Db[] = [];
  const clients: Client[] = [];
  const dirs: string[] = [];
  let drop: (() => Promise<void>) | undefined;
  let bases: string[] = [];

  beforeAll(async () => {
    await requireRedis();
    const pg = await createPgSchema();
    drop = pg.drop;
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-scale-'));
      dirs.push(dir);
      const config = testConfig(dir, { databaseUrl: pg.url, databaseSchema: pg.schema, redisUrl: REDIS_URL, chatStreamName: stream });
      const db = openDatabase({ databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' });
      dbs.push(db);
      if (i === 0) await prepareDatabase(db, config);
      const app = await buildApp(config, { db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    bases = apps.map((app) => {
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
  }, 30_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await drop?.();
    const cleanup = createClient({ url: REDIS_URL });
    cleanup.on('error', () => undefined);
    await cleanup.connect().then(() => cleanup.del(stream)).then(() => cleanup.quit()).catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function signup(base: string): Promise<{ id: number; token: string }> {
    const body = signupBody();
    const created = await fetch(`${base}/api/User/AddNewUser`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const login = await fetch(`${base}/api/Account/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: body.email, password: body.password }) });
    const session = (await login.json()) as LoginResponse;
    return { id: session.user.id, token: session.token };
  }

  async function open(base: string, m: { id: number; token: string }): Promise<Client> {
    const s: Client = connect(base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${m.token}` }, query: { userId: String(m.id) } });
    clients.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  }

  const next = (s: Client, event: 'newMessage' | 'messageSent') => new Promise<ChatMessage>((resolve) => s.once(event, resolve));
  const send = (s: Client, payload: { receiverId: number; text: string; clientId: string }) => new Promise<SendMessageAck>((resolve) => s.emit('sendMessage', payload as never, resolve));

  it('delivers messages both ways between members connected to different processes, once each', async () => {
    const [baseA, baseB] = bases as [string, string];
    // Each member signs up on "their" process: the database is shared, so tokens work on both.
    const alice = await signup(baseA);
    const bob = await signup(baseB);
    const a = await open(baseA, alice);
    const b = await open(baseB, bob);
    let bobGot = 0;
    let aliceGot = 0;
    b.on('newMessage', () => (bobGot += 1));
    a.on('newMessage', () => (aliceGot += 1));

    const toBob = next(b, 'newMessage');
    const ackA = await send(a, { receiverId: bob.id, text: 'hello from process A', clientId: 'x-1' });
    expect(ackA.ok).toBe(true);
    expect(await toBob).toMatchObject({ senderId: alice.id, receiverId: bob.id, text: 'hello from process A' });

    const toAlice = next(a, 'newMessage');
    const ackB = await send(b, { receiverId: alice.id, text: 'hello back from process B', clientId: 'y-1' });
    expect(ackB.ok).toBe(true);
    expect(await toAlice).toMatchObject({ senderId: bob.id, receiverId: alice.id, text: 'hello back from process B' });

    // Bob opens a second tab on process A: his messageSent echo reaches his tab on process B, and not the sending tab
    // (its ack carries the message).
    const b2 = await open(baseA, bob);
    let sendingTabEchoes = 0;
    b2.on('messageSent', () => (sendingTabEchoes += 1));
    const echo = next(b, 'messageSent');
    const again = await send(b2, { receiverId: alice.id, text: 'from my other tab', clientId: 'y-2' });
    expect(again.ok).toBe(true);
    expect((await echo).text).toBe('from my other tab');

    // A retry with the same client id on the other process is not delivered twice.
    const retry = await send(b, { receiverId: alice.id, text: 'from my other tab', clientId: 'y-2' });
    expect(retry).toEqual(again);
    await new Promise((r) => setTimeout(r, 300));
    expect(bobGot).toBe(1);
    expect(aliceGot).toBe(2);
    expect(sendingTabEchoes).toBe(0);
  });

  it('a logout on one process disconnects that session’s sockets on the other', async () => {
    const [baseA, baseB] = bases as [string, string];
    const carol = await signup(baseA);
    const onA = await open(baseA, carol);
    const onB = await open(baseB, carol);
    const gone = Promise.all(
      [onA, onB].map(
        (s) =>
          new Promise<string>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('still connected')), 10_000);
            s.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
          }),
      ),
    );
    const logout = await fetch(`${baseB}/api/Account/Logout`, { method: 'POST', headers: { authorization: `Bearer ${carol.token}` } });
    expect(logout.status).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a block made on one process holds on the other at once: the message is refused, typing stops, and unblocking restores both', async () => {
    const [baseA, baseB] = bases as [string, string];
    const ada = await signup(baseA);
    const bob = await signup(baseB);
    const a = await open(baseB, ada);
    const b = await open(baseB, bob);
    const typing: number[] = [];
    a.on('typing', (t) => typing.push(t.senderId));
    // Process B learns the pair is not blocked (its typing map remembers it).
    const firstTyping = new Promise<void>((resolve) => a.once('typing', () => resolve()));
    b.emit('typing', { receiverId: ada.id });
    await firstTyping;
    const announced = () => new Promise<void>((resolve) => apps[1]!.io.once('blockChanged', () => resolve()));

    // Ada blocks Bob through process A; process B is told and forgets the pair.
    let told = announced();
    const block = await fetch(`${baseA}/api/Blocks/${bob.id}`, { method: 'PUT', headers: { authorization: `Bearer ${ada.token}` } });
    expect(block.status).toBe(200);
    await told;
    // The message is refused by the insert itself, whatever any process remembers.
    expect(await send(b, { receiverId: ada.id, text: 'blocked?', clientId: 'blk-1' })).toEqual({ ok: false, message: BLOCK_MESSAGES.notAccepting });
    b.emit('typing', { receiverId: ada.id });

    told = announced();
    const unblock = await fetch(`${baseA}/api/Blocks/${bob.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${ada.token}` } });
    expect(unblock.status).toBe(200);
    await told;
    // Had process B kept "not blocked", the typing above would have been relayed at once, before this one.
    const secondTyping = new Promise<void>((resolve) => a.once('typing', () => resolve()));
    b.emit('typing', { receiverId: ada.id });
    await secondTyping;
    expect(typing).toEqual([bob.id, bob.id]);
    expect((await send(b, { receiverId: ada.id, text: 'unblocked', clientId: 'blk-2' })).ok).toBe(true);
  });
});
