import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { LoginWithAuth0Response, User } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

describe('LoginWithAuth0 (identity-provider access tokens)', () => {
  let h: Harness;
  let idp: Server;
  let issuer: string;
  let key: CryptoKey;
  const AUDIENCE = 'https://api.sciexperts.test';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    idp = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/me` }));
      else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
      else if (req.url === '/me') res.end(JSON.stringify({ email: 'Info.User@Example.test', given_name: 'Info', family_name: 'User' }));
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

  const token = (claims: Record<string, unknown>, opts: { typ?: string; aud?: string; iss?: string; exp?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: opts.typ ?? 'at+jwt' })
      .setIssuer(opts.iss ?? issuer)
      .setAudience(opts.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '5m')
      .sign(key);

  it('creates a member on first login and finds them again by subject', async () => {
    const t = await token({ sub: 'idp|alice', email: 'alice@example.test', given_name: 'Alice', family_name: 'Liddell' });
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
    const res = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub: 'idp|info' }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'info.user@example.test', firstName: 'Info', lastName: 'User' });
  });

  it('never takes over a password account by e-mail', async () => {
    const m = await member(h);
    const res = await h.api<{ message: string }>('POST', '/api/Account/LoginWithAuth0', { token: await token({ sub: 'idp|mallory', email: m.email }) });
    expect(res.status).toBe(409);
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
