import { PasswordHasher, Semaphore, hashPassword, hashPasswordScrypt, needsRehash, verifyPassword } from '../src/auth/passwords';
import { FailureThrottle, LoginThrottle } from '../src/auth/throttle';
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
  it('sign-ups default to 20 per address; X-Forwarded-For is believed only when a proxy is configured', () => {
    const load = (env: Record<string, string>) => loadConfig({ TOKEN_SECRET: 'x'.repeat(40), ...env });
    expect(load({})).toMatchObject({ signupLimit: 20, trustProxy: false });
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => load({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});

describe('failure throttle', () => {
  it('blocks at the limit and forgets after the window', () => {
    let now = 0;
    const t = new FailureThrottle(3, 1000, () => now);
    for (let i = 0; i < 3; i += 1) t.fail('k');
    expect(t.isBlocked('k')).toBe(true);
    expect(t.retryAfterSeconds('k')).toBe(1);
    now = 1001;
    expect(t.isBlocked('k')).toBe(false);
  });
});

describe('login throttle', () => {
  const MIN = 60_000;
  const admitted = (t: LoginThrottle, account: string, address: string) => {
    const a = t.admit(account, address);
    if (!a.ok) throw new Error(`refused, retry after ${a.retryAfterSeconds} s`);
    return a.attempt;
  };

  it('reserves attempts before they finish, then waits 30 s, doubling per further failure up to 15 min', () => {
    let now = 0;
    const t = new LoginThrottle({}, () => now);
    const inFlight = Array.from({ length: 5 }, () => admitted(t, 'v', 'A'));
    // Nothing has failed yet, but five are in flight: a sixth is refused.
    expect(t.admit('v', 'A')).toEqual({ ok: false, retryAfterSeconds: 30 });
    for (const a of inFlight) a.fail();
    expect(t.admit('v', 'A')).toEqual({ ok: false, retryAfterSeconds: 30 });
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const refused = t.admit('v', 'A');
      if (refused.ok) throw new Error('should wait');
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
      admitted(t, 'v', 'A').fail();
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    // Other addresses are not slowed by A's failures, and success clears the pair.
    admitted(t, 'v', 'B').succeed();
    now += 900_000;
    admitted(t, 'v', 'A').succeed();
    for (let i = 0; i < 5; i += 1) admitted(t, 'v', 'A').fail();
    expect(t.admit('v', 'A').ok).toBe(false);
  });

  it('a released attempt (no outcome) is not counted', () => {
    const t = new LoginThrottle({}, () => 0);
    for (let i = 0; i < 20; i += 1) admitted(t, 'v', 'A').release();
    expect(t.admit('v', 'A').ok).toBe(true);
  });

  it('an address failing on many accounts may go on only with accounts it knows or already tried', () => {
    let now = 0;
    const t = new LoginThrottle({}, () => now);
    admitted(t, 'owner', 'NAT').succeed();
    for (let i = 0; i < 20; i += 1) admitted(t, `x${i}`, 'NAT').fail();
    expect(t.admit('x20', 'NAT')).toEqual({ ok: false, retryAfterSeconds: 900 });
    expect(t.admit('x3', 'NAT').ok).toBe(true);
    expect(t.admit('owner', 'NAT').ok).toBe(true);
    expect(t.admit('x20', 'elsewhere').ok).toBe(true);
    now += 15 * MIN + 1;
    expect(t.admit('x20', 'NAT').ok).toBe(true);
  });

  it('a distributed attack on one account leaves its known addresses alone', () => {
    const now = 0;
    const t = new LoginThrottle({}, () => now);
    admitted(t, 'v', 'home').succeed();
    for (let i = 0; i < 100; i += 1) admitted(t, 'v', `bot${i}`).fail();
    expect(t.admit('v', 'bot-new')).toEqual({ ok: false, retryAfterSeconds: 3600 });
    expect(t.admit('v', 'home').ok).toBe(true);
    expect(t.admit('other', 'bot-new').ok).toBe(true);
  });

  it('keeps its maps bounded', () => {
    const t = new LoginThrottle({ maxEntries: 50 }, () => 0);
    for (let i = 0; i < 500; i += 1) admitted(t, `a${i}`, `ip${i}`).fail();
    const sizes = t as unknown as { pairs: Map<string, unknown>; accounts: Map<string, unknown>; addresses: Map<string, unknown> };
    expect(sizes.pairs.size).toBeLessThanOrEqual(51);
    expect(sizes.accounts.size).toBeLessThanOrEqual(51);
    expect(sizes.addresses.size).toBeLessThanOrEqual(51);
  });
});
