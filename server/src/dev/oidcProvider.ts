// A local OpenID provider standing in for the hosted identity provider, for development and tests only.
// oidc-provider with one public first-party client (PKCE S256), JWT access tokens (typ at+jwt) for the API's
// audience, a server-rendered login page listing the demo identities, and consent granted automatically.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { escapeHtml, readBody } from './standInHttp';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors, type AccessTokenLike, type InteractionDetails, type KoaContextWithOIDC } from 'oidc-provider';

export interface DemoIdentity {
  sub: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** How this identity usually signs in; the page also honours connection=linkedin on the request. */
  note: string;
}

export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  { sub: 'local|ada-identity', email: 'ada.identity@sciexperts.test', password: 'ada-identity-demo', givenName: 'Ada', familyName: 'Identity', note: 'e-mail and password' },
  { sub: 'local|liam-linkedin', email: 'liam.linkedin@sciexperts.test', password: 'liam-linkedin-demo', givenName: 'Liam', familyName: 'Linkedin', note: 'LinkedIn (simulated)' },
];

/** The scopes the product requests; the last three belong to the API (resource server). */
export const OIDC_SCOPES = 'openid profile email read:profile read:experts send:message';
const API_SCOPES = 'read:profile read:experts send:message';

export interface LocalOidcOptions {
  /** Port to listen on; 0 picks a free one. The issuer is http://localhost:<port>. */
  port: number;
  host?: string;
  /** The website's origin: the client's redirect URIs and the post-logout target live there. */
  siteUrl: string;
  /** The API's audience (resource indicator) for JWT access tokens. */
  audience: string;
  clientId?: string;
  identities?: readonly DemoIdentity[];
  accessTokenTtlSeconds?: number;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  audience: string;
  redirectUris: string[];
  server: Server;
  close(): Promise<void>;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}h1{font-size:1.4rem}' +
  'label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=password]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}' +
  'button{margin-top:1rem;font-size:1rem;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#1f4fd1;color:#fff;cursor:pointer}button.secondary{background:#eee;color:#1b1b1b}' +
  '.badge{display:inline-block;background:#0a66c2;color:#fff;border-radius:4px;padding:.1rem .5rem;font-size:.85rem}.error{color:#b00020}table{border-collapse:collapse;margin:.5rem 0}td{padding:.2rem .6rem .2rem 0;font-size:.9rem}.note{color:#555;font-size:.9rem}';

function htmlDocument(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export async function startLocalOidcProvider(options: LocalOidcOptions): Promise<LocalOidcProvider> {
  const site = new URL(options.siteUrl).origin;
  const clientId = options.clientId ?? 'sciexperts-web';
  const identities = options.identities ?? DEMO_IDENTITIES;
  const redirectUris = [`${site}/profile/freelancer-dashboard`, `${site}/chat`, `${site}/`, `${site}/profile`];
  /** The connection (password or linkedin) each identity last signed in with; shown as the `connection` claim. */
  const connections = new Map<string, string>();
  const accountClaims = (sub: string): Record<string, unknown> | null => {
    const who = identities.find((i) => i.sub === sub);
    if (!who) return null;
    return {
      sub,
      email: who.email,
      // The API keeps a provider's e-mail only when it is verified (and this claim rides in the access token too).
      email_verified: true,
      given_name: who.givenName,
      family_name: who.familyName,
      name: `${who.givenName} ${who.familyName}`,
      connection: connections.get(sub) ?? 'password',
    };
  };

  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else {
      res.statusCode = 503;
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const issuer = `http://localhost:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: `local-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' };
  const ttl = options.accessTokenTtlSeconds ?? 3600;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_name: 'SciExperts (local)',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [site, `${site}/`],
      },
    ],
    // Public clients must use PKCE; oidc-provider 9 only accepts S256.
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name', 'connection'] },
    extraParams: ['connection', 'audience'],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: { AccessToken: ttl, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 86400, Grant: 86400, RefreshToken: 86400 },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          return { scope: API_SCOPES, audience: options.audience, accessTokenTTL: ttl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          if (ctx.oidc.client?.clientId === clientId) {
            // Our own site's logout (its id_token_hint or client_id named it): end the session at once, as
            // the hosted provider does for its application, instead of asking the member a second time.
            const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Continue</button></noscript></form>');
            ctx.body = htmlDocument('Signing out', `<h1>Signing you out…</h1>${confirmed}<script>document.forms[0].submit()</script>`);
            return;
          }
          ctx.body = htmlDocument('Sign out', `<h1>Sign out of the local identity provider?</h1>${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button> <button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button>`);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = htmlDocument('Signed out', `<h1>Signed out</h1><p><a href="${escapeHtml(site)}">Back to SciExperts</a></p>`);
        },
      },
    },
    // The browser (oidc-client-ts) calls the token endpoint from the website only.
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === site,
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = accountClaims(sub);
      return claims ? { accountId: sub, claims: () => claims } : undefined;
    },
    // The API reads the member's e-mail and names from the access token itself.
    extraTokenClaims: (_ctx: unknown, token: AccessTokenLike) => {
      if (!token.accountId) return undefined;
      const claims = accountClaims(token.accountId);
      if (!claims) return undefined;
      const { sub: _sub, ...rest } = claims;
      return rest;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    renderError: (ctx: KoaContextWithOIDC, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = htmlDocument('Sign-in error', `<h1>Sign-in error</h1><p class="error">${escapeHtml(out.error ?? 'error')}: ${escapeHtml(out.error_description ?? '')}</p><p><a href="${escapeHtml(site)}">Back to SciExperts</a></p>`);
    },
  });

  const pageHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Form posts here are followed by redirects back to the website, which form-action also governs.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${site}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
  };

  function loginPage(res: ServerResponse, details: InteractionDetails, status = 200, error?: string, email = ''): void {
    const linkedin = details.params.connection === 'linkedin';
    const rows = identities.map((i) => `<tr><td>${escapeHtml(i.email)}</td><td><code>${escapeHtml(i.password)}</code></td><td class="note">${escapeHtml(i.note)}</td></tr>`).join('');
    res.writeHead(status, pageHeaders);
    res.end(
      htmlDocument(
        'Sign in: local identity provider',
        `<h1>${linkedin ? 'Sign in with <span class="badge">LinkedIn</span> (simulated)' : 'Sign in to SciExperts'}</h1>
<p class="note">Local identity provider for development. Demo identities:</p><table>${rows}</table>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(details.uid)}/login" autocomplete="off">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">${linkedin ? 'Continue with LinkedIn' : 'Sign in'}</button></form>
<form method="post" action="/interaction/${escapeHtml(details.uid)}/abort"><button class="secondary" type="submit">Cancel</button></form>`,
      ),
    );
  }

  /** First-party client: everything it asks for is granted without a consent screen. */
  async function grantConsent(req: IncomingMessage, res: ServerResponse, details: InteractionDetails): Promise<void> {
    const accountId = details.session?.accountId;
    if (!accountId || details.params.client_id !== clientId) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'Unknown client' }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return loginPage(res, details);
      if (details.prompt.name === 'consent') return grantConsent(req, res, details);
      throw new Error(`unsupported prompt ${details.prompt.name}`);
    }
    if (req.method === 'POST' && action === 'login') {
      const form = new URLSearchParams(await readBody(req));
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const who = identities.find((i) => i.email === email);
      if (!who || form.get('password') !== who.password) return loginPage(res, details, 401, 'Wrong e-mail or password.', email);
      connections.set(who.sub, details.params.connection === 'linkedin' ? 'linkedin' : 'password');
      return provider.interactionFinished(req, res, { login: { accountId: who.sub, amr: [details.params.connection === 'linkedin' ? 'linkedin' : 'pwd'] } }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
    }
    res.writeHead(405, { allow: 'GET, POST' });
    res.end();
  }

  const oidcCallback = provider.callback();
  handler = (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return oidcCallback(req, res);
    interaction(req, res, match[1]!, match[2]).catch(() => {
      if (res.headersSent) return void res.end();
      res.writeHead(400, pageHeaders);
      res.end(htmlDocument('Sign-in error', `<h1>This sign-in attempt has expired</h1><p><a href="${escapeHtml(site)}">Back to SciExperts</a> and start again.</p>`));
    });
  };

  return {
    issuer,
    clientId,
    audience: options.audience,
    redirectUris,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
