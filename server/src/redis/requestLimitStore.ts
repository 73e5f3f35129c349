import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterStore } from './limiters';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit over the limiter store (Redis when configured), so the per-address request budget is
 * one for all API processes. @fastify/rate-limit's own Redis store needs ioredis (defineCommand); the server's one
 * Redis connection is node-redis, which rate-limiter-flexible speaks. A fixed window per address, like its own stores.
 */
export function requestLimitStore(store: LimiterStore, name = 'requests') {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (timeWindowMs: number, max: number): RateLimiterAbstract => {
    const id = `${timeWindowMs}:${max}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = store.limiter(`${name}:${id}`, max, Math.max(1, Math.ceil(timeWindowMs / 1000)));
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return class SharedRequestLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      // penalty() counts without refusing: the plugin compares the count with max and answers 429 itself.
      limiterFor(timeWindow, max)
        .penalty(key, 1)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      limiterFor(timeWindow, max)
        .get(key)
        .then(
          (res) => callback(null, { current: res?.consumedPoints ?? 0, ttl: Math.max(0, res?.msBeforeNext ?? 0) }),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /** Route-level settings get the same store: the limiter is chosen per window and max at each call. */
    child(): SharedRequestLimitStore {
      return this;
    }
  };
}
