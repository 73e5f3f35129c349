import { PasswordHasher, Semaphore, hashPassword, hashPasswordScrypt, needsRehash, verifyPassword } from '../src/auth/passwords';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { FailureThrottle, LoginThrottle, StoreUnavailable } from '../src/auth/throttle';
import { connectRedis, type SharedRedis } from '../src/redis/client';
import { memoryLimiters, redisLimiters } from '../src/redis/limiters';
import { loadConfig } from '../src/config';
import type * as Argon2 from '@node-rs/argon2';

// Counts the argon2 calls in flight, to see the hasher's bound from the outside.
const argon2Calls = { active: 0, peak: 0 };
jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof Argon2>('@node-rs/argon2');
  const track =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon2Calls.active += 1;
      argon2Calls.peak = Math.max(argon2Calls.peak, argon2Calls.active);
      try {
        return await fn(...args);
      } finally {
        argon2Calls.active -= 1;
      }
    };
  return { ...actual, hash: track(actual.hash), verify: track(actual.verify) };
});

const CHEAP = { memoryKiB: 64, iterations: 1 };

describe('password hashing', () => {
  it('uses argon2id at the OWASP cost by default and verifies', async () => {
    const cost = loadConfig({ TOKEN_SECRET: 'x'.repeat(40) }).passwordHash;
    expect(cost).toEqual({ memoryKiB: 19_456, iterations: 2 });
    const hash = await hashPassword('pässwörd 🔑', cost);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('pässwörd 🔑', hash)).toBe(true);
    expect(await verifyPassword('password', hash)).toBe(false);
    expect(needsRehash(hash, cost)).toBe(false);
  });

  it('salts every hash and still works for unknown users', async () => {
    const hasher = new PasswordHasher(CHEAP);
    const [a, b] = [await hasher.hash('same'), await hasher.hash('same')];
    expect(a).not.toBe(b);
    expect(await hasher.verify('same', a)).toBe(true);
    expect(await hasher.verify('same', null)).toBe(false);
    expect(await verifyPassword('same', 'garbage')).toBe(false);
    expect(await verifyPassword('same', '$argon2id$garbage')).toBe(false);
  });

  it('still verifies the old scrypt hashes and asks for them to be rehashed', async () => {
    const old = await hashPasswordScrypt('legacy password', 10);
    expect(old).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('legacy password', old)).toBe(true);
    expect(await verifyPassword('wrong password', old)).toBe(false);
    expect(needsRehash(old, CHEAP)).toBe(true);
    // A changed cost is an upgrade too.
    expect(needsRehash(await hashPassword('x', CHEAP), { memoryKiB: 128, iterations: 1 })).toBe(true);
  });

  it('runs at most `concurrency` hashes at once; the rest queue', async () => {
    const hasher = new PasswordHasher(CHEAP, 2);
    const stored = await hasher.hash('secret');
    argon2Calls.peak = 0;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? hasher.hash(`p${i}`) : hasher.verify('secret', i % 3 === 1 ? stored : null))));
    expect(results).toHaveLength(12);
    expect(argon2Calls.peak).toBeLessThanOrEqual(2);
    expect(argon2Calls.peak).toBeGreaterThan(0);
  });

  it('semaphore hands slots over in order and survives failing tasks', async () => {
    const s = new Semaphore(1);
    const order: number[] = [];
    const task = (n: number, fail = false) => s.run(async () => {
      order.push(n);
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('boom');
      return n;
    });
    const settled = await Promise.allSettled([task(1), task(2, true), task(3)]);
    expect(order).toEqual([1, 2, 3]);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(s.queued).toBe(0);
  });
});

describe('throttle settings', () => {
  it('sign-ups default to 20 per address; X-Forwarded-For is believed only from the proxies listed', () => {
    const load = (env: Record<string, string>) => loadConfig({ TOKEN_SECRET: 'x'.repeat(40), ...env });
    expect(load({})).toMatchObject({ signupLimit: 20, trustProxy: false });
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    // Local set-ups only: both believe whoever connects (production refuses them, see productionMode.test.ts).
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const bad of ['maybe', '10.0.0.0/33', '300.1.1.1', '127.0.0.1/8/1']) expect(() => load({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});

// The in-memory store (rate-limiter-flexible's RateLimiterMemory) reads Date.now and expires keys with timers, so
// jest's fake clock moves its time; the Redis store runs the same code in the several-process tests (clusterStores).
describe('failure throttle', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('counts with the check, blocks at the limit and forgets after the window', async () => {
    const t = new FailureThrottle(memoryLimiters(), 'test', 3, 1000);
    expect(await Promise.all([t.hit('k'), t.hit('k'), t.hit('k'), t.hit('k')])).toEqual([null, null, null, 1]);
    expect(await t.check('k')).toBe(1);
    // A refused hit counts too (a fixed window); a refund gives one count back.
    await t.refund('k');
    await t.refund('k');
    expect(await t.check('k')).toBeNull();
    await t.fail('k');
    expect(await t.hit('k')).toBe(1);
    jest.advanceTimersByTime(1001);
    expect(await t.check('k')).toBeNull();
    expect(await t.hit('k')).toBeNull();
  });
});

describe('login throttle', () => {
  const MIN = 60_000;
  beforeEach(() => jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());
  const throttle = () => new LoginThrottle(memoryLimiters());
  const admitted = async (t: LoginThrottle, account: string, address: string) => {
    const a = await t.admit(account, address);
    if (!a.ok) throw new Error(`refused, retry after ${a.retryAfterSeconds} s`);
    return a.attempt;
  };

  it('reserves attempts before they finish, then waits 30 s, doubling per further failure up to 15 min', async () => {
    const t = throttle();
    const inFlight = await Promise.all(Array.from({ length: 5 }, () => admitted(t, 'v', 'A')));
    // Nothing has failed yet, but five are in flight: a sixth is refused.
    expect(await t.admit('v', 'A')).toEqual({ ok: false, retryAfterSeconds: 30 });
    for (const a of inFlight) await a.fail();
    expect(await t.admit('v', 'A')).toEqual({ ok: false, retryAfterSeconds: 30 });
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const refused = await t.admit('v', 'A');
      if (refused.ok) throw new Error('should wait');
      waits.push(refused.retryAfterSeconds);
      jest.advanceTimersByTime(refused.retryAfterSeconds * 1000);
      const attempt = await admitted(t, 'v', 'A');
      // Past the free failures one attempt at a time: a second one meanwhile is refused.
      expect((await t.admit('v', 'A')).ok).toBe(false);
      await attempt.fail();
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    // Other addresses are not slowed by A's failures, and success clears the pair.
    await (await admitted(t, 'v', 'B')).succeed();
    jest.advanceTimersByTime(900_000);
    await (await admitted(t, 'v', 'A')).succeed();
    for (let i = 0; i < 5; i += 1) await (await admitted(t, 'v', 'A')).fail();
    expect((await t.admit('v', 'A')).ok).toBe(false);
  });

  it('a released attempt (no outcome) is not counted', async () => {
    const t = throttle();
    for (let i = 0; i < 20; i += 1) await (await admitted(t, 'v', 'A')).release();
    expect((await t.admit('v', 'A')).ok).toBe(true);
  });

  it('an address failing on many accounts may go on only with accounts it knows or already tried', async () => {
    const t = throttle();
    await (await admitted(t, 'owner', 'NAT')).succeed();
    for (let i = 0; i < 20; i += 1) await (await admitted(t, `x${i}`, 'NAT')).fail();
    expect(await t.admit('x20', 'NAT')).toEqual({ ok: false, retryAfterSeconds: 900 });
    expect((await t.admit('x3', 'NAT')).ok).toBe(true);
    expect((await t.admit('owner', 'NAT')).ok).toBe(true);
    expect((await t.admit('x20', 'elsewhere')).ok).toBe(true);
    jest.advanceTimersByTime(15 * MIN + 1);
    expect((await t.admit('x20', 'NAT')).ok).toBe(true);
  });

  it('a distributed attack on one account leaves its known addresses alone', async () => {
    const t = throttle();
    await (await admitted(t, 'v', 'home')).succeed();
    for (let i = 0; i < 100; i += 1) await (await admitted(t, 'v', `bot${i}`)).fail();
    expect(await t.admit('v', 'bot-new')).toEqual({ ok: false, retryAfterSeconds: 3600 });
    expect((await t.admit('v', 'home')).ok).toBe(true);
    expect((await t.admit('other', 'bot-new')).ok).toBe(true);
  });

  it('with a per-address cap, an address out of attempts may still try the accounts that know it, and has them back after the window', async () => {
    const t = new LoginThrottle(memoryLimiters(), { name: 'capped', addressFailures: 3, addressWindowMs: 24 * 60 * MIN });
    await (await admitted(t, 'mine', 'A')).succeed();
    for (const account of ['x', 'y', 'z']) await (await admitted(t, account, 'A')).fail();
    // Three failures from A: a fourth try on an account that does not know A waits for the day's window...
    expect(await t.admit('w', 'A')).toEqual({ ok: false, retryAfterSeconds: 24 * 3600 });
    // ...but the account A signed in to does not, nor does another address, and a refused try counted nothing.
    await (await admitted(t, 'mine', 'A')).succeed();
    await (await admitted(t, 'w', 'B')).fail();
    // Members' throttle (no cap, its own key space) is untouched by the operators' counts.
    expect((await throttle().admit('w', 'A')).ok).toBe(true);
    jest.advanceTimersByTime(24 * 60 * MIN + 1000);
    expect((await t.admit('w', 'A')).ok).toBe(true);
  });

  it('a store that cannot be asked refuses with StoreUnavailable, never admits', async () => {
    const broken = { shared: true, limiter: () => new RateLimiterRedis({ storeClient: { isReady: false }, useRedisPackage: true, rejectIfRedisNotReady: true, points: 5, duration: 60 }) };
    await expect(new LoginThrottle(broken).admit('v', 'A')).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(new FailureThrottle(broken, 'signup', 5, 60_000).hit('k')).rejects.toBeInstanceOf(StoreUnavailable);
  });
});

// The same throttle on the Redis store (a key prefix of this run): what does not need time travel.
describe('login throttle on Redis', () => {
  const prefix = `test-${Math.random().toString(36).slice(2)}`;
  let redis: SharedRedis;
  beforeAll(async () => {
    redis = await connectRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', prefix);
  });
  afterAll(async () => {
    const keys = await redis.client.keys(`${prefix}*`);
    if (keys.length > 0) await redis.client.del(keys);
    await redis.close();
  });
  const throttle = () => new LoginThrottle(redisLimiters({ ...redis, prefix: `${prefix}:${Math.random().toString(36).slice(2)}` }));

  it('thirty parallel attempts on one pair: five are admitted, the rest told to wait', async () => {
    const t = throttle();
    const admissions = await Promise.all(Array.from({ length: 30 }, () => t.admit('v', 'A')));
    const admitted = admissions.filter((a) => a.ok);
    expect(admitted).toHaveLength(5);
    expect(admissions.filter((a) => !a.ok).every((a) => !a.ok && a.retryAfterSeconds === 30)).toBe(true);
    for (const a of admitted) if (a.ok) await a.attempt.fail();
    const after = await t.admit('v', 'A');
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.retryAfterSeconds).toBeGreaterThan(25);
  });

  it('released attempts are not counted; a success clears the pair', async () => {
    const t = throttle();
    for (let i = 0; i < 20; i += 1) {
      const a = await t.admit('v', 'A');
      if (!a.ok) throw new Error('refused');
      await a.attempt.release();
    }
    for (let i = 0; i < 4; i += 1) {
      const a = await t.admit('v', 'A');
      if (!a.ok) throw new Error('refused');
      await a.attempt.fail();
    }
    const right = await t.admit('v', 'A');
    if (!right.ok) throw new Error('refused');
    await right.attempt.succeed();
    for (let i = 0; i < 5; i += 1) expect((await t.admit('v', 'A')).ok).toBe(true);
  });

  it('spray and distributed layers, with known addresses spared', async () => {
    const t = throttle();
    /** Refused for the window, less what has passed of it (at most a minute on a busy machine). */
    const expectRefusedFor = (admission: Awaited<ReturnType<typeof t.admit>>, seconds: number) => {
      expect(admission.ok).toBe(false);
      if (!admission.ok) {
        expect(admission.retryAfterSeconds).toBeLessThanOrEqual(seconds);
        expect(admission.retryAfterSeconds).toBeGreaterThan(seconds - 60);
      }
    };
    const settle = async (account: string, address: string, outcome: 'fail' | 'succeed') => {
      const a = await t.admit(account, address);
      if (!a.ok) throw new Error(`refused ${account} at ${address}`);
      await a.attempt[outcome]();
    };
    await settle('owner', 'NAT', 'succeed');
    for (let i = 0; i < 20; i += 1) await settle(`x${i}`, 'NAT', 'fail');
    // Real time on Redis: the windows' clocks run while a busy machine settles a hundred attempts.
    expectRefusedFor(await t.admit('x20', 'NAT'), 900);
    expect((await t.admit('owner', 'NAT')).ok).toBe(true);
    await settle('v', 'home', 'succeed');
    for (let i = 0; i < 100; i += 1) await settle('v', `bot${i}`, 'fail');
    expectRefusedFor(await t.admit('v', 'bot-new'), 3600);
    expect((await t.admit('v', 'home')).ok).toBe(true);
  });

  it('only a first try on an account counts against the address: signing in again and again does not use up its accounts', async () => {
    const t = throttle();
    const settle = async (account: string, outcome: 'fail' | 'succeed') => {
      const a = await t.admit(account, 'lab');
      if (!a.ok) throw new Error(`refused ${account}`);
      await a.attempt[outcome]();
    };
    for (let i = 0; i < 30; i += 1) await settle('owner', 'succeed');
    for (let i = 0; i < 3; i += 1) await settle('typo', 'fail');
    // The spray layer allows twenty failed accounts: 'typo' and nineteen more ('owner' signed in, so it is not one).
    for (let i = 0; i < 19; i += 1) await settle(`x${i}`, 'fail');
    expect((await t.admit('x19', 'lab')).ok).toBe(false);
    expect((await t.admit('owner', 'lab')).ok).toBe(true);
  });
});
