/** Counts failures in a sliding window; successes are never counted so a well-behaved client is never locked out. */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  /** Seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds(key: string): number {
    const list = this.recent(key);
    const oldest = list[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

export interface LoginThrottleOptions {
  /** Failures one (account, address) pair may make before it has to wait. */
  freeFailures: number;
  /** The wait after the free failures; it doubles with every further failure up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A pair's failures are forgotten this long after its last one. */
  forgetMs: number;
  /** Distinct accounts one address may fail on within sprayWindowMs before it may only try those and accounts it knows. */
  sprayAccounts: number;
  sprayWindowMs: number;
  /** Failures on one account from all addresses within accountWindowMs before only addresses it knows may try it. */
  accountFailures: number;
  accountWindowMs: number;
  /** How long an address that signed in to an account stays "known" to it. */
  knownForMs: number;
  /** Soft bound on the entries of each map; beyond it expired entries are dropped, then the oldest. */
  maxEntries: number;
}

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
  sprayAccounts: 20,
  sprayWindowMs: 15 * 60_000,
  accountFailures: 100,
  accountWindowMs: 60 * 60_000,
  knownForMs: 30 * 24 * 60 * 60_000,
  maxEntries: 100_000,
};

/** A reserved login attempt: settle it exactly once (the later calls are no-ops). */
export interface LoginAttempt {
  /** The password was right: the pair starts afresh and the address becomes known to the account. */
  succeed(): void;
  /** The password was wrong (or the account unknown). */
  fail(): void;
  /** Neither (e.g. the database failed): give the slot back without counting. */
  release(): void;
}

export type LoginAdmission = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterSeconds: number };

interface Pair {
  failures: number;
  pending: number;
  last: number;
}
interface Tally {
  times: number[];
  pending: number;
}
interface SprayEntry {
  last: number;
  pending: number;
}

/**
 * Login throttling that slows guessing without letting anyone lock a member out (docs/decisions/0004).
 * Attempts are admitted and counted synchronously before the (slow) password check, so parallel requests cannot
 * all pass a check that only the finished ones would have tripped.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, Pair>();
  private readonly accounts = new Map<string, Tally>();
  private readonly addresses = new Map<string, Map<string, SprayEntry>>();
  private readonly known = new Map<string, number>();
  private readonly o: LoginThrottleOptions;

  constructor(
    options: Partial<LoginThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.o = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
  }

  private delayAfter(failures: number): number {
    return Math.min(this.o.maxDelayMs, this.o.baseDelayMs * 2 ** (failures - this.o.freeFailures));
  }

  private pairOf(key: string, now: number): Pair {
    let pair = this.pairs.get(key);
    if (pair && pair.pending === 0 && now - pair.last > Math.max(this.o.forgetMs, this.o.maxDelayMs)) {
      this.pairs.delete(key);
      pair = undefined;
    }
    if (!pair) {
      pair = { failures: 0, pending: 0, last: 0 };
      this.pairs.set(key, pair);
      this.bound(this.pairs, (p) => p.pending === 0 && now - p.last > this.o.forgetMs);
    }
    return pair;
  }

  private tallyOf(account: string, now: number): Tally {
    let tally = this.accounts.get(account);
    if (!tally) {
      tally = { times: [], pending: 0 };
      this.accounts.set(account, tally);
      this.bound(this.accounts, (t) => t.pending === 0 && (t.times.at(-1) ?? 0) <= now - this.o.accountWindowMs);
    }
    const cutoff = now - this.o.accountWindowMs;
    while (tally.times.length > 0 && tally.times[0]! <= cutoff) tally.times.shift();
    return tally;
  }

  private sprayOf(address: string, now: number): Map<string, SprayEntry> {
    let spray = this.addresses.get(address);
    if (!spray) {
      spray = new Map();
      this.addresses.set(address, spray);
      this.bound(this.addresses, (s) => s.size === 0);
    }
    const cutoff = now - this.o.sprayWindowMs;
    for (const [account, entry] of spray) if (entry.pending === 0 && entry.last <= cutoff) spray.delete(account);
    return spray;
  }

  private isKnown(pairKey: string, now: number): boolean {
    const until = this.known.get(pairKey);
    if (until === undefined) return false;
    if (until > now) return true;
    this.known.delete(pairKey);
    return false;
  }

  /** Keeps memory bounded under a flood of distinct keys: expired entries go first, then the oldest idle ones. */
  private bound<V>(map: Map<string, V>, expired: (v: V) => boolean): void {
    if (map.size <= this.o.maxEntries) return;
    for (const [k, v] of map) if (expired(v)) map.delete(k);
    for (const k of map.keys()) {
      if (map.size <= this.o.maxEntries) break;
      map.delete(k);
    }
  }

  private refuse(untilMs: number, now: number): LoginAdmission {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((untilMs - now) / 1000)) };
  }

  /** Admits and reserves one attempt of `address` on `account`, or says how long to wait. Synchronous on purpose. */
  admit(account: string, address: string): LoginAdmission {
    const now = this.now();
    const pairKey = `${account}\n${address}`;
    const pair = this.pairOf(pairKey, now);
    const used = pair.failures + pair.pending;
    if (used >= this.o.freeFailures) {
      // Past the free failures only one attempt may be in flight, and only once the wait since the last failure is over.
      const until = (pair.pending > 0 ? Math.max(pair.last, now) : pair.last) + this.delayAfter(used);
      if (pair.pending > 0 || now < until) return this.refuse(until, now);
    }
    const known = this.isKnown(pairKey, now);
    const tally = this.tallyOf(account, now);
    if (!known && tally.times.length + tally.pending >= this.o.accountFailures) {
      return this.refuse((tally.times[0] ?? now) + this.o.accountWindowMs, now);
    }
    const spray = this.sprayOf(address, now);
    if (!known && !spray.has(account) && spray.size >= this.o.sprayAccounts) {
      let oldest = now;
      for (const entry of spray.values()) if (entry.pending === 0) oldest = Math.min(oldest, entry.last);
      return this.refuse(oldest + this.o.sprayWindowMs, now);
    }

    const entry = spray.get(account) ?? { last: 0, pending: 0 };
    spray.set(account, entry);
    pair.pending += 1;
    tally.pending += 1;
    entry.pending += 1;
    let settled = false;
    const settle = (outcome: 'success' | 'failure' | 'none') => {
      if (settled) return;
      settled = true;
      const at = this.now();
      pair.pending -= 1;
      tally.pending -= 1;
      entry.pending -= 1;
      if (outcome === 'failure') {
        pair.failures += 1;
        pair.last = at;
        tally.times.push(at);
        if (tally.times.length > this.o.accountFailures) tally.times.shift();
        entry.last = at;
      } else if (outcome === 'success') {
        // Other attempts of this pair may still be in flight: keep the record, but with no failures.
        pair.failures = 0;
        if (pair.pending === 0) this.pairs.delete(pairKey);
        if (entry.pending === 0) spray.delete(account);
        this.known.delete(pairKey);
        this.known.set(pairKey, at + this.o.knownForMs);
        this.bound(this.known, (until) => until <= at);
      } else if (entry.pending === 0 && entry.last === 0) {
        spray.delete(account);
      }
    };
    return { ok: true, attempt: { succeed: () => settle('success'), fail: () => settle('failure'), release: () => settle('none') } };
  }
}
