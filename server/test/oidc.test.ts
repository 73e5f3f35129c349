import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { LoginWithAuth0Response, User } from '@sciexperts/shared/contracts';
import { loadConfig } from '../src/config';
import { member, startApp, type Harness } from './helpers';

describe('LoginWithAuth0 (identity-provider access tokens)', () => {
  let h: Harness;
  let idp: Server;
  let issuer: string;
  let key: CryptoKey;
  let userinfo: Record<string, unknown> = {};
  const AUDIENCE = 'https://api.sciexperts.test';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    idp = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/me` }));
      else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
      else if (req.url === '/me') res.end(JSON.stringify(userinfo));
      else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    const addr = idp.address();
    issuer = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    h = await startApp({ oidc: { issuer, audience: AUDIENCE, jwksUrl: null } });
  });
  afterAll(async () => {
    await h.close();
    await new Promise((r) => idp.close(r));
  });

  const token = (claims: Record<string, unknown>, opts: { typ?: string; aud?: string; iss?: string; exp?: string | null } = {}) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: opts.typ ?? 'at+jwt' })
      .setIssuer(opts.iss ?? issuer)
      .setAudience(opts.aud ?? AUDIENCE)
      .setIssuedAt();
    if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? '5m');
    return jwt.sign(key);
  };

  it('creates a member on first login and finds them again by subject', async () => {
    const t = await token({ sub: 'idp|alice', email: 'alice@example.test', email_verified: true, given_name: 'Alice', family_name: 'Liddell' });
    const first = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: t });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'alice@example.test', firstName: 'Alice', authProvider: 'oidc' });
    const again = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub: 'idp|alice', email: 'changed@example.test' }) });
    expect(again.body.user.id).toBe(first.body.user.id);

    const me = await h.api<User>('PUT', '/api/User/UpdateUserAuth0', { body: { headline: 'Identity user' }, token: again.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: first.body.user.id, headline: 'Identity user' });
    expect(JSON.stringify(first.body)).not.toMatch(/passwordHash/);
  });

  it('reads the e-mail from userinfo when the access token has none', async () => {
    userinfo = { email: 'Info.User@Example.test', email_verified: true, given_name: 'Info', family_name: 'User' };
    const res = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub: 'idp|info' }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'info.user@example.test', firstName: 'Info', lastName: 'User' });
  });

  it('never takes over a password account by e-mail', async () => {
    const m = await member(h);
    const res = await h.api<{ message: string }>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub: 'idp|mallory', email: m.email, email_verified: true }) });
    expect(res.status).toBe(409);
  });

  it('stores only a verified e-mail; an unverified one gets the placeholder address', async () => {
    const m = await member(h);
    userinfo = { email: m.email, email_verified: false };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['idp|unverified-absent', { email: m.email }],
      ['idp|unverified-false', { email: m.email, email_verified: false }],
      ['idp|unverified-string', { email: m.email, email_verified: 'true' }],
    ];
    for (const [sub, claims] of cases) {
      const res = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub, ...claims }) });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(`${sub.replace('|', '_')}@identity.invalid`);
      expect(res.body.user.id).not.toBe(m.id);
    }
    // Unverified in the token but verified by userinfo: userinfo's address is used.
    userinfo = { email: 'Verified.Later@Example.test', email_verified: true };
    const later = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub: 'idp|later', email: 'unverified@example.test' }) });
    expect(later.body.user.email).toBe('verified.later@example.test');
  });

  it('keeps the configured issuer exactly as written', () => {
    const config = loadConfig({ TOKEN_SECRET: 'x'.repeat(40), OIDC_ISSUER: 'https://tenant.example.auth0.com/', OIDC_AUDIENCE: AUDIENCE });
    expect(config.oidc?.issuer).toBe('https://tenant.example.auth0.com/');
  });

  it('requires exp and accepts exactly the configured spelling of the issuer', async () => {
    for (const t of [await token({ sub: 'x' }, { exp: null }), await token({ sub: 'x' }, { iss: `${issuer}/` })]) {
      const res = await h.api<{ message: string }>('POST', '/api/Account/LoginWithAuth0', { token: t });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Auth0 token verification failed');
    }
  });

  it('refuses wrong audience, issuer, typ, expired and missing tokens', async () => {
    const bad = [
      await token({ sub: 'x' }, { aud: 'other' }),
      await token({ sub: 'x' }, { iss: 'https://evil.example' }),
      await token({ sub: 'x' }, { typ: 'JWT' }),
      await token({ sub: 'x' }, { exp: '-1m' }),
      'not-a-jwt',
    ];
    for (const t of bad) {
      const res = await h.api<{ message: string }>('POST', '/api/Account/LoginWithAuth0', { token: t });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Auth0 token verification failed');
    }
    expect((await h.api('POST', '/api/Account/LoginWithAuth0')).status).toBe(401);
  });
});
