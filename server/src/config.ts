import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

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
  corsOrigins: string[];
  integratorOrigins: string[];
  tokenSecret: string;
  tokenTtlSeconds: number;
  seedDemo: boolean;
  logLevel: string;
  smtpUrl: string | null;
  oidc: OidcConfig | null;
  orcid: OrcidConfig | null;
  /** log2 of the scrypt cost; 17 is the OWASP recommendation, tests lower it to stay fast. */
  passwordHashLogN: number;
  /** Global per-IP request budget per minute; login throttling is separate and stricter. */
  rateLimitPerMinute: number;
  /** redis://… shares chat delivery between processes (Redis Streams adapter); unset keeps the in-memory adapter. */
  redisUrl?: string | null;
  /** Redis stream the chat processes share; tests use a unique one per run. */
  chatStreamName?: string;
  /** How long a positive session check is reused in-process (0 = ask the database every time). */
  sessionCacheMs?: number;
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
      if (!isHttpUrl(o) || new URL(o).origin !== stripSlash(o)) problems.push(`${name} must be a comma list of origins like http://host:port (bad entry "${o}").`);
    }
    return list.map(stripSlash);
  };

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

  const smtpUrl = str('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://.');

  let oidc: OidcConfig | null = null;
  const issuer = url('OIDC_ISSUER', undefined);
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

  const redisUrlEnv = str('REDIS_URL');
  if (redisUrlEnv !== undefined && !/^rediss?:\/\//.test(redisUrlEnv)) problems.push('REDIS_URL must start with redis:// or rediss://.');

  const tokenSecretEnv = str('TOKEN_SECRET');
  if (tokenSecretEnv !== undefined && tokenSecretEnv.length < 32) problems.push('TOKEN_SECRET must be at least 32 characters.');

  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseSchema: null,
    publicUrl: url('PUBLIC_URL', `http://localhost:${port}`) ?? `http://localhost:${port}`,
    siteUrl: url('SITE_URL', 'http://localhost:8080') ?? 'http://localhost:8080',
    corsOrigins: origins('CORS_ORIGINS', ['http://localhost:8080', 'http://localhost:8081', 'http://localhost:8082', 'http://localhost:8083', 'http://localhost:8084']),
    integratorOrigins: origins('INTEGRATOR_ORIGINS', []),
    tokenSecret: '',
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', 3600 * 8, 60, 3600 * 24 * 90),
    seedDemo: bool('SEED_DEMO', true),
    logLevel,
    smtpUrl,
    oidc,
    orcid,
    passwordHashLogN: int('PASSWORD_HASH_LOG_N', 17, 10, 20),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 1200, 1, 1_000_000),
    redisUrl: str('REDIS_URL') ?? null,
    chatStreamName: str('CHAT_STREAM_NAME') ?? 'sciexperts-chat',
    // One process owns an SQLite file, so it sees every revocation; several processes (PostgreSQL) must ask the database.
    sessionCacheMs: int('SESSION_CACHE_MS', databaseUrl ? 0 : 5000, 0, 60_000),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  config.tokenSecret = tokenSecretEnv ?? persistedSecret(dataDir);
  return config;
}
