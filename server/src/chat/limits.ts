import { BurstyRateLimiter, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterStore } from '../redis/limiters';

/**
 * Chat abuse limits, per member (not per socket: more tabs give no more budget). Generous for people, who send
 * a few messages a minute and whose client sends typing at most every 2 s per open chat; tight for loops.
 */
export const CHAT_LIMITS = {
  /** 30 messages at once, then 3 a second (30 per 10 s). Every sendMessage counts, refused ones too. */
  messages: { burst: 30, perSecond: 3 },
  /** Typing over this is dropped silently: it is only a hint. */
  typing: { burst: 10, perSecond: 1 },
  /** First messages to members never written with before, in any rolling hour; counted in the database. */
  newConversationsPerHour: 30,
} as const;

export const RATE_LIMITED_MESSAGE = 'You are sending messages too quickly. Please wait a few seconds and try again.';
export const NEW_CONVERSATIONS_LIMITED_MESSAGE = `You can start at most ${CHAT_LIMITS.newConversationsPerHour} new conversations an hour. Please wait before writing to someone new.`;

/**
 * A member's budget for one kind of event, counted in the limiter store, so with Redis a member connected to several
 * API processes has one budget, not one per process. rate-limiter-flexible's BurstyRateLimiter: `perSecond` each
 * second, and beyond it a reserve of `burst - perSecond` per 10 s, so `burst` may go at once and a person pausing a
 * second may write again. Redis unreachable: each process keeps a budget of its own (the insurance limiter); this is
 * loop protection, and chat delivery needs Redis anyway.
 */
export function memberLimiter(store: LimiterStore, name: string, limit: { burst: number; perSecond: number }) {
  const limiter = new BurstyRateLimiter(
    store.limiter(`chat-${name}`, limit.perSecond, 1, { insurance: true }),
    store.limiter(`chat-${name}-burst`, limit.burst - limit.perSecond, 10, { insurance: true }),
  );
  return {
    async take(memberId: number): Promise<boolean> {
      try {
        await limiter.consume(String(memberId));
        return true;
      } catch (err) {
        // Refused is a RateLimiterRes; anything else is the store failing beyond its insurance: let the event through.
        return !(err instanceof RateLimiterRes);
      }
    },
  };
}
