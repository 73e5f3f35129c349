import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { LoginWithAuth0Response, User } from '@sciexperts/shared/contracts';
import { DEMO_IDENTITIES, startLocalOidcProvider, type LocalOidcProvider } from '../src/dev/oidcProvider';
import { startApp, type Harness } from './helpers';

const SITE = 'http://localhost:8080';
const AUDIENCE = 'http://localhost:3000/api';
const SCOPE = 'openid profile email read:profile read:experts send:message';

/** The browser's part of the flow with plain fetch: a cookie jar and manual redirects. */
class Browser {
  private cookies = new Map<string, string>();
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  /** Follows redirects on the provider; stops at the first page or at a redirect off the provider. */
  async follow(url: string, init: RequestInit, origin: string): Promise<{ res: Response; url: string }> {
    let res = await this.go(url, init);
    let current = url;
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i += 1) {
      current = new URL(res.headers.get('location')!, current).toString();
      if (!current.startsWith(origin)) return { res, url: current };
      res = await this.go(current);
    }
    return { res, url: current };
  }
}

const b64url = (buf: Buffer) => buf.toString('base64url');

describe('local OpenID provider', () => {
  let idp: LocalOidcProvider;
  let h: Harness;

  beforeAll(async () => {
    idp = await startLocalOidcProvider({ port: 0, siteUrl: SITE, audience: AUDIENCE });
    h = await startApp({ oidc: { issuer: idp.issuer, audience: AUDIENCE, jwksUrl: `${idp.issuer}/jwks` } });
  });
  afterAll(async () => {
    await h.close();
    await idp.close();
  });

  interface Flow {
    browser: Browser;
    verifier: string;
    state: string;
    redirectUri: string;
    loginPage: string;
    callback: URL;
  }

  async function authorize(identity = DEMO_IDENTITIES[0]!, extra: Record<string, string> = {}, password = identity.password): Promise<Flow> {
    const browser = new Browser();
    const verifier = b64url(randomBytes(32));
    const state = b64url(randomBytes(16));
    const redirectUri = `${SITE}/profile/freelancer-dashboard`;
    const q = new URLSearchParams({
      client_id: idp.clientId,
      response_type: 'code',
      scope: SCOPE,
      redirect_uri: redirectUri,
      state,
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      audience: AUDIENCE,
      ...extra,
    });
    const first = await browser.follow(`${idp.issuer}/auth?${q}`, {}, idp.issuer);
    expect(first.res.status).toBe(200);
    const loginPage = await first.res.text();
    const action = /<form method="post" action="([^"]+\/login)"/.exec(loginPage)![1]!;
    const after = await browser.follow(new URL(action, idp.issuer).toString(), { method: 'POST', body: new URLSearchParams({ email: identity.email, password }) }, idp.issuer);
    return { browser, verifier, state, redirectUri, loginPage, callback: new URL(after.url) };
  }

  const tokenRequest = (flow: Flow, code: string, verifier = flow.verifier) =>
    fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { origin: SITE },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: idp.clientId, code, redirect_uri: flow.redirectUri, code_verifier: verifier }),
    });

  it('runs authorization code + PKCE to a JWT access token the API accepts', async () => {
    const flow = await authorize();
    expect(flow.loginPage).toContain('ada.identity@sciexperts.test');
    expect(flow.loginPage).toContain('liam.linkedin@sciexperts.test');
    expect(`${flow.callback.origin}${flow.callback.pathname}`).toBe(flow.redirectUri);
    expect(flow.callback.searchParams.get('state')).toBe(flow.state);
    const code = flow.callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const res = await tokenRequest(flow, code);
    expect(res.status).toBe(200);
    // The website calls the token endpoint from the browser: CORS for its origin only.
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
    const tokens = (await res.json()) as { access_token: string; id_token: string; token_type: string; scope: string };
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: idp.issuer, aud: AUDIENCE, sub: DEMO_IDENTITIES[0]!.sub, email: 'ada.identity@sciexperts.test', email_verified: true, given_name: 'Ada', connection: 'password' });
    expect(String(claims.scope).split(' ').sort()).toEqual(['read:experts', 'read:profile', 'send:message']);
    expect(tokens.id_token).toBeTruthy();

    const login = await h.api<LoginWithAuth0Response>('POST', '/api/Account/LoginWithAuth0', { token: tokens.access_token });
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toBeTruthy();
    // The API stores only a verified e-mail, so the stand-in must say it verified its demo identities'.
    expect(login.body.user).toMatchObject({ email: 'ada.identity@sciexperts.test', firstName: 'Ada', lastName: 'Identity' });
    const me = await h.api<User>('GET', `/api/User/GetUserById/${login.body.user.id}`, { token: login.body.accessToken });
    expect(me.status).toBe(200);

    // The code is one-time.
    expect((await tokenRequest(flow, code)).status).toBe(400);
  });

  it('refuses a wrong code_verifier', async () => {
    const flow = await authorize();
    const res = await tokenRequest(flow, flow.callback.searchParams.get('code')!, b64url(randomBytes(32)));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('echoes state for the client to check, and binds the login form to the browser that started the flow', async () => {
    const flow = await authorize();
    // oidc-client-ts compares the returned state with the one it stored; the provider must return it untouched.
    expect(flow.callback.searchParams.get('state')).toBe(flow.state);

    // A login form replayed from another browser (no interaction cookie) never yields a code.
    const victim = new Browser();
    const q = new URLSearchParams({ client_id: idp.clientId, response_type: 'code', scope: SCOPE, redirect_uri: `${SITE}/chat`, state: 'st', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
    const page = await victim.follow(`${idp.issuer}/auth?${q}`, {}, idp.issuer);
    const action = /<form method="post" action="([^"]+\/login)"/.exec(await page.res.text())![1]!;
    const attacker = new Browser();
    const replay = await attacker.follow(new URL(action, idp.issuer).toString(), { method: 'POST', body: new URLSearchParams({ email: DEMO_IDENTITIES[0]!.email, password: DEMO_IDENTITIES[0]!.password }) }, idp.issuer);
    expect(replay.url.startsWith(idp.issuer)).toBe(true);
    expect(replay.res.status).toBe(400);
  });

  it('refuses requests without PKCE, with plain PKCE or with an unregistered redirect URI', async () => {
    const base = { client_id: idp.clientId, response_type: 'code', scope: 'openid', state: 's' };
    const noPkce = await fetch(`${idp.issuer}/auth?${new URLSearchParams({ ...base, redirect_uri: `${SITE}/chat` })}`, { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const plain = await fetch(`${idp.issuer}/auth?${new URLSearchParams({ ...base, redirect_uri: `${SITE}/chat`, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })}`, { redirect: 'manual' });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const badRedirect = await fetch(`${idp.issuer}/auth?${new URLSearchParams({ ...base, redirect_uri: `${SITE}/chat/extra`, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
    expect(badRedirect.status).toBe(400);
  });

  it('rejects a wrong password on the login page', async () => {
    const flow = await authorize(DEMO_IDENTITIES[0], {}, 'not-the-password');
    expect(flow.callback.searchParams.get('code')).toBeNull();
  });

  it('marks a connection=linkedin sign-in in the token', async () => {
    const flow = await authorize(DEMO_IDENTITIES[1], { connection: 'linkedin' });
    expect(flow.loginPage).toContain('LinkedIn');
    const res = await tokenRequest(flow, flow.callback.searchParams.get('code')!);
    const { access_token } = (await res.json()) as { access_token: string };
    expect(decodeJwt(access_token)).toMatchObject({ email: 'liam.linkedin@sciexperts.test', connection: 'linkedin' });
  });

  it("ends the provider session on the site's logout and returns to the site origin, without a second question", async () => {
    const flow = await authorize();
    const { id_token } = (await (await tokenRequest(flow, flow.callback.searchParams.get('code')!)).json()) as { id_token: string };
    const authorizeAgain = () =>
      flow.browser.follow(
        `${idp.issuer}/auth?${new URLSearchParams({ client_id: idp.clientId, response_type: 'code', scope: 'openid', redirect_uri: flow.redirectUri, state: 'again', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`,
        {},
        idp.issuer,
      );
    // Signed in at the provider: a new authorization comes straight back with a code.
    expect(new URL((await authorizeAgain()).url).searchParams.get('code')).toBeTruthy();

    const logout = await flow.browser.follow(`${idp.issuer}/session/end?${new URLSearchParams({ id_token_hint: id_token, post_logout_redirect_uri: SITE })}`, {}, idp.issuer);
    expect(logout.res.status).toBe(200);
    const page = await logout.res.text();
    // The page submits itself (logout=yes): no "Sign out?" question for our own site.
    expect(page).toContain('document.forms[0].submit()');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const done = await flow.browser.follow(new URL(action, idp.issuer).toString(), { method: 'POST', body: new URLSearchParams({ xsrf, logout: 'yes' }) }, idp.issuer);
    expect(done.url).toBe(`${SITE}/`);

    // The session is over: the next sign-in asks for the identity again.
    const next = await authorizeAgain();
    expect(next.res.status).toBe(200);
    expect(await next.res.text()).toContain('ada.identity@sciexperts.test');
  });

  it('still asks before ending the session when the logout does not name our site', async () => {
    const flow = await authorize();
    const logout = await flow.browser.follow(`${idp.issuer}/session/end`, {}, idp.issuer);
    expect(logout.res.status).toBe(200);
    const page = await logout.res.text();
    expect(page).toContain('Sign out of the local identity provider?');
    expect(page).not.toContain('document.forms[0].submit()');
  });

  it('the API refuses a token issued for another audience', async () => {
    const other = await startApp({ oidc: { issuer: idp.issuer, audience: 'http://localhost:3000/other-api', jwksUrl: null } });
    try {
      const flow = await authorize();
      const { access_token } = (await (await tokenRequest(flow, flow.callback.searchParams.get('code')!)).json()) as { access_token: string };
      const res = await other.api<{ message: string }>('POST', '/api/Account/LoginWithAuth0', { token: access_token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Auth0 token verification failed');
    } finally {
      await other.close();
    }
  });
});

describe('npm start banner', () => {
  it('lists the same demo identities and passwords as the provider', () => {
    const suite = readFileSync(path.join(__dirname, '..', '..', 'scripts', 'lib', 'suite.mjs'), 'utf8');
    for (const identity of DEMO_IDENTITIES) expect(suite).toContain(`{ email: '${identity.email}', password: '${identity.password}' }`);
  });
});
