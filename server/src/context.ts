import '@fastify/swagger';
import '@fastify/multipart';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { TokenService, AuthContext } from './auth/tokens';
import type { PasswordHasher } from './auth/passwords';
import type { Mailer } from './mail/mailer';
import type { OidcVerifier } from './auth/oidc';
import type { FailureThrottle, LoginThrottle } from './auth/throttle';
import type { SharedRedis } from './redis/client';
import type { LimiterStore } from './redis/limiters';
import type { PaymentProvider } from './modules/payments/provider';
import type { JobQueue } from './jobs';
import type { SecondFactors } from './auth/secondFactor';
import type { PartnerRegistry } from './modules/partners/registry';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  hasher: PasswordHasher;
  mailer: Mailer;
  oidc: OidcVerifier | null;
  /** The shared Redis connection (REDIS_URL), null without one; `redisHealth(ctx.redis)` for readiness. */
  redis: SharedRedis | null;
  /** Where throttles and limits count: Redis when configured, else this process (docs/decisions/0032-shared-stores.md). */
  limiters: LimiterStore;
  throttles: { login: LoginThrottle; signup: FailureThrottle; resetRequest: FailureThrottle; reauth: FailureThrottle };
  uploadsDir: string;
  /** Outbound HTTP (ORCID); injectable so tests need no network. */
  fetch: typeof fetch;
  /** The payment provider (escrow); null when none is configured. */
  payments: PaymentProvider | null;
  /** "Now" for scheduled work; injectable so tests move time by hand. */
  clock: () => Date;
  /** Scheduled work (docs/decisions/0013-job-queue.md): modules register handlers; main.ts starts the queue. */
  jobs: JobQueue;
  /** TOTP and recovery codes, for members and operators alike (docs/decisions/0034-second-factor.md). */
  secondFactors: SecondFactors;
  /** The partner apps' origins, cached in every process and emptied by any change (docs/decisions/0050-partner-apps-and-scoped-tokens.md). */
  partners: PartnerRegistry;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
