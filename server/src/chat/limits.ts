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
 * One token bucket per member, in this process. With several processes a member connected to each gets each
 * process's budget; that still stops a loop, which is what this is for.
 */
export class MemberBuckets {
  private readonly buckets = new Map<number, { tokens: number; atMs: number }>();
  private readonly perMs: number;

  constructor(
    private readonly burst: number,
    perSecond: number,
  ) {
    this.perMs = perSecond / 1000;
  }

  take(memberId: number, now = Date.now()): boolean {
    const b = this.buckets.get(memberId);
    const tokens = b ? Math.min(this.burst, b.tokens + (now - b.atMs) * this.perMs) : this.burst;
    if (tokens < 1) {
      this.buckets.set(memberId, { tokens, atMs: now });
      return false;
    }
    this.buckets.set(memberId, { tokens: tokens - 1, atMs: now });
    return true;
  }

  /** Forgets members whose bucket has refilled: a full bucket and no entry mean the same. */
  prune(now = Date.now()): void {
    for (const [id, b] of this.buckets) if (b.tokens + (now - b.atMs) * this.perMs >= this.burst) this.buckets.delete(id);
  }
}
