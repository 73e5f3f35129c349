import '@fastify/swagger';
import '@fastify/multipart';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { TokenService, AuthContext } from './auth/tokens';
import type { PasswordHasher } from './auth/passwords';
import type { Mailer } from './mail/mailer';
import type { OidcVerifier } from './auth/oidc';
import type { FailureThrottle, LoginThrottle } from './auth/throttle';
import type { PaymentProvider } from './modules/payments/provider';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  hasher: PasswordHasher;
  mailer: Mailer;
  oidc: OidcVerifier | null;
  throttles: { login: LoginThrottle; signup: FailureThrottle; resetRequest: FailureThrottle };
  uploadsDir: string;
  /** Outbound HTTP (ORCID); injectable so tests need no network. */
  fetch: typeof fetch;
  /** The payment provider (escrow); null when none is configured. */
  payments: PaymentProvider | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
