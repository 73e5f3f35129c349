import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { API_PATHS, TOO_MANY_REQUESTS_MESSAGE, type LoginResponse } from '@sciexperts/shared/contracts';
import { createClient } from 'redis';
import { loadConfig } from '../src/config';
import { signupBody, startApp, startAppOn, type Harness } from './helpers';

/*
 * The request budgets (docs/decisions/0045-per-member-limits.md): a signed-in member's requests count against the
 * member, wherever they come from; signed-out requests against their address, up to a ceiling a campus network fits
 * under. The test's calls come from 127.0.0.1, trusted here as the site's proxy, so X-Forwarded-For names the address
 * each caller is behind. The window is an hour, so no budget starts over while a test runs.
 */
const PER_MEMBER = 100;
const ANONYMOUS = 200;
const CAMPUS = '203.0.113.7';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const limits = { rateLimitPerMinute: PER_MEMBER, anonymousRateLimitPerMinute: ANONYMOUS, rateLimitWindowMs: 3_600_000, trustProxy: ['127.0.0.1'] };

interface Answer {
  status: number;
  body: { message?: string };
  retryAfter: number;
  /** The rate limiter's x-ratelimit-* headers the answer carries, by name. */
  limitHeaders: Record<string, string>;
}

/**
 * One request as the proxy forwards it from `address` (X-Forwarded-For), through every hook and route but without a
 * socket: thousands of them fit in a test's time on a busy machine.
 */
async function call(h: Harness, method: 'GET' | 'POST', url: string, address: string, opts: { token?: string; body?: object } = {}): Promise<Answer> {
  const res = await h.app.inject({
    method,
    url,
    headers: { 'x-forwarded-for': address, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    ...(opts.body ? { payload: opts.body } : {}),
  });
  const limitHeaders = Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith('x-ratelimit-')).map(([name, value]) => [name, String(value)]));
  return { status: res.statusCode, body: res.body ? (res.json() as Answer['body']) : {}, retryAfter: Number(res.headers['retry-after']), limitHeaders };
}

/** Signs up and signs in from `address`: two signed-out requests, as a member's browser makes them. */
async function signedIn(h: Harness, address: string): Promise<{ id: number; token: string }> {
  const body = signupBody();
  expect((await call(h, 'POST', API_PATHS.signup, address, { body })).status).toBe(201);
  const login = await h.app.inject({ method: 'POST', url: API_PATHS.login, headers: { 'x-forwarded-for': address }, payload: { email: body.email, password: body.password } });
  expect(login.statusCode).toBe(200);
  const { user, token } = login.json<LoginResponse>();
  return { id: user.id, token };
}

/** `count` requests one after the other; the statuses in order. */
async function statuses(count: number, request: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await request(i)).status);
  return seen;
}

const times = (n: number, status: number) => Array<number>(n).fill(status);

describe.each(['sqlite', 'postgres'] as const)('request budgets behind one address over %s', (dialect) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startAppOn(dialect, limits);
  });
  afterAll(async () => {
    await h.close();
  });

  it('fifty members behind one address, sixty requests each, are never refused, and the address can still sign in', async () => {
    const members = [];
    for (let i = 0; i < 50; i += 1) members.push(await signedIn(h, CAMPUS));
    // 3,000 requests from one address: fifteen times the signed-out ceiling, thirty times a member's budget.
    const answers = await Promise.all(members.map((m) => statuses(60, () => call(h, 'GET', API_PATHS.accountSessions, CAMPUS, { token: m.token }))));
    expect(answers.flat().filter((s) => s !== 200)).toEqual([]);
    // The next colleague signs up and in from the same address: their signed-in neighbours spent none of its budget.
    await signedIn(h, CAMPUS);
    // 3,100 requests: minutes on a busy CI machine (no assertion is about time).
  }, 240_000);

  it('one member flooding is refused at their own budget, with the product message, and their neighbours are not', async () => {
    const [flooder, neighbour] = [await signedIn(h, CAMPUS), await signedIn(h, CAMPUS)];
    const flood: Answer[] = [];
    for (let i = 0; i < PER_MEMBER; i += 1) flood.push(await call(h, 'GET', API_PATHS.accountSessions, CAMPUS, { token: flooder.token }));
    expect(flood.map((a) => a.status)).toEqual(times(PER_MEMBER, 200));
    // Answers within the budget carry none of the limiter's headers (decision 0019: three headers on every reply);
    // the refusal says the limit, that none is left, and when the budget starts over.
    expect(flood.filter((a) => Object.keys(a.limitHeaders).length > 0)).toEqual([]);
    const over = await call(h, 'GET', API_PATHS.accountSessions, CAMPUS, { token: flooder.token });
    expect([over.status, over.body.message]).toEqual([429, TOO_MANY_REQUESTS_MESSAGE]);
    expect(over.retryAfter).toBeGreaterThan(0);
    expect(over.limitHeaders).toEqual({ 'x-ratelimit-limit': String(PER_MEMBER), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(over.retryAfter) });
    // From another address too: the budget is the member's, not the address's.
    expect((await call(h, 'GET', API_PATHS.accountSessions, '192.0.2.44', { token: flooder.token })).status).toBe(429);
    expect((await call(h, 'GET', API_PATHS.accountSessions, CAMPUS, { token: neighbour.token })).status).toBe(200);
    expect((await call(h, 'GET', '/api/health', CAMPUS)).status).toBe(200);
  });

  it('a signed-out flood from one address is refused at the anonymous ceiling, and other addresses are not', async () => {
    const flooder = '198.51.100.20';
    expect(await statuses(ANONYMOUS + 2, () => call(h, 'GET', '/api/health', flooder))).toEqual([...times(ANONYMOUS, 200), 429, 429]);
    const over = await call(h, 'GET', '/api/health', flooder);
    expect(over.body.message).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect((await call(h, 'GET', '/api/health', '198.51.100.21')).status).toBe(200);
  });

  it('a forged, foreign-signed or expired token buys no budget: it counts against its address, never against the member it names', async () => {
    const victim = await signedIn(h, '192.0.2.50');
    const now = Math.floor(Date.now() / 1000);
    const signed = (secret: string, exp: number) =>
      new SignJWT({ sid: randomBytes(8).toString('hex') })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('sciexperts-api')
        .setSubject(String(victim.id))
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    // Each request a fresh token: a random string, one naming the victim signed with another secret, one naming the
    // victim signed with the site's own secret but expired an hour ago.
    const tokenFor = async (i: number) => {
      if (i % 3 === 0) return `forged-${randomBytes(12).toString('hex')}`;
      if (i % 3 === 1) return signed(`another-secret-${randomBytes(12).toString('hex')}`, now + 3600);
      return signed(h.config.tokenSecret, now - 3600 - i);
    };
    const attacker = '198.51.100.30';
    const answers = await statuses(ANONYMOUS + 1, async (i) => call(h, 'GET', API_PATHS.accountSessions, attacker, { token: await tokenFor(i) }));
    // Every one is refused as a bad session until the address's ceiling is reached; the next is refused before any
    // session lookup.
    expect(answers).toEqual([...times(ANONYMOUS, 401), 429]);
    // The member those tokens named still has their whole budget.
    const own = await statuses(PER_MEMBER, () => call(h, 'GET', API_PATHS.accountSessions, '192.0.2.50', { token: victim.token }));
    expect(own).toEqual(times(PER_MEMBER, 200));
  });
});

describe('request budgets across API processes', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    // Two apps with one Redis and one token secret, as two processes behind the site's proxy.
    const shared = { ...limits, redisUrl: REDIS_URL, redisKeyPrefix: prefix };
    a = await startApp({ ...shared, chatStreamName: `${prefix}-a` });
    b = await startApp({ ...shared, chatStreamName: `${prefix}-b` });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  it('count a member and an address once, whichever process answers', async () => {
    const m = await signedIn(a, CAMPUS);
    // The health route needs no session, so the second process (its own database) answers the member's token too.
    const asMember = await statuses(PER_MEMBER + 1, (i) => call(i % 2 ? b : a, 'GET', '/api/health', CAMPUS, { token: m.token }));
    expect(asMember).toEqual([...times(PER_MEMBER, 200), 429]);
    const anonymous = await statuses(ANONYMOUS + 1, (i) => call(i % 2 ? b : a, 'GET', '/api/health', '198.51.100.60'));
    expect(anonymous).toEqual([...times(ANONYMOUS, 200), 429]);
  });
});

describe('request budget settings', () => {
  it('default to 1,200 a minute per member and 6,000 a minute per signed-out address; both can be set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-budget-config-'));
    try {
      const base = { DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40) };
      const defaults = loadConfig(base);
      expect([defaults.rateLimitPerMinute, defaults.anonymousRateLimitPerMinute, defaults.rateLimitWindowMs]).toEqual([1200, 6000, undefined]);
      const set = loadConfig({ ...base, RATE_LIMIT_PER_MINUTE: '600', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '20000' });
      expect([set.rateLimitPerMinute, set.anonymousRateLimitPerMinute]).toEqual([600, 20000]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
