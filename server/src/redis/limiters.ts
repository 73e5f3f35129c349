import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedRedis } from './client';

/**
 * Where counters live (docs/decisions/0032-shared-stores.md): in Redis when REDIS_URL is set, so every API process
 * counts against the same budget; in this process's memory otherwise (the SQLite default runs one process). Both are
 * rate-limiter-flexible limiters with one API, so the throttles run the same code on either.
 */
export interface LimiterStore {
  readonly shared: boolean;
  /** `points` per window of `durationSec`, under its own key space `name`. */
  limiter(name: string, points: number, durationSec: number, options?: { insurance?: boolean }): RateLimiterAbstract;
}

/**
 * RateLimiterMemory expires keys with setTimeout, which fires at once past about 24.8 days: a longer window would be
 * forgotten immediately. In one process memory is lost at restart anyway, so 24 days is as good as 30.
 */
const MAX_MEMORY_WINDOW_SEC = 24 * 24 * 3600;

export function memoryLimiters(): LimiterStore {
  return {
    shared: false,
    limiter: (name, points, durationSec) => new RateLimiterMemory({ keyPrefix: name, points, duration: Math.min(durationSec, MAX_MEMORY_WINDOW_SEC) }),
  };
}

export function redisLimiters(redis: SharedRedis): LimiterStore {
  return {
    shared: true,
    limiter: (name, points, durationSec, options = {}) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        useRedisPackage: true,
        // Down means down at once (the connection has no offline queue either): a caller must know now.
        rejectIfRedisNotReady: true,
        keyPrefix: `${redis.prefix}:rl:${name}`,
        points,
        duration: durationSec,
        // Limits that guard against loops rather than guessing keep a per-process budget while Redis is away.
        ...(options.insurance ? { insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSec }) } : {}),
      }),
  };
}

/** The store could not be asked: the caller must refuse (sign-in) or decide to let through (loops), never guess. */
export class StoreUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super(`The throttle store is unreachable: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** consume(): { ok: true } within the budget, { ok: false } over it (both with the counter), or throws StoreUnavailable. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<{ ok: boolean; res: RateLimiterRes }> {
  try {
    return { ok: true, res: await limiter.consume(key) };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { ok: false, res: err };
    throw new StoreUnavailable(err);
  }
}

/** Any other limiter call, with store failures as StoreUnavailable. */
export async function ask<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new Error('unexpected refusal');
    throw new StoreUnavailable(err);
  }
}

export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
