import type { Revocation, RevocationBus } from '../auth/tokens';
import type { SharedRedis } from './client';

/** Session revocations between API processes over Redis pub/sub: one message per logout, password reset or list of sessions ended together. */
export function redisRevocationBus(redis: SharedRedis): RevocationBus {
  const channel = `${redis.prefix}:revocations`;
  return {
    publish: (revocation) => redis.publish(channel, JSON.stringify(revocation)),
    subscribe: (onRevocation, trusted) =>
      redis.subscribe(
        channel,
        (message) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(message);
          } catch {
            return;
          }
          const r = parsed as Partial<{ sessionId: unknown; userId: unknown; sessionIds: unknown }> | null;
          if (r && typeof r.sessionId === 'string') onRevocation({ sessionId: r.sessionId } satisfies Revocation);
          else if (r && typeof r.userId === 'number') onRevocation({ userId: r.userId });
          else if (r && Array.isArray(r.sessionIds) && r.sessionIds.every((id) => typeof id === 'string')) onRevocation({ sessionIds: r.sessionIds as string[] });
        },
        { onReady: () => trusted(true), onDown: () => trusted(false) },
      ),
  };
}
