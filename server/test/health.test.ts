import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { startApp, type Harness } from './helpers';

describe('health, docs and headers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp();
  });
  afterAll(() => h.close());

  it('reports the database up with its dialect', async () => {
    const res = await h.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: { status: 'up', dialect: 'sqlite' }, version: expect.any(String) });
  });

  it('sets security headers on every response, including errors', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/Service/GetAllServices']) {
      const res = await h.api('GET', url);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers 404 with a message for unknown routes', async () => {
    const res = await h.api<{ message: string }>('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('serves the OpenAPI document and swagger-ui', async () => {
    const json = await h.api<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(json.status).toBe(200);
    for (const p of ['/api/Account/Login', '/api/User/GetUserById/{id}', '/api/WorkExperience/AddNewWorkExperience/{userId}', '/api/Certification/DeleteCertificationById/{id}', '/auth/orcid/callback']) {
      expect(Object.keys(json.body.paths)).toContain(p);
    }
    const ui = await fetch(`${h.base}/api/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('<html');
    expect(ui.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('allows the configured origins with the Authorization header and no credentials', async () => {
    // Partner apps' origins come from the partners registry (test/partners.test.ts).
    for (const origin of ['http://localhost:8080']) {
      const res = await fetch(`${h.base}/api/User/GetUserById/1`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const evil = await fetch(`${h.base}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('config', () => {
  it('applies defaults and persists a generated token secret', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-config-'));
    try {
      const a = loadConfig({ DATA_DIR: dir });
      expect(a.port).toBe(3000);
      expect(a.host).toBe('127.0.0.1');
      expect(a.publicUrl).toBe('http://localhost:3000');
      expect(a.corsOrigins).toContain('http://localhost:8084');
      expect(a.tokenTtlSeconds).toBe(28800);
      expect(a.seedDemo).toBe(true);
      expect(a.oidc).toBeNull();
      expect(a.orcid).toBeNull();
      expect(readFileSync(path.join(dir, 'token-secret'), 'utf8')).toBe(a.tokenSecret);
      expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(a.tokenSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports one line per bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', CORS_ORIGINS: 'not a url', SEED_DEMO: 'maybe', TOKEN_SECRET: 'short', OIDC_ISSUER: 'https://idp.test' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(6);
      for (const name of ['PORT', 'DATABASE_URL', 'CORS_ORIGINS', 'SEED_DEMO', 'TOKEN_SECRET', 'OIDC_ISSUER']) {
        expect(problems.some((p) => p.includes(name))).toBe(true);
      }
    }
  });

  it('derives the ORCID API host from the OAuth host', () => {
    const c = loadConfig({ TOKEN_SECRET: 'x'.repeat(40), ORCID_BASE_URL: 'https://sandbox.orcid.org', ORCID_CLIENT_ID: 'APP-1', ORCID_CLIENT_SECRET: 's', ORCID_REDIRECT_URI: 'http://localhost:8080/profile' });
    expect(c.orcid?.apiUrl).toBe('https://pub.sandbox.orcid.org');
  });
});
