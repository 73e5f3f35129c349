import { isEmail, RELEASE_LIMITS } from '@sciexperts/shared/contracts';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { POSTGRES_POOL_SIZE } from './db/connect';
import { checkOrigins } from './modules/partners/rules';

export interface OidcConfig {
  issuer: string;
  audience: string;
  jwksUrl: string | null;
}

export interface OrcidConfig {
  baseUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Escrow payments (docs/decisions/0012-escrow-ledger.md). */
export interface PaymentsConfig {
  /** 'local': the stand-in at standInUrl (development); 'stripe': STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  provider: 'local' | 'stripe';
  /** The local stand-in's address (PAYMENTS_STAND_IN_URL); null with Stripe. */
  standInUrl: string | null;
  /** The API's key at the provider (server to server). */
  secretKey: string;
  /** The secret the provider signs its webhooks with. */
  webhookSecret: string;
  /** The platform's fee on each released milestone, in basis points (PLATFORM_FEE_BPS; 1000 = 10 %). */
  feeBasisPoints: number;
  /** A submitted milestone the owner does not answer is released after this many days (AUTO_RELEASE_DAYS). */
  autoReleaseDays: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches to PostgreSQL; null means the SQLite file in dataDir. */
  databaseUrl: string | null;
  /** Only for tests: the PostgreSQL schema to use through search_path. */
  databaseSchema: string | null;
  publicUrl: string;
  siteUrl: string;
  /**
   * The site's and the remotes' own origins (CORS_ORIGINS). Partner apps' origins come from the partners registry, with
   * no restart (docs/decisions/0050-partner-apps-and-scoped-tokens.md); INTEGRATOR_ORIGINS is retired.
   */
  corsOrigins: string[];
  /**
   * The origins of the developers' live example (DEMO_PARTNER_ORIGINS: the chat remote's, which serves it): with the
   * demo data on (SEED_DEMO), the server ensures the built-in demo partner (DEVELOPERS_EXAMPLE.partner) with these
   * origins at start. Refused in production, where every partner is registered by an operator in the console.
   */
  demoPartnerOrigins?: string[];
  tokenSecret: string;
  tokenTtlSeconds: number;
  seedDemo: boolean;
  logLevel: string;
  /** 'text': one readable line per event (development); 'json': pino's JSON lines (production, log collectors). LOG_FORMAT. */
  logFormat?: 'text' | 'json';
  /** Log every request (LOG_REQUESTS); off by default in development, where only warnings and errors are worth a line. */
  logRequests?: boolean;
  smtpUrl: string | null;
  /** Where operator mail goes (concierge requests); the outbox folder locally. */
  operatorEmail: string;
  oidc: OidcConfig | null;
  orcid: OrcidConfig | null;
  /** Argon2id cost; OWASP's m = 19 MiB, t = 2 by default, tests lower it to stay fast. */
  passwordHash: { memoryKiB: number; iterations: number };
  /** Sign-up attempts one client address may make per 15 minutes. */
  signupLimit: number;
  /**
   * Whose X-Forwarded-For to believe (TRUST_PROXY, docs/decisions/0033-address-trust.md): false (nobody), or the
   * addresses/CIDRs of the site's proxies (also proxy-addr's names loopback, linklocal, uniquelocal). `true` and hop
   * counts believe whoever connects and are refused in production; they remain for local set-ups only.
   */
  trustProxy: boolean | number | string[];
  /** Each signed-in member's request budget per minute, wherever they connect from (RATE_LIMIT_PER_MINUTE); login throttling is separate and stricter. */
  rateLimitPerMinute: number;
  /**
   * Requests per minute from one address without a signed-in member's token (RATE_LIMIT_ANONYMOUS_PER_MINUTE): high
   * enough for a campus or company network behind one address (docs/decisions/0045-per-member-limits.md).
   */
  anonymousRateLimitPerMinute: number;
  /** Tests only: the request budgets' window in milliseconds (a minute otherwise), so a test never waits one out. */
  rateLimitWindowMs?: number;
  /**
   * redis://… shares chat delivery, throttles, limits and session revocations between processes
   * (docs/decisions/0032-shared-stores.md); unset keeps them in this process's memory.
   */
  redisUrl?: string | null;
  /** Prefix of every key and channel this deployment writes in Redis (REDIS_KEY_PREFIX); tests use one per run. */
  redisKeyPrefix?: string;
  /** Redis stream the chat processes share; tests use a unique one per run. */
  chatStreamName?: string;
  /** How long a positive session check is reused in-process (0 = ask the database every time). */
  sessionCacheMs?: number;
  /**
   * How long an immediate notification e-mail waits, so a member who saw it in the app gets none
   * (NOTIFICATION_EMAIL_DELAY_SECONDS, 120 by default).
   */
  notificationEmailDelayMs?: number;
  /**
   * What the stored TOTP secrets are encrypted with (SECOND_FACTOR_KEY, at least 32 characters; docs/decisions/0034-second-factor.md).
   * Unset: derived from the token secret, so rotating TOKEN_SECRET then makes every authenticator app's codes useless
   * (recovery codes still work). Set it to rotate the two independently.
   */
  secondFactorKey?: string | null;
  /**
   * A call's meeting link, with {room} replaced by the call's unguessable room name (CALL_MEETING_URL_TEMPLATE;
   * a Jitsi Meet room by default).
   */
  callMeetingUrlTemplate?: string;
  /** Tests only: a file holding milliseconds added to the server's clock (TEST_CLOCK_FILE; ignored in production). */
  testClockFile?: string | null;
  /**
   * The automatic canary rollback (docs/decisions/0049-versioned-remote-releases.md): how often canaries are checked
   * (RELEASE_CANARY_CHECK_SECONDS, 15) and the page loads a canary needs before it is judged (RELEASE_CANARY_MIN_LOADS,
   * 50). The e2e suite shortens both to watch a rollback happen in seconds.
   */
  releaseCanary?: { checkMs: number; minLoads: number };
  /** NODE_ENV or SCIEXPERTS_ENV is 'production': unsafe settings were refused at load. */
  production: boolean;
  /** Serve the OpenAPI page and document at /api/docs (off in production unless API_DOCS asks for it). */
  apiDocs: boolean;
  /** Escrow payments; null when no provider is configured (the money routes then answer 503). */
  payments?: PaymentsConfig | null;
  /** GET /metrics on a port of its own (METRICS_PORT, METRICS_HOST); null port: not served. METRICS_TOKEN: a bearer it requires. */
  metrics?: { port: number | null; host: string; token: string | null };
  /**
   * SIGTERM's grace period (SHUTDOWN_DELAY_MS): readiness answers 503 and the process keeps serving this long before
   * it closes its listener, so a proxy or an orchestrator polling readiness stops routing here first. 5 s in
   * production (Kubernetes' readiness probe every 2 s, failing after 2), 1 s otherwise; SIGINT (Ctrl-C) skips it.
   */
  shutdownDelayMs?: number;
  /**
   * Connections this process keeps to PostgreSQL (DATABASE_POOL_SIZE, 10 by default). Every process of a site counts
   * against PostgreSQL's max_connections (100 by default): the Kubernetes manifests set 4, so 20 API pods, the
   * migrations Job and a backup fit (docs/decisions/0048-images-orchestrator-pooler.md).
   */
  databasePoolSize?: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const REPO_ROOT = path.resolve(__dirname, '..', '..');

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** ORCID serves its API on a separate host (pub.orcid.org) from the OAuth one (orcid.org). */
function defaultOrcidApi(baseUrl: string): string {
  const u = new URL(baseUrl);
  if (u.hostname === 'orcid.org' || u.hostname === 'sandbox.orcid.org') {
    u.hostname = `pub.${u.hostname}`;
    return stripSlash(u.toString());
  }
  return stripSlash(baseUrl);
}

/** Keeps tokens valid across restarts when no secret is configured. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** loadConfig for a process's entry point: the problems on stderr, one a line, and exit 1 instead of a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) console.error(`config: ${p}`);
      process.exit(1);
    }
    throw err;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}").`);
      return fallback;
    }
    return Number(raw);
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  };
  const url = (name: string, fallback: string | undefined): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!isHttpUrl(raw)) {
      problems.push(`${name} must be an http(s) URL (got "${raw}").`);
      return fallback;
    }
    return stripSlash(raw);
  };
  const origins = (name: string, fallback: string[]): string[] => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
    for (const o of list) {
      // Origins are matched exactly; a '*' would read as a wildcard to a person but match nothing, or everything.
      if (o.includes('*')) problems.push(`${name} must list exact origins; wildcards are refused (bad entry "${o}").`);
      else if (!isHttpUrl(o) || new URL(o).origin !== stripSlash(o)) problems.push(`${name} must be a comma list of origins like http://host:port (bad entry "${o}").`);
    }
    return list.map(stripSlash);
  };

  const production = str('NODE_ENV') === 'production' || str('SCIEXPERTS_ENV') === 'production';
  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(str('DATA_DIR') ?? path.join(REPO_ROOT, 'data'));

  let databaseUrl: string | null = str('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (unset it to use SQLite).`);
    databaseUrl = null;
  }

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}").`);
  }

  const logFormat = str('LOG_FORMAT') ?? (production ? 'json' : 'text');
  if (logFormat !== 'text' && logFormat !== 'json') problems.push(`LOG_FORMAT must be text or json (got "${logFormat}").`);

  const smtpUrl = str('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://.');

  let oidc: OidcConfig | null = null;
  // Kept exactly as written, trailing slash included: tokens must carry this very string as iss.
  const issuer = url('OIDC_ISSUER', undefined) && str('OIDC_ISSUER');
  const audience = str('OIDC_AUDIENCE');
  const jwksUrl = url('OIDC_JWKS_URL', undefined) ?? null;
  if (issuer && audience) oidc = { issuer, audience, jwksUrl };
  else if (issuer || audience) problems.push('OIDC_ISSUER and OIDC_AUDIENCE must be set together (or both left unset).');

  let orcid: OrcidConfig | null = null;
  const orcidBase = url('ORCID_BASE_URL', undefined);
  const orcidId = str('ORCID_CLIENT_ID');
  const orcidSecret = str('ORCID_CLIENT_SECRET');
  const orcidRedirect = url('ORCID_REDIRECT_URI', undefined);
  const orcidApi = url('ORCID_API_URL', undefined);
  if (orcidBase && orcidId && orcidSecret && orcidRedirect) {
    orcid = { baseUrl: orcidBase, apiUrl: orcidApi ?? defaultOrcidApi(orcidBase), clientId: orcidId, clientSecret: orcidSecret, redirectUri: orcidRedirect };
  } else if (orcidBase || orcidId || orcidSecret || orcidRedirect) {
    problems.push('ORCID_BASE_URL, ORCID_CLIENT_ID, ORCID_CLIENT_SECRET and ORCID_REDIRECT_URI must be set together (or all left unset).');
  }

  let payments: PaymentsConfig | null = null;
  const feeBasisPoints = int('PLATFORM_FEE_BPS', 1000, 0, 5000);
  const autoReleaseDays = int('AUTO_RELEASE_DAYS', 14, 1, 90);
  const standInUrl = url('PAYMENTS_STAND_IN_URL', undefined);
  const standInKey = str('PAYMENTS_SECRET_KEY');
  const standInWebhookSecret = str('PAYMENTS_WEBHOOK_SECRET');
  const stripeKey = str('STRIPE_SECRET_KEY');
  const stripeWebhookSecret = str('STRIPE_WEBHOOK_SECRET');
  const standInAny = Boolean(str('PAYMENTS_STAND_IN_URL') || standInKey || standInWebhookSecret);
  if (standInAny && (stripeKey || stripeWebhookSecret)) {
    problems.push('Set either the local payment stand-in (PAYMENTS_STAND_IN_URL, PAYMENTS_SECRET_KEY, PAYMENTS_WEBHOOK_SECRET) or Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), not both.');
  } else if (standInUrl && standInKey && standInWebhookSecret) {
    payments = { provider: 'local', standInUrl, secretKey: standInKey, webhookSecret: standInWebhookSecret, feeBasisPoints, autoReleaseDays };
  } else if (standInAny) {
    problems.push('PAYMENTS_STAND_IN_URL, PAYMENTS_SECRET_KEY and PAYMENTS_WEBHOOK_SECRET must be set together (or all left unset).');
  } else if (stripeKey && stripeWebhookSecret) {
    payments = { provider: 'stripe', standInUrl: null, secretKey: stripeKey, webhookSecret: stripeWebhookSecret, feeBasisPoints, autoReleaseDays };
  } else if (stripeKey || stripeWebhookSecret) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (or both left unset).');
  }

  // Partner apps are registered in the operators' console now, and take effect without a restart (decision 0050).
  if (str('INTEGRATOR_ORIGINS') !== undefined) {
    problems.push("INTEGRATOR_ORIGINS is retired: register each partner site in the console's Partners page (its origins are allowed from there, without a restart); the site's own origins go in CORS_ORIGINS.");
  }

  // The developers' live example signs in as a built-in partner: a development convenience, never a production one.
  const demoPartnerOrigins = origins('DEMO_PARTNER_ORIGINS', []);
  if (production && demoPartnerOrigins.length > 0) {
    problems.push('DEMO_PARTNER_ORIGINS must not be set in production: register partners in the console, where every change is audited.');
  }
  if (demoPartnerOrigins.length > 0) for (const problem of checkOrigins(demoPartnerOrigins, false)) problems.push(`DEMO_PARTNER_ORIGINS: ${problem.message}`);

  const operatorEmail = str('OPERATOR_EMAIL');
  if (operatorEmail !== undefined && !isEmail(operatorEmail)) problems.push(`OPERATOR_EMAIL must be an e-mail address (got "${operatorEmail}").`);

  const redisUrlEnv = str('REDIS_URL');
  if (redisUrlEnv !== undefined && !/^rediss?:\/\//.test(redisUrlEnv)) problems.push('REDIS_URL must start with redis:// or rediss://.');

  const metricsToken = str('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 32) problems.push('METRICS_TOKEN must be at least 32 characters.');

  const tokenSecretEnv = str('TOKEN_SECRET');
  if (tokenSecretEnv !== undefined && tokenSecretEnv.length < 32) problems.push('TOKEN_SECRET must be at least 32 characters.');
  const secondFactorKey = str('SECOND_FACTOR_KEY') ?? null;
  if (secondFactorKey !== null && secondFactorKey.length < 32) problems.push('SECOND_FACTOR_KEY must be at least 32 characters.');

  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseSchema: null,
    publicUrl: url('PUBLIC_URL', `http://localhost:${port}`) ?? `http://localhost:${port}`,
    siteUrl: url('SITE_URL', 'http://localhost:8080') ?? 'http://localhost:8080',
    corsOrigins: origins('CORS_ORIGINS', ['http://localhost:8080', 'http://localhost:8081', 'http://localhost:8082', 'http://localhost:8083', 'http://localhost:8084']),
    demoPartnerOrigins,
    tokenSecret: '',
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', 3600 * 8, 60, 3600 * 24 * 90),
    seedDemo: bool('SEED_DEMO', !production),
    logLevel,
    smtpUrl,
    oidc,
    orcid,
    passwordHash: { memoryKiB: int('PASSWORD_HASH_MEMORY_KIB', 19_456, 1024, 1_048_576), iterations: int('PASSWORD_HASH_ITERATIONS', 2, 1, 20) },
    signupLimit: int('SIGNUP_LIMIT', 20, 1, 1_000_000),
    operatorEmail: operatorEmail ?? 'concierge@sciexperts.example',
    // Behind no proxy, X-Forwarded-For is whatever the client wrote: believing it would let anyone pick their address.
    trustProxy: trustProxySetting(str('TRUST_PROXY'), problems),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 1200, 1, 1_000_000),
    // A hundred a second: hundreds of signed-out visitors behind one address browsing, signing up and signing in.
    anonymousRateLimitPerMinute: int('RATE_LIMIT_ANONYMOUS_PER_MINUTE', 6000, 1, 1_000_000),
    redisUrl: str('REDIS_URL') ?? null,
    redisKeyPrefix: str('REDIS_KEY_PREFIX') ?? 'sciexperts',
    chatStreamName: str('CHAT_STREAM_NAME') ?? 'sciexperts-chat',
    // One process owns an SQLite file, so it sees every revocation; several processes on PostgreSQL ask the database
    // each time unless Redis tells every process of each revocation (then the cache is evicted within milliseconds).
    sessionCacheMs: int('SESSION_CACHE_MS', databaseUrl && !str('REDIS_URL') ? 0 : 5000, 0, 60_000),
    logFormat: logFormat === 'text' ? 'text' : 'json',
    logRequests: bool('LOG_REQUESTS', production),
    notificationEmailDelayMs: int('NOTIFICATION_EMAIL_DELAY_SECONDS', 120, 0, 86_400) * 1000,
    secondFactorKey,
    callMeetingUrlTemplate: str('CALL_MEETING_URL_TEMPLATE') ?? 'https://meet.jit.si/{room}',
    testClockFile: production ? null : (str('TEST_CLOCK_FILE') ?? null),
    releaseCanary: { checkMs: int('RELEASE_CANARY_CHECK_SECONDS', 15, 1, 3600) * 1000, minLoads: int('RELEASE_CANARY_MIN_LOADS', RELEASE_LIMITS.canaryMinLoads, 1, 1_000_000) },
    production,
    apiDocs: bool('API_DOCS', !production),
    payments,
    metrics: { port: str('METRICS_PORT') === undefined ? null : int('METRICS_PORT', 0, 0, 65535), host: str('METRICS_HOST') ?? '127.0.0.1', token: metricsToken },
    shutdownDelayMs: int('SHUTDOWN_DELAY_MS', production ? 5000 : 1000, 0, 120_000),
    databasePoolSize: int('DATABASE_POOL_SIZE', POSTGRES_POOL_SIZE, 1, 100),
  };
  if (production) problems.push(...productionRefusals(env, config, tokenSecretEnv));
  if (problems.length > 0) throw new ConfigError(problems);
  config.tokenSecret = tokenSecretEnv ?? persistedSecret(dataDir);
  return config;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or false, a comma list of proxy addresses/CIDRs (what a deployment sets), or, for local set-ups
 * only, true or a hop count (both believe whoever connects to the API's port; production refuses them).
 */
function trustProxySetting(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined || /^(0|false|no|off)$/i.test(raw)) return false;
  if (/^(1|true|yes|on)$/i.test(raw) && !/^\d+$/.test(raw)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) problems.push(`TRUST_PROXY hop counts go up to 32 (got "${raw}"); better, list the proxies' addresses.`);
    return Math.min(hops, 32);
  }
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      problems.push(`TRUST_PROXY must be false or a comma list of the proxies' addresses or CIDRs, e.g. 127.0.0.1,10.0.0.0/8 (bad entry "${entry}").`);
    }
  }
  return list;
}

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/**
 * What production refuses to start with: each setting is fine on a developer's machine and a hole on the
 * internet. Every problem is listed at once, so one failed start tells the operator everything to fix.
 */
function productionRefusals(env: Env, config: Config, tokenSecret: string | undefined): string[] {
  const problems: string[] = [];
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if (!tokenSecret) problems.push('TOKEN_SECRET must be set in production (at least 32 random characters); the secret generated into DATA_DIR is for local use only.');
  if (config.seedDemo) problems.push('SEED_DEMO must be off in production: the demo accounts have published passwords.');
  if (!config.smtpUrl) problems.push('SMTP_URL must be set in production: without it, password-reset mail only reaches the local outbox folder.');
  for (const [name, value] of [['PUBLIC_URL', config.publicUrl], ['SITE_URL', config.siteUrl]] as const) {
    if (!set(name)) problems.push(`${name} must be set in production to the public https:// address.`);
    else if (!value.startsWith('https://')) problems.push(`${name} must be an https:// URL in production (got "${value}").`);
  }
  if (!set('CORS_ORIGINS')) problems.push("CORS_ORIGINS must be set in production to the site's and the remotes' https origins (the default lists localhost).");
  if (set('CORS_ORIGINS')) {
    for (const origin of config.corsOrigins) if (!origin.includes('*') && !origin.startsWith('https://')) problems.push(`CORS_ORIGINS must list https origins in production (bad entry "${origin}").`);
  }
  const providers: Array<[string, string | null | undefined]> = [
    ['OIDC_ISSUER', config.oidc?.issuer],
    ['OIDC_JWKS_URL', config.oidc?.jwksUrl],
    ['ORCID_BASE_URL', config.orcid?.baseUrl],
    ['ORCID_API_URL', config.orcid?.apiUrl],
    ['ORCID_REDIRECT_URI', config.orcid?.redirectUri],
  ];
  for (const [name, value] of providers) {
    // A derived address (ORCID's API beside its base URL) is reported through the variable that was set.
    if (!value || !set(name)) continue;
    if (!value.startsWith('https://') || isLoopback(value)) {
      problems.push(`${name} must be the hosted provider's https address in production (got "${value}"); the local identity and ORCID stand-ins are for development only.`);
    }
  }
  const metrics = config.metrics;
  if (metrics && metrics.port !== null && !metrics.token && !['127.0.0.1', '::1', 'localhost'].includes(metrics.host)) {
    problems.push(`METRICS_TOKEN must be set in production when METRICS_HOST lets other machines reach the metrics port (got "${metrics.host}"): the figures tell whoever reads them how the site is used.`);
  }
  if (config.trustProxy === true || typeof config.trustProxy === 'number') {
    problems.push(
      `TRUST_PROXY must list the addresses or CIDRs of the site's proxies in production (got "${String(env.TRUST_PROXY).trim()}"): \`true\` or a hop count believes the X-Forwarded-For of anyone who reaches the API's port, so every throttle would key on an address the caller chose.`,
    );
  }
  if (config.payments?.provider === 'local') {
    problems.push('PAYMENTS_STAND_IN_URL must not be set in production: the local payment stand-in takes test cards and moves no money; configure STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET instead.');
  }
  return problems;
}
