import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import { bearerToken } from '../auth/tokens';
import { requestLimitStore } from '../redis/requestLimitStore';

const MEMBER_KEY = 'member:';
const ONE_MINUTE_MS = 60_000;

/**
 * Whose budget a request counts against (docs/decisions/0045-per-member-limits.md): a signed-in member's own, so the
 * hundreds of members behind one campus or company address do not share one; anyone else's address. The member is
 * read from the token's signature (cached per token), never from the bare presence of a token: a forged or expired
 * one counts against its address.
 */
export function requestBudgetKey(ctx: AppContext, request: FastifyRequest): string {
  const memberId = ctx.tokens.signedMember(bearerToken(request.headers.authorization));
  // IPv6 addresses by their /64, as the plugin's own key: one home or office network is one address.
  return memberId === null ? `address:${normalizeIP(request.ip)}` : `${MEMBER_KEY}${memberId}`;
}

/**
 * The request budgets, counted before any route's own hooks (the session check among them): a flood of bad or revoked
 * tokens is refused here as cheaply as any other, not answered 401 one session lookup at a time. Routes that declare
 * `rateLimit: false` (the proxy's health polls) are not counted.
 */
export async function installRequestBudgets(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  await app.register(rateLimit, {
    // Not per route (the plugin's default adds its hook after the route's own): one hook on the root, below.
    global: false,
    timeWindow: config.rateLimitWindowMs ?? ONE_MINUTE_MS,
    keyGenerator: (request) => requestBudgetKey(ctx, request),
    max: (_request, key) => (key.startsWith(MEMBER_KEY) ? config.rateLimitPerMinute : config.anonymousRateLimitPerMinute),
    // The limit, what is left and when it starts over are said on a refusal (429, with Retry-After) only: on every
    // other answer they were three headers set and written per request (decision 0019), and nothing reads them.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // One budget per member or address for all API processes. Redis unreachable: requests go through rather than
    // fail. This limit only blunts floods, and every guess it would have slowed is also behind a throttle that refuses
    // (503) while it cannot count; failing here would take reads and pages down with Redis.
    ...(ctx.redis ? { store: requestLimitStore(ctx.limiters), skipOnError: true } : {}),
  });
  const limit = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.rateLimit === false) return;
    await limit.call(app, request, reply);
  });
}
