import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse, SignupRequest, SignupResponse } from '@sciexperts/shared/contracts';
import { buildApp, prepareDatabase, type AppDeps } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/connect';
import { createPgSchema } from './pg';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import { checkAnswersAgainstDocument } from './openapiCheck';

/** A mailer that keeps what it was given, for tests that read the mails a flow sent. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    databaseSchema: null,
    publicUrl: 'http://api.test',
    siteUrl: 'http://site.test',
    corsOrigins: ['http://localhost:8080'],
    tokenSecret: 'test-secret-test-secret-test-secret-0123456789',
    tokenTtlSeconds: 3600,
    seedDemo: false,
    logLevel: 'silent',
    smtpUrl: null,
    oidc: null,
    orcid: null,
    // Cheap hashing keeps the suite fast; production uses OWASP's 19 MiB, 2 passes.
    passwordHash: { memoryKiB: 64, iterations: 1 },
    rateLimitPerMinute: 100_000,
    anonymousRateLimitPerMinute: 100_000,
    // Suites sign up many members from 127.0.0.1; the sign-up throttle's own tests lower it.
    signupLimit: 100_000,
    trustProxy: false,
    // As in production on SQLite, so the revocation tests prove the cache is evicted.
    sessionCacheMs: 5000,
    production: false,
    operatorEmail: 'concierge@sciexperts.test',
    apiDocs: true,
    ...overrides,
  };
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  base: string;
  dir: string;
  api: <T = unknown>(method: string, url: string, opts?: { body?: unknown; token?: string | null; raw?: string | Buffer; headers?: Record<string, string> }) => Promise<{ status: number; body: T; headers: Headers }>;
  close: () => Promise<void>;
}

export async function startApp(overrides: Partial<Config> = {}, deps: Partial<AppDeps> = {}): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-test-'));
  const config = testConfig(dir, overrides);
  const db = deps.db ?? openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'sciexperts.db') });
  await prepareDatabase(db, config);
  // Every answer of every suite is checked against the document this app serves (test/setup.ts reports mismatches).
  const app = await buildApp(config, { instrument: checkAnswersAgainstDocument, ...deps, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const api: Harness['api'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Buffer | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(base + url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
  return {
    app,
    db,
    config,
    base,
    dir,
    api,
    close: async () => {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The same app on either database: SQLite in a temp file, or a throw-away PostgreSQL schema that close() drops. */
export async function startAppOn(dialect: 'sqlite' | 'postgres', overrides: Partial<Config> = {}, deps: Partial<AppDeps> = {}): Promise<Harness> {
  if (dialect === 'sqlite') return startApp(overrides, deps);
  const pg = await createPgSchema();
  const where = { databaseUrl: pg.url, databaseSchema: pg.schema };
  const h = await startApp({ ...overrides, ...where }, { ...deps, db: openDatabase({ ...where, sqliteFile: '' }) });
  return {
    ...h,
    close: async () => {
      await h.close();
      await pg.drop();
    },
  };
}

let counter = 0;
/**
 * Waits for work the app finishes in the background (a queued e-mail): checks `done` until it holds. Alone that takes
 * milliseconds; the limit fits a busy CI machine (tens of times slower) and stays under the tests' 60 s timeout.
 */
export async function eventually(done: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${limitMs / 1000} s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function signupBody(overrides: Partial<SignupRequest> = {}): SignupRequest {
  counter += 1;
  return {
    email: `member${counter}.${Date.now()}@example.test`,
    firstName: 'Grace',
    lastName: 'Hopper',
    phoneNumber: '+1 5551234567',
    password: 'correct horse battery staple',
    ...overrides,
  };
}

/**
 * Signs up and logs in a fresh member whose e-mail address counts as confirmed (as if the welcome link was opened:
 * server/test/verification.test.ts covers that link); `unverifiedMember` leaves it unconfirmed.
 */
export async function member(h: Harness, overrides: Partial<SignupRequest> = {}): Promise<{ token: string; id: number; email: string; password: string }> {
  const made = await unverifiedMember(h, overrides);
  await h.db.kysely.updateTable('users').set({ emailVerifiedAt: new Date().toISOString() }).where('id', '=', made.id).execute();
  return made;
}

/** Signs up and logs in a fresh member who has not confirmed their e-mail address. */
export async function unverifiedMember(h: Harness, overrides: Partial<SignupRequest> = {}): Promise<{ token: string; id: number; email: string; password: string }> {
  const body = signupBody(overrides);
  const created = await h.api<SignupResponse>('POST', '/api/User/AddNewUser', { body });
  if (created.status !== 201) throw new Error(`signup failed: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await h.api<LoginResponse>('POST', '/api/Account/Login', { body: { email: body.email, password: body.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.token, id: login.body.user.id, email: body.email, password: body.password };
}
