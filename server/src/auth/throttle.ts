import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ask, seconds, take, type LimiterStore } from '../redis/limiters';

export { StoreUnavailable } from '../redis/limiters';

/**
 * At most `limit` counted events per key in a window (sign-ups per address, reset requests per e-mail, wrong
 * current passwords per member). Counted in the limiter store, so with Redis the budget is one for all processes.
 * Store failures surface as StoreUnavailable: the caller answers 503 rather than let the event through unchecked.
 */
export class FailureThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(store: LimiterStore, name: string, limit: number, windowMs: number) {
    this.limiter = store.limiter(name, limit, Math.ceil(windowMs / 1000));
  }

  /**
   * Counts one event before the work it guards, atomically with the check, so parallel requests cannot all pass a
   * check that only the finished ones would have tripped. Null when allowed, else the seconds to wait.
   */
  async hit(key: string): Promise<number | null> {
    const { ok, res } = await take(this.limiter, key);
    if (ok) return null;
    return seconds(res.msBeforeNext);
  }

  /** Gives back an event counted by hit() that turned out not to count (a right current password). */
  async refund(key: string): Promise<void> {
    await ask(this.limiter.reward(key, 1));
  }

  /** Null when the key may go on, else the seconds to wait; counts nothing. */
  async check(key: string): Promise<number | null> {
    const res = await ask(this.limiter.get(key));
    return res && res.consumedPoints >= this.limiter.points ? seconds(res.msBeforeNext) : null;
  }

  async fail(key: string): Promise<void> {
    await ask(this.limiter.penalty(key, 1));
  }

  async reset(key: string): Promise<void> {
    await ask(this.limiter.delete(key));
  }
}

export interface LoginThrottleOptions {
  /** The counters' key space: another kind of account (operators) counts apart from the members. */
  name: string;
  /** Failures one (account, address) pair may make before it has to wait. */
  freeFailures: number;
  /** The wait after the free failures; it doubles with every further failure up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A pair's failures are forgotten this long after its first one (a success forgets them at once). */
  forgetMs: number;
  /** Distinct accounts one address may fail on within sprayWindowMs before it may only try those and accounts it knows. */
  sprayAccounts: number;
  sprayWindowMs: number;
  /** Failures on one account from all addresses within accountWindowMs before only addresses it knows may try it. */
  accountFailures: number;
  accountWindowMs: number;
  /** How long an address that signed in to an account stays "known" to it. */
  knownForMs: number;
  /** An attempt's reservation is dropped this long after it began if its process died before settling it. */
  attemptTimeoutMs: number;
  /**
   * Attempts one address may make on accounts that do not know it within addressWindowMs (a success or release
   * gives one back): the "slow brute force by address" cap. Off unless set; a known address is never held by it.
   */
  addressFailures?: number;
  addressWindowMs?: number;
}

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = {
  name: 'login',
  freeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  // A fixed window from the first failure (what a shared counter offers). Long on purpose: under attack the waits
  // reach 15 min within about half an hour, and a shorter window would hand out the free failures again every hour.
  forgetMs: 24 * 60 * 60_000,
  sprayAccounts: 20,
  sprayWindowMs: 15 * 60_000,
  accountFailures: 100,
  accountWindowMs: 60 * 60_000,
  knownForMs: 30 * 24 * 60 * 60_000,
  attemptTimeoutMs: 60_000,
};

/** A reserved login attempt: settle it exactly once (the later calls are no-ops). Settling never throws. */
export interface LoginAttempt {
  /** The password was right: the pair starts afresh and the address becomes known to the account. */
  succeed(): Promise<void>;
  /** The password was wrong (or the account unknown). */
  fail(): Promise<void>;
  /** Neither (e.g. the database failed): give the slot back without counting. */
  release(): Promise<void>;
}

export type LoginAdmission = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterSeconds: number };

const sec = (ms: number) => Math.ceil(ms / 1000);

/**
 * Login throttling that slows guessing without letting anyone lock a member out (docs/decisions/0004, and 0032 for
 * where it counts). Every attempt is reserved in the store before the (slow) password check and settled after it, so
 * parallel requests, on one process or several, cannot all pass a check that only the finished ones would have
 * tripped. Built on rate-limiter-flexible counters, following its "login endpoint protection" pattern (by account +
 * address, and by address), plus the known-address and per-account layers of decision 0004:
 *
 * - `pending`  in-flight attempts of a pair: past the free failures only one may be in flight;
 * - `pair`     attempts of a pair (reservations + failures; a success deletes it, a release gives one back);
 * - `wait`     the pair's current wait after a failure past the free ones (a block of 30 s doubling up to 15 min);
 * - `account`  attempts on an account from all addresses (a success or release gives one back);
 * - `tried` + `spray`  distinct accounts an address failed on (`tried` marks an account once per window);
 * - `known`    addresses that signed in to an account.
 */
export class LoginThrottle {
  private readonly o: LoginThrottleOptions;
  private readonly pending: RateLimiterAbstract;
  private readonly pair: RateLimiterAbstract;
  private readonly wait: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly tried: RateLimiterAbstract;
  private readonly spray: RateLimiterAbstract;
  private readonly known: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract | null;

  constructor(store: LimiterStore, options: Partial<LoginThrottleOptions> = {}) {
    const o = (this.o = { ...LOGIN_THROTTLE_DEFAULTS, ...options });
    const n = o.name;
    this.pending = store.limiter(`${n}-pending`, 1, sec(o.attemptTimeoutMs));
    this.pair = store.limiter(`${n}-pair`, o.freeFailures, sec(o.forgetMs));
    this.wait = store.limiter(`${n}-wait`, 1, sec(o.maxDelayMs));
    this.account = store.limiter(`${n}-account`, o.accountFailures, sec(o.accountWindowMs));
    this.tried = store.limiter(`${n}-tried`, 1, sec(o.sprayWindowMs));
    this.spray = store.limiter(`${n}-spray`, o.sprayAccounts, sec(o.sprayWindowMs));
    this.known = store.limiter(`${n}-known`, 1, sec(o.knownForMs));
    this.address = o.addressFailures ? store.limiter(`${n}-address`, o.addressFailures, sec(o.addressWindowMs ?? 24 * 60 * 60_000)) : null;
  }

  private delayAfter(failures: number): number {
    return Math.min(this.o.maxDelayMs, this.o.baseDelayMs * 2 ** (failures - this.o.freeFailures));
  }

  /**
   * Admits and reserves one attempt of `address` on `account`, or says how long to wait. Throws StoreUnavailable
   * when the store cannot be asked (the caller answers 503: a guess is never let through unthrottled).
   */
  async admit(account: string, address: string): Promise<LoginAdmission> {
    const pairKey = `${account}\n${address}`;
    const triedKey = `${address}\n${account}`;
    // One round trip: node-redis pipelines the commands issued in the same tick. The address's count of accounts is
    // taken for every attempt, though only a first try on an account may raise it, so that a first sign-in from an
    // address needs no second round trip (it cost 2.2–3 ms at p99 through Redis, against 0.7–0.8 ms for the others);
    // any other attempt gives it back at once. Meanwhile a first try from the same address sees it one higher per
    // such attempt in flight: stricter for a moment, never looser.
    const [known, pending, pair, tally, tried, spray, byAddress] = await Promise.all([
      ask(this.known.get(pairKey)),
      take(this.pending, pairKey),
      take(this.pair, pairKey),
      take(this.account, account),
      take(this.tried, triedKey),
      take(this.spray, address),
      this.address ? take(this.address, address) : null,
    ]);
    const isKnown = known !== null && known.consumedPoints > 0;
    const firstTry = tried.res.consumedPoints === 1;
    const sprayTaken = firstTry;
    if (!firstTry) this.spray.reward(address, 1).catch(() => undefined);
    const undo = async (): Promise<void> => {
      await Promise.all([
        this.pending.reward(pairKey, 1),
        this.pair.reward(pairKey, 1),
        this.account.reward(account, 1),
        firstTry ? this.tried.delete(triedKey) : null,
        sprayTaken ? this.spray.reward(address, 1) : null,
        this.address?.reward(address, 1),
      ]).catch(() => undefined);
    };
    const refuse = async (waitMs: number): Promise<LoginAdmission> => {
      await undo();
      return { ok: false, retryAfterSeconds: seconds(waitMs) };
    };

    if (!pair.ok) {
      // Past the free failures only one attempt may be in flight, and only once the wait since the last failure is over.
      // Another attempt of the pair is in flight: come back after the first wait (the counters decide then; a burst's
      // reservations are all counted, so they cannot tell this attempt's true wait).
      if (pending.res.consumedPoints > 1) return refuse(this.o.baseDelayMs);
      const blocked = await ask(this.wait.get(pairKey));
      if (blocked) return refuse(blocked.msBeforeNext);
    }
    if (!isKnown && !tally.ok) return refuse(tally.res.msBeforeNext);
    if (firstTry && !isKnown && !spray.ok) return refuse(spray.res.msBeforeNext);
    if (byAddress && !isKnown && !byAddress.ok) return refuse(byAddress.res.msBeforeNext);

    let settled = false;
    const settle = async (outcome: 'success' | 'failure' | 'none') => {
      if (settled) return;
      settled = true;
      // A store failure here loses one count at most; the answer the member gets must not depend on it.
      try {
        if (outcome === 'failure') {
          // The wait is set before this attempt stops counting as in flight (one connection keeps the order), so no
          // other attempt of the pair slips in between the two.
          const failures = (await this.pair.get(pairKey))?.consumedPoints ?? 0;
          await Promise.all([
            failures >= this.o.freeFailures ? this.wait.block(pairKey, sec(this.delayAfter(failures))) : null,
            this.pending.reward(pairKey, 1),
          ]);
        } else if (outcome === 'success') {
          await Promise.all([
            this.pending.reward(pairKey, 1),
            this.pair.delete(pairKey),
            this.wait.delete(pairKey),
            this.account.reward(account, 1),
            // The account no longer counts among the address's failed ones. Its `tried` mark stays: the address is now
            // known to the account (the spray layer spares it), and the next sign-in skips a round trip to the store.
            sprayTaken ? this.spray.reward(address, 1) : null,
            this.address?.reward(address, 1),
            // The limiter's own window: the in-memory store shortens windows its timers cannot hold.
            this.known.set(pairKey, 1, this.known.duration),
          ]);
        } else {
          await undo();
        }
      } catch {
        /* see above */
      }
    };
    return { ok: true, attempt: { succeed: () => settle('success'), fail: () => settle('failure'), release: () => settle('none') } };
  }
}
