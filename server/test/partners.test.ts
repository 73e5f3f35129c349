import { createHash, randomBytes } from 'node:crypto';
import {
  API_PATHS,
  CONNECTED_PARTNER_PATHS,
  OAUTH_PATHS,
  PARTNER_LIMITS,
  PARTNER_MESSAGES as M,
  PARTNER_PATHS,
  PARTNER_SCOPES,
  partnerOriginProblem,
  type AuthorizeAnswer,
  type AuthorizeInfo,
  type ChatMessage,
  type ConnectedPartner,
  type MessagePage,
  type PartnerSecret,
  type PartnerView,
  type TokenAnswer,
} from '@sciexperts/shared/contracts';
import { io as connect } from 'socket.io-client';
import { openDatabase } from '../src/db/connect';
import { signedInOperator, type Operator } from './adminFixtures';
import { chatClients, connected, disconnected, received, refused, send, type Client } from './chatClient';
import { eventually, member, startApp, startAppOn, type Harness } from './helpers';
import { createPgSchema } from './pg';

const PORTAL = 'https://portal.university.example';
const OTHER_SITE = 'https://elsewhere.example';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Routes a partner's token opens; every other route in the document must answer it 403. */
const CHAT_ROUTES = new Set(
  [API_PATHS.chatConversations, API_PATHS.chatMessages, API_PATHS.chatMarkRead, API_PATHS.chatUnreadCount, API_PATHS.chatCounterpart, OAUTH_PATHS.token, OAUTH_PATHS.revoke].map((p) =>
    p.replace(/:([A-Za-z]+)/g, '{$1}'),
  ),
);

describe('partner origins', () => {
  it('are https origins exactly, no wildcards, http://localhost only outside production', () => {
    expect(partnerOriginProblem('https://portal.example', true)).toBeNull();
    expect(partnerOriginProblem('https://portal.example:8443', true)).toBeNull();
    expect(partnerOriginProblem('http://localhost:5173', false)).toBeNull();
    expect(partnerOriginProblem('http://localhost:5173', true)).toMatch(/development only/);
    expect(partnerOriginProblem('http://portal.example', false)).toMatch(/must be an https:\/\/ origin/);
    expect(partnerOriginProblem('https://*.portal.example', false)).toMatch(/no wildcards/);
    expect(partnerOriginProblem('https://portal.example/', false)).toMatch(/without a path or a trailing slash/);
    expect(partnerOriginProblem('https://portal.example/chat', false)).toMatch(/without a path/);
    expect(partnerOriginProblem('portal.example', false)).toMatch(/is not an origin/);
  });
});

describe.each(['sqlite', 'postgres'] as const)('partner apps and scoped chat tokens on %s', (dialect) => {
  let h: Harness;
  let now = Date.parse('2026-11-29T10:00:00Z');
  const nextStep = () => (now += 30_000);
  let operator: Operator;
  const sockets = chatClients(() => h.base);
  afterEach(() => sockets.closeAll());

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now) });
    operator = await signedInOperator(h, 'operator', nextStep);
  });
  afterAll(() => h?.close());

  const register = async (name = 'University Portal', origins = [PORTAL]) => {
    const res = await h.api<PartnerSecret>('POST', PARTNER_PATHS.partners, { token: operator.token, body: { name, origins, contact: 'it@university.example' } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const partnerPath = (path: string, id: number) => path.replace(':partnerId', String(id));

  /** The popup's steps as the member: the consent screen's facts, then "Allow": the code. */
  const consent = async (memberToken: string, clientId: string, challenge: string, redirect = PORTAL) => {
    const q = { client_id: clientId, redirect_uri: redirect, response_type: 'code', scope: 'chat', code_challenge: challenge, code_challenge_method: 'S256', state: 'xyz', response_mode: 'web_message' };
    const info = await h.api<AuthorizeInfo>('GET', `${OAUTH_PATHS.authorize}?${new URLSearchParams(q)}`, { token: memberToken });
    expect(info.status).toBe(200);
    const allowed = await h.api<AuthorizeAnswer>('POST', OAUTH_PATHS.authorize, { token: memberToken, body: { ...q, decision: 'allow' } });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ redirectOrigin: redirect, error: null, state: 'xyz' });
    return { info: info.body, code: allowed.body.code! };
  };
  const exchange = (clientId: string, code: string, verifier: string, opts: { origin?: string; redirect?: string; secret?: string } = {}) =>
    h.api<TokenAnswer>('POST', OAUTH_PATHS.token, {
      headers: opts.origin === undefined ? {} : { origin: opts.origin },
      body: { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: opts.redirect ?? PORTAL, ...(opts.secret ? { client_secret: opts.secret } : {}) },
    });
  /** A member connected to the partner through the popup: their scoped token. */
  const connectMember = async (clientId: string) => {
    const m = await member(h);
    const { verifier, challenge } = pkce();
    const { code } = await consent(m.token, clientId, challenge);
    const token = await exchange(clientId, code, verifier, { origin: PORTAL });
    expect(token.status).toBe(200);
    return { member: m, tokens: token.body };
  };
  const partnerSocket = (t: TokenAnswer, origin: string | undefined = PORTAL): Client => {
    const s: Client = connect(h.base, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: `Bearer ${t.access_token}` },
      query: { userId: String(t.user_id) },
      ...(origin ? { extraHeaders: { origin } } : {}),
    });
    return s;
  };

  it('an operator registers a partner: the secret is shown once and kept hashed, origins are checked, the change is audited', async () => {
    const bad = await h.api<{ details: Array<{ field: string; message: string }> }>('POST', PARTNER_PATHS.partners, {
      token: operator.token,
      body: { name: ' ', origins: ['http://portal.example', 'https://*.portal.example'], contact: 'nobody' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d) => d.field)).toEqual(['name', 'contact', 'origins.0', 'origins.1']);

    const created = await register();
    expect(created.clientSecret).toMatch(/^sxs_/);
    expect(created.partner).toMatchObject({ name: 'University Portal', origins: [PORTAL], status: 'active' });
    const stored = await h.db.kysely.selectFrom('partners').selectAll().where('id', '=', created.partner.id).executeTakeFirstOrThrow();
    expect(stored.secretHash).not.toContain(created.clientSecret);
    expect(JSON.stringify(stored)).not.toContain(created.clientSecret);
    const list = await h.api<PartnerView[]>('GET', PARTNER_PATHS.partners, { token: operator.token });
    expect(list.body.find((p) => p.id === created.partner.id)).toEqual(created.partner);
    expect(JSON.stringify(list.body)).not.toContain(created.clientSecret);
    const audit = await h.db.kysely.selectFrom('adminAudit').select(['action', 'objectId', 'operatorId']).where('objectType', '=', 'partner').execute();
    expect(audit).toContainEqual({ action: 'partner.register', objectId: String(created.partner.id), operatorId: operator.id });

    // Support reads the list but registers nothing.
    const support = await signedInOperator(h, 'support', nextStep);
    expect((await h.api('GET', PARTNER_PATHS.partners, { token: support.token })).status).toBe(200);
    expect((await h.api('POST', PARTNER_PATHS.partners, { token: support.token, body: { name: 'X', origins: [OTHER_SITE], contact: 'x@x.example' } })).status).toBe(403);
  });

  it("CORS answers a partner's origin on the chat and token routes once registered, not elsewhere, and not once suspended, with no restart", async () => {
    const origin = `https://cors-${randomBytes(4).toString('hex')}.example`;
    const preflight = (path: string) =>
      fetch(`${h.base}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect((await preflight(API_PATHS.chatConversations)).headers.get('access-control-allow-origin')).toBeNull();
    const { partner } = await register('CORS Portal', [origin]);
    expect((await preflight(API_PATHS.chatConversations)).headers.get('access-control-allow-origin')).toBe(origin);
    expect((await preflight('/api/Chat/Messages/7')).headers.get('access-control-allow-origin')).toBe(origin);
    expect((await preflight(OAUTH_PATHS.token)).headers.get('access-control-allow-origin')).toBe(origin);
    // Not the member's other routes, not the popup's own (the consent is given on SciExperts' origin only).
    expect((await preflight('/api/User/GetUserById/1')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(OAUTH_PATHS.authorize)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(PARTNER_PATHS.partners)).headers.get('access-control-allow-origin')).toBeNull();
    // The site's own origins keep every route.
    const site = await fetch(`${h.base}/api/User/GetUserById/1`, { method: 'OPTIONS', headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' } });
    expect(site.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');

    expect((await h.api('POST', partnerPath(PARTNER_PATHS.partnerSuspend, partner.id), { token: operator.token, body: { reason: 'test' } })).status).toBe(200);
    expect((await preflight(API_PATHS.chatConversations)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await h.api('POST', partnerPath(PARTNER_PATHS.partnerReinstate, partner.id), { token: operator.token, body: { reason: 'test' } })).status).toBe(200);
    expect((await preflight(API_PATHS.chatConversations)).headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('the popup: the consent names the partner and the scope, the code gives a scoped token, and messages sent with it say which partner they came through', async () => {
    const { partner } = await register();
    const m = await member(h);
    const expert = await member(h, { firstName: 'Ada' });
    const { verifier, challenge } = pkce();
    const { info, code } = await consent(m.token, partner.clientId, challenge);
    expect(info).toEqual({ partner: { clientId: partner.clientId, name: 'University Portal' }, scope: 'chat', scopeText: 'read and send your SciExperts messages', redirectOrigin: PORTAL });
    expect(PARTNER_SCOPES.chat).toBe('read and send your SciExperts messages');

    const token = await exchange(partner.clientId, code, verifier, { origin: PORTAL });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'chat', expires_in: PARTNER_LIMITS.accessTokenSeconds, user_id: m.id });
    expect(token.body.access_token).not.toBe(m.token);

    // The chat's REST routes open; the socket opens from the partner's origin or from no browser, not from another site.
    expect((await h.api('GET', API_PATHS.chatConversations, { token: token.body.access_token, headers: { origin: PORTAL } })).status).toBe(200);
    expect((await h.api('GET', API_PATHS.chatUnreadCount, { token: token.body.access_token, headers: { origin: OTHER_SITE } })).status).toBe(403);
    expect(await refused(partnerSocket(token.body, OTHER_SITE))).toBeTruthy();
    const noBrowser = partnerSocket(token.body, undefined);
    await connected(noBrowser);
    noBrowser.disconnect();
    const s = partnerSocket(token.body);
    await connected(s);
    const expertSocket = sockets.socket(expert);
    await connected(expertSocket);
    const expertGot = received(expertSocket);
    const ack = await send(s, { receiverId: expert.id, text: 'Hello from the portal', clientId: 'p-1' });
    expect(ack).toMatchObject({ ok: true, message: { text: 'Hello from the portal', via: 'University Portal' } });
    await eventually(() => expertGot.some(([event]) => event === 'newMessage'), 'the expert receiving the message');
    expect((expertGot.find(([event]) => event === 'newMessage')![1] as ChatMessage).via).toBe('University Portal');
    const page = await h.api<MessagePage>('GET', API_PATHS.chatMessages.replace(':counterpartId', String(m.id)), { token: expert.token });
    expect(page.body.messages.at(-1)).toMatchObject({ text: 'Hello from the portal', via: 'University Portal' });
    const stored = await h.db.kysely.selectFrom('messages').select('via').where('senderId', '=', m.id).executeTakeFirstOrThrow();
    expect(stored.via).toBe('University Portal');
    // The member's own messages carry no partner.
    const own = sockets.socket(m);
    await connected(own);
    expect(await send(own, { receiverId: expert.id, text: 'From the site', clientId: 'own-1' })).toMatchObject({ ok: true, message: { text: 'From the site' } });
    expect(((await send(own, { receiverId: expert.id, text: 'From the site', clientId: 'own-1' })) as { message: ChatMessage }).message.via).toBeUndefined();

    // A reply reaches the member's own socket with its notification in the same frame, and the partner's socket
    // without it: a partner's token opens the chat only.
    const withNotice = (socket: typeof s) => new Promise<unknown[]>((resolve) => socket.once('newMessage', (...args: unknown[]) => resolve(args)));
    const [atPartner, atSite] = [withNotice(s), withNotice(own)];
    expect((await send(expertSocket, { receiverId: m.id, text: 'Hello back', clientId: 'reply-1' })).ok).toBe(true);
    expect(await atPartner).toEqual([expect.objectContaining({ text: 'Hello back' })]);
    expect(await atSite).toEqual([expect.objectContaining({ text: 'Hello back' }), expect.objectContaining({ type: 'message', link: `/chat?with=${expert.id}` })]);
    s.disconnect();
  });

  it('a partner token is refused on every route of the OpenAPI document but the chat’s', async () => {
    const { partner } = await register();
    const { tokens } = await connectMember(partner.clientId);
    const doc = (await h.api<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json')).body;
    const walked: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (CHAT_ROUTES.has(path)) continue;
      for (const method of Object.keys(ops)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await fetch(`${h.base}${url}`, { method: method.toUpperCase(), headers: { authorization: `Bearer ${tokens.access_token}` } });
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        walked.push(`${method} ${path} → ${res.status} ${body?.message ?? ''}`);
        expect(`${method} ${path} → ${res.status}`).toBe(`${method} ${path} → 403`);
        expect(body?.message).toBe(M.scopeRefused);
      }
    }
    // Money, profile edits, settings and the console are among them.
    for (const p of ['/api/Payments/Withdrawals', '/api/Account/ChangePassword', '/api/admin/Members', PARTNER_PATHS.partners, CONNECTED_PARTNER_PATHS.list, OAUTH_PATHS.authorize]) {
      expect(walked.some((w) => w.includes(` ${p} → 403`))).toBe(true);
    }
    expect(walked.length).toBeGreaterThan(100);
  });

  it('PKCE and the code: a wrong verifier, a reused code (which ends what it gave), an expired code, another redirect or origin are refused', async () => {
    const { partner } = await register();
    const m = await member(h);
    const id = partner.clientId;

    const wrong = pkce();
    const c1 = await consent(m.token, id, wrong.challenge);
    const bad = await exchange(id, c1.code, pkce().verifier);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: M.verifierMismatch, reason: 'invalid_grant' });
    // The code was used up by that attempt.
    expect((await exchange(id, c1.code, wrong.verifier)).body).toMatchObject({ reason: 'invalid_grant' });

    const p2 = pkce();
    const c2 = await consent(m.token, id, p2.challenge);
    const first = await exchange(id, c2.code, p2.verifier);
    expect(first.status).toBe(200);
    expect((await h.api('GET', API_PATHS.chatUnreadCount, { token: first.body.access_token })).status).toBe(200);
    const reused = await exchange(id, c2.code, p2.verifier);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ message: M.badGrant, reason: 'invalid_grant' });
    expect((await h.api('GET', API_PATHS.chatUnreadCount, { token: first.body.access_token })).status).toBe(401);
    expect((await h.api('POST', OAUTH_PATHS.token, { body: { grant_type: 'refresh_token', client_id: id, refresh_token: first.body.refresh_token } })).status).toBe(400);

    const p3 = pkce();
    const c3 = await consent(m.token, id, p3.challenge);
    now += (PARTNER_LIMITS.codeSeconds + 1) * 1000;
    expect((await exchange(id, c3.code, p3.verifier)).body).toMatchObject({ message: M.badGrant, reason: 'invalid_grant' });

    const p4 = pkce();
    const c4 = await consent(m.token, id, p4.challenge);
    expect((await exchange(id, c4.code, p4.verifier, { redirect: OTHER_SITE })).body).toMatchObject({ message: M.redirectMismatch });
    const p5 = pkce();
    const c5 = await consent(m.token, id, p5.challenge);
    const elsewhere = await exchange(id, c5.code, p5.verifier, { origin: OTHER_SITE });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({ message: M.originMismatch });

    // The authorization request itself: a redirect the partner did not register, a plain challenge, another scope, an unknown client.
    const q = { client_id: id, redirect_uri: PORTAL, response_type: 'code', scope: 'chat', code_challenge: p5.challenge, code_challenge_method: 'S256' };
    const ask = (change: Record<string, string>) => h.api<{ message: string }>('GET', `${OAUTH_PATHS.authorize}?${new URLSearchParams({ ...q, ...change })}`, { token: m.token });
    expect((await ask({ redirect_uri: OTHER_SITE })).body.message).toBe(M.redirectNotRegistered);
    expect((await ask({ code_challenge_method: 'plain' })).body.message).toBe(M.challengeMethod);
    expect((await ask({ code_challenge: 'short' })).body.message).toBe(M.challengeShape);
    expect((await ask({ scope: 'payments' })).body.message).toBe(M.scopeUnknown);
    expect((await ask({ client_id: 'sx_nobody' })).body.message).toBe(M.unknownClient);
    // What the consent screen names is shown before the member signs in.
    expect((await h.api<AuthorizeInfo>('GET', `${OAUTH_PATHS.authorize}?${new URLSearchParams(q)}`)).body.partner.name).toBe('University Portal');
    // No member token, no consent; a partner's token cannot consent for anyone.
    expect((await h.api('POST', OAUTH_PATHS.authorize, { body: { ...q, decision: 'allow' } })).status).toBe(401);
    expect((await h.api('POST', OAUTH_PATHS.authorize, { token: first.body.access_token, body: { ...q, decision: 'allow' } })).status).toBe(403);
    const denied = await h.api<AuthorizeAnswer>('POST', OAUTH_PATHS.authorize, { token: m.token, body: { ...q, decision: 'deny' } });
    expect(denied.body).toMatchObject({ code: null, error: 'access_denied' });
  });

  it('refresh tokens rotate; a replaced one presented again ends the grant', async () => {
    const { partner } = await register();
    const { tokens } = await connectMember(partner.clientId);
    const refresh = (token: string) => h.api<TokenAnswer>('POST', OAUTH_PATHS.token, { headers: { origin: PORTAL }, body: { grant_type: 'refresh_token', client_id: partner.clientId, refresh_token: token } });
    const second = await refresh(tokens.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await h.api('GET', API_PATHS.chatUnreadCount, { token: second.body.access_token })).status).toBe(200);
    const replayed = await refresh(tokens.refresh_token);
    expect(replayed.body).toMatchObject({ reason: 'invalid_grant' });
    expect((await h.api('GET', API_PATHS.chatUnreadCount, { token: second.body.access_token })).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).status).toBe(400);
  });

  it("rotating the secret refuses the old one at once (a partner's server exchanging with its secret)", async () => {
    const created = await register();
    const id = created.partner.clientId;
    const m = await member(h);
    const p1 = pkce();
    const c1 = await consent(m.token, id, p1.challenge);
    expect((await exchange(id, c1.code, p1.verifier, { secret: created.clientSecret })).status).toBe(200);
    const rotated = await h.api<PartnerSecret>('POST', partnerPath(PARTNER_PATHS.partnerRotateSecret, created.partner.id), { token: operator.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.clientSecret).not.toBe(created.clientSecret);
    const p2 = pkce();
    const c2 = await consent(m.token, id, p2.challenge);
    const old = await exchange(id, c2.code, p2.verifier, { secret: created.clientSecret });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ message: M.badSecret, reason: 'invalid_client' });
    const p3 = pkce();
    const c3 = await consent(m.token, id, p3.challenge);
    expect((await exchange(id, c3.code, p3.verifier, { secret: rotated.body.clientSecret })).status).toBe(200);
    const audit = await h.db.kysely.selectFrom('adminAudit').select('action').where('objectType', '=', 'partner').where('objectId', '=', String(created.partner.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['partner.register', 'partner.rotate-secret']);
  });

  it('the member lists connected partners and revokes one: its tokens answer 401 and its socket closes', async () => {
    const { partner } = await register();
    const { member: m, tokens } = await connectMember(partner.clientId);
    const list = await h.api<ConnectedPartner[]>('GET', CONNECTED_PARTNER_PATHS.list, { token: m.token });
    expect(list.body).toEqual([expect.objectContaining({ clientId: partner.clientId, name: 'University Portal', scope: 'chat', scopeText: PARTNER_SCOPES.chat })]);
    // The member's own sign-ins do not list the partner's token.
    const sessions = await h.api<{ results: Array<{ current: boolean }> }>('GET', API_PATHS.accountSessions, { token: m.token });
    expect(sessions.body.results).toEqual([expect.objectContaining({ current: true })]);
    const s = partnerSocket(tokens);
    await connected(s);
    const closed = disconnected(s, 5000);
    const revoked = await h.api<{ message: string }>('DELETE', CONNECTED_PARTNER_PATHS.revoke.replace(':clientId', partner.clientId), { token: m.token });
    expect(revoked.body.message).toBe(M.revoked);
    expect(await closed).toBe('io server disconnect');
    expect((await h.api('GET', API_PATHS.chatConversations, { token: tokens.access_token })).status).toBe(401);
    expect((await h.api('POST', OAUTH_PATHS.token, { body: { grant_type: 'refresh_token', client_id: partner.clientId, refresh_token: tokens.refresh_token } })).status).toBe(400);
    expect((await h.api<ConnectedPartner[]>('GET', CONNECTED_PARTNER_PATHS.list, { token: m.token })).body).toEqual([]);
    expect((await h.api('DELETE', CONNECTED_PARTNER_PATHS.revoke.replace(':clientId', partner.clientId), { token: m.token })).status).toBe(404);
  });

  it("signing out the member's other sessions (as a password change does) ends partners' tokens and refresh tokens too", async () => {
    const { partner } = await register();
    const { member: m, tokens } = await connectMember(partner.clientId);
    expect((await h.api('POST', API_PATHS.accountSessionsRevokeOthers, { token: m.token })).status).toBe(200);
    expect((await h.api('GET', API_PATHS.chatConversations, { token: tokens.access_token })).status).toBe(401);
    expect((await h.api('POST', OAUTH_PATHS.token, { body: { grant_type: 'refresh_token', client_id: partner.clientId, refresh_token: tokens.refresh_token } })).body).toMatchObject({ reason: 'invalid_grant' });
    expect((await h.api<ConnectedPartner[]>('GET', CONNECTED_PARTNER_PATHS.list, { token: m.token })).body).toEqual([]);
    expect((await h.api('GET', API_PATHS.chatConversations, { token: m.token })).status).toBe(200);
  });

  it('suspending a partner ends its tokens, refresh tokens and sockets, and refuses new sign-ins; twice is a 409', async () => {
    const { partner } = await register();
    const { member: m, tokens } = await connectMember(partner.clientId);
    const s = partnerSocket(tokens);
    await connected(s);
    const closed = disconnected(s, 5000);
    const suspended = await h.api<PartnerView>('POST', partnerPath(PARTNER_PATHS.partnerSuspend, partner.id), { token: operator.token, body: { reason: 'Leaked its pages' } });
    expect(suspended.body).toMatchObject({ status: 'suspended' });
    expect(await closed).toBe('io server disconnect');
    expect((await h.api('GET', API_PATHS.chatConversations, { token: tokens.access_token })).status).toBe(401);
    expect((await h.api('POST', OAUTH_PATHS.token, { body: { grant_type: 'refresh_token', client_id: partner.clientId, refresh_token: tokens.refresh_token } })).body).toMatchObject({ message: M.suspended });
    const q = { client_id: partner.clientId, redirect_uri: PORTAL, response_type: 'code', scope: 'chat', code_challenge: pkce().challenge, code_challenge_method: 'S256' };
    expect((await h.api<{ message: string }>('GET', `${OAUTH_PATHS.authorize}?${new URLSearchParams(q)}`, { token: m.token })).body.message).toBe(M.suspended);
    const again = await h.api('POST', partnerPath(PARTNER_PATHS.partnerSuspend, partner.id), { token: operator.token, body: { reason: 'again' } });
    expect(again.status).toBe(409);
    const audit = await h.db.kysely.selectFrom('adminAudit').select(['action', 'reason']).where('objectType', '=', 'partner').where('objectId', '=', String(partner.id)).execute();
    expect(audit).toEqual([
      { action: 'partner.register', reason: null },
      { action: 'partner.suspend', reason: 'Leaked its pages' },
    ]);
  });
});

describe('partners across two API processes (PostgreSQL and Redis)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: Harness;
  let b: Harness;
  let drop: () => Promise<void>;
  let now = Date.parse('2026-11-29T10:00:00Z');
  const sockets = chatClients(() => b.base);
  afterEach(() => sockets.closeAll());

  beforeAll(async () => {
    const pg = await createPgSchema();
    drop = pg.drop;
    const run = `partners-${randomBytes(4).toString('hex')}`;
    const shared = { databaseUrl: pg.url, databaseSchema: pg.schema, redisUrl: REDIS_URL, redisKeyPrefix: run, chatStreamName: `${run}-chat`, sessionCacheMs: 60_000 };
    const where = { databaseUrl: pg.url, databaseSchema: pg.schema, sqliteFile: '' };
    a = await startApp(shared, { db: openDatabase(where), clock: () => new Date(now) });
    b = await startApp(shared, { db: openDatabase(where), clock: () => new Date(now) });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it("a partner registered on one process is allowed on the other at once; suspended on one, its tokens and sockets end on the other", async () => {
    const origin = `https://two-${randomBytes(4).toString('hex')}.example`;
    const corsOn = async (h: Harness) =>
      (await fetch(`${h.base}${API_PATHS.chatConversations}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } })).headers.get('access-control-allow-origin');
    // Process b has read the (empty) registry and holds it.
    expect(await corsOn(b)).toBeNull();
    const operator = await signedInOperator(a, 'operator', () => (now += 30_000));
    const created = await a.api<PartnerSecret>('POST', PARTNER_PATHS.partners, { token: operator.token, body: { name: 'Two Process Portal', origins: [origin], contact: 'it@two.example' } });
    await eventually(async () => (await corsOn(b)) === origin, "process b allowing the partner's origin");

    // The member connects on a; the token is used on b (b caches the session as active for a minute).
    const m = await member(a);
    const { verifier, challenge } = pkce();
    const q = { client_id: created.body.partner.clientId, redirect_uri: origin, response_type: 'code', scope: 'chat', code_challenge: challenge, code_challenge_method: 'S256' };
    const code = (await a.api<AuthorizeAnswer>('POST', OAUTH_PATHS.authorize, { token: m.token, body: { ...q, decision: 'allow' } })).body.code!;
    const tokens = (await b.api<TokenAnswer>('POST', OAUTH_PATHS.token, { headers: { origin }, body: { grant_type: 'authorization_code', client_id: q.client_id, code, code_verifier: verifier, redirect_uri: origin } })).body;
    expect((await b.api('GET', API_PATHS.chatConversations, { token: tokens.access_token })).status).toBe(200);
    const s: Client = connect(b.base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${tokens.access_token}` }, query: { userId: String(tokens.user_id) }, extraHeaders: { origin } });
    await connected(s);
    const closed = disconnected(s, 5000);

    expect((await a.api('POST', PARTNER_PATHS.partnerSuspend.replace(':partnerId', String(created.body.partner.id)), { token: operator.token, body: { reason: 'test' } })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await b.api('GET', API_PATHS.chatConversations, { token: tokens.access_token })).status).toBe(401);
    await eventually(async () => (await corsOn(b)) === null, "process b refusing the suspended partner's origin");
  });
});
