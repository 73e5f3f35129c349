import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { startApp } from './helpers';

type Env = Record<string, string>;

/** Everything a real deployment sets; each test then breaks one thing. */
const SAFE: Env = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'p'.repeat(48),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  PUBLIC_URL: 'https://api.sciexperts.example',
  SITE_URL: 'https://sciexperts.example',
  CORS_ORIGINS: 'https://sciexperts.example,https://profile.sciexperts.example',
  LOG_LEVEL: 'silent',
};

function refusals(env: Env): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('production mode', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-prod-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('accepts a complete, safe configuration with no demo accounts and no API docs', () => {
    const config = loadConfig({ ...SAFE, DATA_DIR: dataDir });
    expect(config).toMatchObject({ production: true, seedDemo: false, apiDocs: false });
    expect(loadConfig({ ...SAFE, DATA_DIR: dataDir, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...SAFE, NODE_ENV: '', SCIEXPERTS_ENV: 'production', DATA_DIR: dataDir }).production).toBe(true);
    const stripe = loadConfig({ ...SAFE, DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(loadConfig({ ...SAFE, DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(stripe.payments).toEqual({ provider: 'stripe', standInUrl: null, secretKey: 'sk_live_x', webhookSecret: 'whsec_x', feeBasisPoints: 1000, autoReleaseDays: 14 });
  });

  it('keeps the friendly local defaults outside production', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ production: false, seedDemo: true, apiDocs: true });
  });

  it.each<[string, Env, RegExp]>([
    ['a missing TOKEN_SECRET', { TOKEN_SECRET: '' }, /^TOKEN_SECRET must be set in production/],
    ['demo accounts', { SEED_DEMO: 'true' }, /^SEED_DEMO must be off in production/],
    ['no SMTP', { SMTP_URL: '' }, /^SMTP_URL must be set in production/],
    ['a plain-http public URL', { PUBLIC_URL: 'http://api.sciexperts.example' }, /^PUBLIC_URL must be an https:\/\/ URL in production/],
    ['a plain-http site URL', { SITE_URL: 'http://sciexperts.example' }, /^SITE_URL must be an https:\/\/ URL in production/],
    ['no public URL at all', { PUBLIC_URL: '' }, /^PUBLIC_URL must be set in production/],
    ['the default (localhost) CORS origins', { CORS_ORIGINS: '' }, /^CORS_ORIGINS must be set in production/],
    ['a CORS wildcard', { CORS_ORIGINS: '*' }, /^CORS_ORIGINS must list exact origins; wildcards are refused/],
    ['a CORS subdomain wildcard', { CORS_ORIGINS: 'https://*.sciexperts.example' }, /^CORS_ORIGINS must list exact origins; wildcards are refused/],
    ['a plain-http CORS origin', { CORS_ORIGINS: 'http://sciexperts.example' }, /^CORS_ORIGINS must list https origins in production/],
    ['a built-in demo partner (the developers\' example)', { DEMO_PARTNER_ORIGINS: 'https://chat.sciexperts.example' }, /^DEMO_PARTNER_ORIGINS must not be set in production: register partners in the console/],
    ['the retired INTEGRATOR_ORIGINS (partners are registered in the console)', { INTEGRATOR_ORIGINS: 'https://partner.example' }, /^INTEGRATOR_ORIGINS is retired: register each partner site in the console's Partners page/],
    ['the local identity provider stand-in', { OIDC_ISSUER: 'http://localhost:3001', OIDC_AUDIENCE: 'https://api.sciexperts.example' }, /^OIDC_ISSUER must be the hosted provider's https address in production .*stand-ins are for development only/],
    [
      'the local ORCID stand-in',
      { ORCID_BASE_URL: 'http://localhost:3002', ORCID_CLIENT_ID: 'APP-1', ORCID_CLIENT_SECRET: 's', ORCID_REDIRECT_URI: 'https://sciexperts.example/profile' },
      /^ORCID_BASE_URL must be the hosted provider's https address in production/,
    ],
    [
      'the local payments stand-in',
      { PAYMENTS_STAND_IN_URL: 'https://payments.sciexperts.example', PAYMENTS_SECRET_KEY: 'sk_local', PAYMENTS_WEBHOOK_SECRET: 'whsec_local' },
      /^PAYMENTS_STAND_IN_URL must not be set in production: the local payment stand-in takes test cards and moves no money/,
    ],
    ['trusting every X-Forwarded-For', { TRUST_PROXY: 'true' }, /^TRUST_PROXY must list the addresses or CIDRs of the site's proxies in production \(got "true"\)/],
    ['a proxy hop count (believes whoever connects)', { TRUST_PROXY: '1' }, /^TRUST_PROXY must list the addresses or CIDRs of the site's proxies in production \(got "1"\)/],
  ])('refuses %s with a clear message', (_name, change, message) => {
    const problems = refusals({ ...SAFE, DATA_DIR: dataDir, ...change });
    expect(problems).toEqual([expect.stringMatching(message)]);
  });

  it('lists every problem at once', () => {
    const problems = refusals({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['TOKEN_SECRET', 'SMTP_URL', 'PUBLIC_URL', 'SITE_URL', 'CORS_ORIGINS']);
  });

  const run = (env: Env) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'main.ts')], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });

  it('the real server process refuses to start with unsafe settings and says why', async () => {
    const { code, output } = await run({ ...SAFE, SEED_DEMO: 'true', PUBLIC_URL: 'http://api.sciexperts.example' });
    expect(code).toBe(1);
    expect(output).toContain('config: SEED_DEMO must be off in production: the demo accounts have published passwords.');
    expect(output).toContain('config: PUBLIC_URL must be an https:// URL in production (got "http://api.sciexperts.example").');
  });
});

describe('API documentation switch', () => {
  it('serves /api/docs only when asked for', async () => {
    const off = await startApp({ apiDocs: false });
    const on = await startApp({ apiDocs: true });
    try {
      expect((await fetch(`${off.base}/api/docs/json`)).status).toBe(404);
      expect((await fetch(`${on.base}/api/docs/json`)).status).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
