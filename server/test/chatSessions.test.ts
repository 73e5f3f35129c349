import { createServer, type Server as HttpServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, LoginResponse } from '@sciexperts/shared/contracts';
import { TokenService } from '../src/auth/tokens';
import { attachChatGateway, SESSION_ENDED_MESSAGE, type ChatServer } from '../src/chat/gateway';
import { messageStore } from '../src/modules/chat/notices';
import { member, startApp, startAppOn, type Harness } from './helpers';
import { chatClients, connected, disconnected, received, refused, send, sleep, type Client } from './chatClient';

async function secondSession(h: Harness, m: { email: string; password: string }): Promise<string> {
  const login = await h.api<LoginResponse>('POST', '/api/Account/Login', { body: { email: m.email, password: m.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return login.body.token;
}

const next = <T>(s: Client, event: 'newMessage' | 'typing') => new Promise<T>((resolve) => s.once(event, resolve as never));

describe.each(['sqlite', 'postgres'] as const)('chat sockets end with their session over %s', (dialect) => {
  let h: Harness;
  let bob: Awaited<ReturnType<typeof member>>;
  const { socket, closeAll } = chatClients(() => h.base);
  beforeAll(async () => {
    h = await startAppOn(dialect);
    bob = await member(h);
  });
  afterEach(closeAll);
  afterAll(() => h.close());

  it('logout disconnects that session’s sockets only, which get no message or typing afterwards', async () => {
    const m = await member(h);
    const other = await secondSession(h, m);
    const [s1, s1b, s2, b] = [socket(m), socket(m), socket({ id: m.id, token: other }), socket(bob)];
    await Promise.all([s1, s1b, s2, b].map(connected));
    const afterLogout = [received(s1), received(s1b)];
    const gone = Promise.all([disconnected(s1, 10_000), disconnected(s1b, 10_000)]);

    expect((await h.api('POST', '/api/Account/Logout', { token: m.token })).status).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);

    // The member's other session is untouched and still gets both kinds of event.
    const typing = next<{ senderId: number }>(s2, 'typing');
    const message = next<ChatMessage>(s2, 'newMessage');
    b.emit('typing', { receiverId: m.id });
    expect((await send(b, { receiverId: m.id, text: 'still there?', clientId: 'after-logout-1' })).ok).toBe(true);
    expect(await typing).toEqual({ senderId: bob.id });
    expect((await message).text).toBe('still there?');
    await sleep(200);
    expect(afterLogout).toEqual([[], []]);
    expect(s2.connected).toBe(true);
    // Nor can the ended session come back.
    expect(await refused(socket(m))).toMatch(/expired or is invalid/);
  });

  it('password reset disconnects every socket of the member, and only theirs', async () => {
    const m = await member(h);
    const other = await secondSession(h, m);
    const [s1, s2, b] = [socket(m), socket({ id: m.id, token: other }), socket(bob)];
    await Promise.all([s1, s2, b].map(connected));
    const gone = Promise.all([disconnected(s1, 10_000), disconnected(s2, 10_000)]);

    await h.api('POST', '/api/Account/RequestPasswordReset', { body: { email: m.email } });
    const resetToken = await mailedResetToken(path.join(h.dir, 'outbox'), m.email);
    expect((await h.api('POST', '/api/Account/ResetPassword', { body: { token: resetToken, password: 'a brand new passphrase' } })).status).toBe(200);

    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect(b.connected).toBe(true);
  });
});

describe('chat sockets end when their token expires', () => {
  let h: Harness;
  const { socket, closeAll } = chatClients(() => h.base);
  beforeAll(async () => {
    // The harness builds Config directly, below the 60 s minimum the environment is held to.
    h = await startApp({ tokenTtlSeconds: 3 });
  });
  afterEach(closeAll);
  afterAll(() => h.close());

  it('drops the socket at the token’s expiry, with no event needed', async () => {
    const m = await member(h);
    const s = socket(m);
    await connected(s);
    const issuedAt = Date.now();
    expect(await disconnected(s, 6000)).toBe('io server disconnect');
    // The token lives 2–3 s (its exp is in whole seconds): not dropped early.
    expect(Date.now() - issuedAt).toBeGreaterThan(1000);
  }, 10_000);
});

describe.each(['sqlite', 'postgres'] as const)('chat sockets whose session ended without the token service over %s', (dialect) => {
  let h: Harness;
  let bob: Awaited<ReturnType<typeof member>>;
  const { socket, closeAll } = chatClients(() => h.base);
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    // No reuse window, so the next check reads the database.
    h = await startAppOn(dialect, { sessionCacheMs: 0 });
    bob = await member(h);
  });
  afterEach(closeAll);
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
    await h.close();
  });

  it('checks the session before each event: a typing from a dead session is not relayed', async () => {
    const m = await member(h);
    const [s, b] = [socket(m), socket(bob)];
    await Promise.all([s, b].map(connected));
    const bobGot = received(b);
    await h.db.kysely.deleteFrom('sessions').where('userId', '=', m.id).execute();
    const gone = disconnected(s, 10_000);
    s.emit('typing', { receiverId: bob.id });
    expect(await gone).toBe('io server disconnect');
    await sleep(200);
    expect(bobGot).toEqual([]);
  });

  it('refuses a message from a dead session with a clear ack and stores nothing', async () => {
    const m = await member(h);
    const s = socket(m);
    await connected(s);
    await h.db.kysely.deleteFrom('sessions').where('userId', '=', m.id).execute();
    expect(await send(s, { receiverId: bob.id, text: 'ghost', clientId: 'dead-1' })).toEqual({ ok: false, message: SESSION_ENDED_MESSAGE });
    expect(await h.db.kysely.selectFrom('messages').select('id').where('senderId', '=', m.id).execute()).toEqual([]);
  });

  it('sweeps open sockets whose session is gone, with no event needed', async () => {
    // A gateway of its own, sweeping every 100 ms instead of every minute.
    const server: HttpServer = createServer();
    const tokens = new TokenService(h.db, h.config.tokenSecret, 3600);
    const store = messageStore(h.db, 0, h.app.ctx.jobs);
    const io: ChatServer = attachChatGateway(server, {
      db: h.db,
      tokens,
      origins: [],
      log: { error: () => undefined } as unknown as FastifyBaseLogger,
      sessionSweepMs: 100,
      // The message only: this gateway's sweep is under test, not the notification it would push.
      storeMessage: async (m, sessionId, cap) => {
        const stored = await store(m, sessionId, cap, new Date());
        return stored.created ? { message: stored.message, created: true } : stored;
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      io.disconnectSockets(true);
      io.engine.close();
      await new Promise((resolve) => server.close(resolve));
    });
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const m = await member(h);
    const droppedToken = await tokens.issue(m.id);
    const [kept, dropped] = [socket({ id: m.id, token: await tokens.issue(m.id) }, url), socket({ id: m.id, token: droppedToken }, url)];
    await Promise.all([kept, dropped].map(connected));
    const gone = disconnected(dropped, 10_000);
    const { sessionId } = (await tokens.verify(droppedToken)) ?? { sessionId: '' };
    await h.db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
    expect(await gone).toBe('io server disconnect');
    await sleep(250);
    expect(kept.connected).toBe(true);
  });
});

async function mailedResetToken(dir: string, to: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    try {
      for (const f of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
        const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string };
        const link = mail.to === to ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text) : null;
        if (link?.[1]) return decodeURIComponent(link[1]);
      }
    } catch {
      /* outbox not created yet */
    }
    await sleep(20);
  }
  throw new Error(`no reset mail for ${to}`);
}
