import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_MESSAGES, API_PATHS, type LoginResponse, type SignupResponse } from '@sciexperts/shared/contracts';
import { createClient } from 'redis';
import { CHAT_LIMITS, RATE_LIMITED_MESSAGE } from '../src/chat/limits';
import { chatClients, connected, disconnected, send } from './chatClient';
import { createPgSchema } from './pg';
import { signupBody } from './helpers';

/*
 * Two real API processes (server/src/main.ts, each with its own env) on one PostgreSQL schema and one Redis (a key
 * prefix of this run), as `npm run start:cluster` runs them behind the proxy. What one process counts or revokes, the
 * other must see: the limits are the site's, not each process's (docs/decisions/0032-shared-stores.md). The site's
 * proxy is 127.0.0.2 here (TRUST_PROXY); the test's own calls come from 127.0.0.1, as a direct caller of the API's
 * port would (docs/decisions/0033-address-trust.md).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROXY_ADDRESS = '127.0.0.2';
const ROOT = path.resolve(__dirname, '..', '..');

interface Answer<T> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
}

/** One HTTP call from a chosen local address (the proxy's, or a direct caller's). */
function call<T = unknown>(port: number, method: string, url: string, opts: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {}): Promise<Answer<T>> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers, localAddress: opts.from ?? '127.0.0.1', agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON */
        }
        resolve({ status: response.statusCode ?? 0, body: body as T, headers: response.headers });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

async function startApi(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      if ((await call(port, 'GET', '/api/health')).status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, port, child, output };
}

async function stopApi(p: ApiProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
  clearTimeout(timer);
  if (p.child.exitCode === null) p.child.kill('SIGKILL');
}

describe('two API processes on PostgreSQL and Redis', () => {
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const { socket, closeAll } = chatClients(() => `http://127.0.0.1:${b?.port ?? 0}`);
  let forwardedCounter = 0;
  /** A fresh client address, as the site's proxy would forward it. */
  const visitor = () => `198.51.100.${(forwardedCounter += 1)}`;

  beforeAll(async () => {
    const pg = await createPgSchema();
    dropSchema = pg.drop;
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-cluster-'));
    const env = {
      // search_path through the connection string: each process's pool sees only this run's schema.
      DATABASE_URL: `${pg.url}?options=${encodeURIComponent(`-c search_path=${pg.schema}`)}`,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      CHAT_STREAM_NAME: `${prefix}-chat`,
      TRUST_PROXY: PROXY_ADDRESS,
      TOKEN_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
      SIGNUP_LIMIT: '20',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The session cache on, as with one process: what must hold is that a revocation evicts it on every process.
      SESSION_CACHE_MS: '5000',
    };
    // One after the other: the first migrates the empty schema.
    a = await startApi('api-a', env);
    b = await startApi('api-b', env);
  }, 180_000);

  afterEach(closeAll);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await dropSchema?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  }, 60_000);

  const processes = () => {
    if (!a || !b) throw new Error('the API processes did not start');
    return [a, b] as const;
  };

  /** A member signed up through the site's proxy (its own forwarded address), so no direct caller's budget is spent. */
  async function memberViaProxy(api: ApiProcess) {
    const body = signupBody();
    const made = await call<SignupResponse>(api.port, 'POST', API_PATHS.signup, { body, from: PROXY_ADDRESS, headers: { 'x-forwarded-for': visitor() } });
    expect(made.status).toBe(201);
    return { email: body.email, password: body.password, id: made.body.user.id };
  }

  it('five wrong passwords in all, not per process, start the login throttle', async () => {
    const [pa, pb] = processes();
    const m = await memberViaProxy(pa);
    const wrong = { email: m.email, password: 'not the password' };
    const statuses: number[] = [];
    // Alternating: each process sees fewer than five of the failures.
    for (let i = 0; i < 7; i++) statuses.push((await call(i % 2 ? pb.port : pa.port, 'POST', API_PATHS.login, { body: wrong })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const waiting = await call<{ message: string }>(pb.port, 'POST', API_PATHS.login, { body: wrong });
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe(ACCOUNT_MESSAGES.tooManyLogins);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);

  it('a logout on one process is refused by the other within one second, and its sockets there close', async () => {
    const [pa, pb] = processes();
    const m = await memberViaProxy(pa);
    const login = await call<LoginResponse>(pa.port, 'POST', API_PATHS.login, { body: { email: m.email, password: m.password }, from: PROXY_ADDRESS, headers: { 'x-forwarded-for': visitor() } });
    expect(login.status).toBe(200);
    const { token } = login.body;
    // B has checked the session once: with the cache on, it would believe it for five seconds unless told.
    expect((await call(pb.port, 'GET', API_PATHS.accountSessions, { token })).status).toBe(200);
    const s = socket({ token, id: m.id });
    await connected(s);
    const closed = disconnected(s, 1000);

    expect((await call(pa.port, 'POST', API_PATHS.logout, { token })).status).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 1000) {
      status = (await call(pb.port, 'GET', API_PATHS.accountSessions, { token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    await closed;
  }, 60_000);

  it('a member with sockets on both processes has one message budget, not one per process', async () => {
    const [pa, pb] = processes();
    const [sender, receiver] = [await memberViaProxy(pa), await memberViaProxy(pb)];
    const login = await call<LoginResponse>(pa.port, 'POST', API_PATHS.login, { body: { email: sender.email, password: sender.password }, from: PROXY_ADDRESS, headers: { 'x-forwarded-for': visitor() } });
    const me = { token: login.body.token, id: sender.id };
    const [onA, onB] = [socket(me, `http://127.0.0.1:${pa.port}`), socket(me, `http://127.0.0.1:${pb.port}`)];
    await Promise.all([onA, onB].map(connected));
    const started = Date.now();
    // Sixty at once, half on each process: per-process budgets would let them all through.
    const acks = await Promise.all(Array.from({ length: 60 }, (_, i) => send(i % 2 ? onA : onB, { receiverId: receiver.id, text: `burst ${i}`, clientId: `cluster-burst-${i}` })));
    const elapsed = Date.now() - started;
    const accepted = acks.filter((x) => x.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(CHAT_LIMITS.messages.burst);
    // 30 at once, then 3 a second (and the 10 s reserve refilled at most once in a slow run).
    expect(accepted).toBeLessThanOrEqual(CHAT_LIMITS.messages.burst + Math.ceil((elapsed / 1000) * CHAT_LIMITS.messages.perSecond) + (elapsed > 10_000 ? CHAT_LIMITS.messages.burst : 0));
    expect(acks.filter((x) => !x.ok).every((x) => !x.ok && x.message === RATE_LIMITED_MESSAGE)).toBe(true);
  }, 60_000);

  it('X-Forwarded-For is believed from the proxy only: forged headers sent straight to the API buy no extra guesses or sign-ups', async () => {
    const [pa, pb] = processes();
    const m = await memberViaProxy(pa);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await call(i % 2 ? pb.port : pa.port, 'POST', API_PATHS.login, { body: { email: m.email, password: `guess ${i}` }, headers: forged })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);

    // Sign-ups: 20 per address per 15 minutes, whatever the caller writes in the header, and across both processes.
    const signups: number[] = [];
    for (let i = 0; i < 25; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${100 + i}` };
      signups.push((await call(i % 2 ? pb.port : pa.port, 'POST', API_PATHS.signup, { body: signupBody(), headers: forged })).status);
    }
    expect(signups.filter((s) => s === 201)).toHaveLength(20);
    expect(signups.filter((s) => s === 429)).toHaveLength(5);
    // Through the proxy, each visitor's forwarded address is the key, not the proxy's: more than 20 from it all pass.
    const viaProxy: number[] = [];
    for (let i = 0; i < 21; i++) {
      viaProxy.push((await call(i % 2 ? pb.port : pa.port, 'POST', API_PATHS.signup, { body: signupBody(), from: PROXY_ADDRESS, headers: { 'x-forwarded-for': visitor() } })).status);
    }
    expect(viaProxy.filter((s) => s === 201)).toHaveLength(21);
  }, 90_000);
});
