// Partner apps (issue 45, docs/decisions/0050-partner-apps-and-scoped-tokens.md), one plugin:
// - the operators' Partners page under /api/admin/Partners: register (the secret shown once), rotate the secret,
//   suspend (tokens, refresh tokens and sockets end on every process), reinstate; every change audited;
// - OAuth 2.0 authorization code with PKCE (S256) for a public client, popup variant: the popup on SciExperts' origin
//   asks the member (signed in as usual, second factor included) and posts the code to the partner's registered origin;
//   the partner's page exchanges it for a chat-scoped access token and a rotating refresh token;
// - the member's "Connected partners": the list, and a revocation that ends that partner's tokens and sockets.
import {
  CHAT_SCOPE,
  CONNECTED_PARTNER_PATHS,
  OAUTH_ERRORS as E,
  OAUTH_PATHS,
  PARTNER_LIMITS as L,
  PARTNER_MESSAGES as M,
  PARTNER_PATHS,
  PARTNER_SCOPES,
  isEmail,
  type AuthorizeAnswer,
  type AuthorizeInfo,
  type AuthorizeQuery as AuthorizeQueryInput,
  type ConnectedPartner as ConnectedPartnerView,
  type PartnerScope,
  type PartnerSecret as PartnerSecretView,
  type PartnerView as PartnerViewType,
  type TokenAnswer as TokenAnswerView,
} from '@sciexperts/shared/contracts';
import {
  AuthorizeAnswer as AuthorizeAnswerSchema,
  AuthorizeDecision,
  AuthorizeInfo as AuthorizeInfoSchema,
  AuthorizeQuery,
  ClientIdParams,
  ConnectedPartnerList,
  PartnerIdParams,
  PartnerList,
  PartnerReasonBody,
  PartnerSecret,
  PartnerView,
  RegisterPartnerBody,
  RevokeRequest,
  TokenAnswer,
  TokenRequest,
} from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, open } from '../../http/schemas';
import { bearerToken } from '../../auth/tokens';
import { writeAudit } from '../admin/audit';
import { checkReason, guardAdminRoutes, operatorOf } from '../admin/guard';
import { checkOrigins, hashOf, isChallenge, matchesHash, newClientId, newClientSecret, newOpaqueToken, verifierMatches, isVerifier } from './rules';
import * as repo from './repository';

const oauthError = (status: number, reason: string, message: string) => new HttpError(status, message, undefined, {}, reason);
const DAY_MS = 24 * 60 * 60_000;

export const partnersModule: Module = async (app) => {
  operatorRoutes(app);
  oauthRoutes(app);
  await app.register(async (member) => {
    requireSession(member);
    memberRoutes(member);
  });
};

/** Ends every access token (session) of `sessionIds` through the token service: caches on every process, sockets in every process. */
async function endSessions(app: FastifyInstance, sessionIds: readonly string[]): Promise<void> {
  await app.ctx.tokens.revokeSessions(sessionIds);
}

function operatorRoutes(app: FastifyInstance): void {
  const { db, clock, config } = app.ctx;
  guardAdminRoutes(app);
  const r = api(app);
  const tags = ['Admin'];
  const guarded = [401, 403, 404] as const;

  r.get(
    PARTNER_PATHS.partners,
    {
      config: { adminPermission: 'partners.read' },
      schema: { tags, operationId: 'adminPartners', summary: 'Every partner app: its client id, origins, contact and state (never its secret)', security: bearer, response: { 200: PartnerList, ...errors(...guarded) } },
    },
    async (): Promise<PartnerViewType[]> => (await repo.listPartners(db)).map(repo.partnerView),
  );

  r.post(
    PARTNER_PATHS.partners,
    {
      config: { adminPermission: 'partners.manage' },
      schema: {
        tags,
        operationId: 'adminRegisterPartner',
        summary: 'Register a partner app: its name, the origins it embeds the chat from (https, no wildcards; http://localhost outside production) and a contact. Answers the client secret once; only its hash is kept',
        security: bearer,
        body: RegisterPartnerBody,
        response: { 201: PartnerSecret, ...errors(400, ...guarded) },
      },
    },
    async (request, reply): Promise<PartnerSecretView> => {
      const me = operatorOf(request);
      const name = request.body.name.trim();
      const contact = request.body.contact.trim();
      const origins = request.body.origins.map((o) => o.trim());
      const problems = [
        ...(name ? [] : [{ field: 'name', message: M.nameRequired }]),
        ...(isEmail(contact) ? [] : [{ field: 'contact', message: M.contactInvalid }]),
        ...checkOrigins(origins, config.production),
      ];
      if (problems.length > 0) throw badRequest(problems);
      const secret = newClientSecret();
      const now = clock();
      const row = await db.kysely.transaction().execute(async (trx) => {
        const inserted = await repo.insertPartner(trx, { clientId: newClientId(), name, origins, contact, secretHash: hashOf(secret) }, now);
        await writeAudit(trx, { operator: me, action: 'partner.register', objectType: 'partner', objectId: inserted.id, details: `${name}: ${origins.join(', ')} (contact ${contact})`, address: request.ip, at: now });
        return inserted;
      });
      await app.ctx.partners.changed();
      reply.code(201).header('cache-control', 'no-store');
      return { partner: repo.partnerView(row), clientSecret: secret };
    },
  );

  r.post(
    PARTNER_PATHS.partnerRotateSecret,
    {
      config: { adminPermission: 'partners.manage' },
      schema: {
        tags,
        operationId: 'adminRotatePartnerSecret',
        summary: "Replace a partner's client secret: the new one is answered once, the old one is refused from now on",
        security: bearer,
        params: PartnerIdParams,
        response: { 200: PartnerSecret, ...errors(400, ...guarded) },
      },
    },
    async (request, reply): Promise<PartnerSecretView> => {
      const me = operatorOf(request);
      const id = Number(request.params.partnerId);
      const secret = newClientSecret();
      const now = clock();
      const row = await db.kysely.transaction().execute(async (trx) => {
        const updated = await repo.replaceSecret(trx, id, hashOf(secret), now);
        if (!updated) throw notFound(M.notFound);
        await writeAudit(trx, { operator: me, action: 'partner.rotate-secret', objectType: 'partner', objectId: id, details: updated.name, address: request.ip, at: now });
        return updated;
      });
      reply.header('cache-control', 'no-store');
      return { partner: repo.partnerView(row), clientSecret: secret };
    },
  );

  const statusRoute = (path: string, operationId: string, summary: string, to: 'suspended' | 'active') =>
    r.post(
      path,
      {
        config: { adminPermission: 'partners.manage' },
        schema: { tags, operationId, summary, security: bearer, params: PartnerIdParams, body: PartnerReasonBody, response: { 200: PartnerView, ...errors(400, ...guarded, 409) } },
      },
      async (request): Promise<PartnerViewType> => {
        const me = operatorOf(request);
        const reason = checkReason(request.body.reason);
        const id = Number(request.params.partnerId);
        const now = clock();
        const row = await db.kysely.transaction().execute(async (trx) => {
          const found = await repo.findPartner(trx, id);
          if (!found) throw notFound(M.notFound);
          const moved = await repo.setStatus(trx, id, to === 'suspended' ? 'active' : 'suspended', to, now);
          if (!moved) throw new HttpError(409, to === 'suspended' ? M.alreadySuspended : M.notSuspended);
          if (to === 'suspended') await repo.dropPartnerGrants(trx, id);
          await writeAudit(trx, { operator: me, action: to === 'suspended' ? 'partner.suspend' : 'partner.reinstate', objectType: 'partner', objectId: id, reason, details: found.name, address: request.ip, at: now });
          return moved;
        });
        // Its origins leave CORS and the handshake on every process; then its access tokens end, and with them its sockets.
        await app.ctx.partners.changed();
        if (to === 'suspended') await endSessions(app, await repo.partnerSessionIds(db, id));
        return repo.partnerView(row);
      },
    );
  statusRoute(PARTNER_PATHS.partnerSuspend, 'adminSuspendPartner', "Suspend a partner app: its origins are no longer allowed, its members' tokens, refresh tokens and chat sockets end on every process", 'suspended');
  statusRoute(PARTNER_PATHS.partnerReinstate, 'adminReinstatePartner', 'Reinstate a suspended partner app: its origins are allowed again; its members connect it anew', 'active');
}

/** The checks of an authorization request, for both the consent screen (GET) and the decision (POST). */
async function checkAuthorization(app: FastifyInstance, q: AuthorizeQueryInput): Promise<{ partner: repo.PartnerRow; scope: PartnerScope }> {
  const partner = await repo.findPartnerByClientId(app.ctx.db.kysely, q.client_id);
  if (!partner) throw oauthError(400, E.invalidClient, M.unknownClient);
  if (partner.status !== 'active') throw oauthError(400, E.unauthorizedClient, M.suspended);
  if (!repo.partnerOrigins(partner).includes(q.redirect_uri)) throw oauthError(400, E.invalidRequest, M.redirectNotRegistered);
  if (q.scope !== CHAT_SCOPE) throw oauthError(400, E.invalidScope, M.scopeUnknown);
  if (q.code_challenge_method !== 'S256') throw oauthError(400, E.invalidRequest, M.challengeMethod);
  if (!isChallenge(q.code_challenge)) throw oauthError(400, E.invalidRequest, M.challengeShape);
  return { partner, scope: CHAT_SCOPE };
}

/** Only the member's own sign-in may consent: a partner's token never connects a partner (the scope hook refuses it first). */
function memberOnly(request: FastifyRequest): number {
  const me = auth(request);
  if (request.server.ctx.tokens.signedScope(bearerToken(request.headers.authorization))) throw new HttpError(403, M.memberToken);
  return me.userId;
}

function oauthRoutes(app: FastifyInstance): void {
  const { db, clock, tokens } = app.ctx;
  const tags = ['Partners'];

  // The decision needs the member's own session; what the consent screen names (below) is public.
  void app.register(async (member) => {
    requireSession(member);
    const m = api(member);
    m.post(
      OAUTH_PATHS.authorize,
      {
        schema: {
          tags,
          operationId: 'oauthAuthorize',
          summary: "The member's decision on the consent screen: allowed, a one-use code (two minutes) bound to the partner, the redirect origin and the PKCE challenge, which the popup posts to that origin; denied, the error access_denied",
          security: bearer,
          body: AuthorizeDecision,
          response: { 200: AuthorizeAnswerSchema, ...errors(400, 401) },
        },
      },
      async (request, reply): Promise<AuthorizeAnswer> => {
        const userId = memberOnly(request);
        const { decision, ...q } = request.body;
        const { partner, scope } = await checkAuthorization(app, q);
        const state = q.state ?? null;
        if (decision === 'deny') return { redirectOrigin: q.redirect_uri, code: null, error: E.accessDenied, state };
        const code = newOpaqueToken();
        const now = clock();
        await repo.pruneCodes(db, now);
        await repo.insertCode(db, { codeHash: hashOf(code), partnerId: partner.id, userId, redirectOrigin: q.redirect_uri, codeChallenge: q.code_challenge, scope, expiresAt: new Date(now.getTime() + L.codeSeconds * 1000).toISOString() });
        reply.header('cache-control', 'no-store');
        return { redirectOrigin: q.redirect_uri, code, error: null, state };
      },
    );
  });

  const r = api(app);

  r.get(
    OAUTH_PATHS.authorize,
    {
      schema: {
        tags,
        operationId: 'oauthAuthorizeInfo',
        summary: 'For the sign-in popup on SciExperts, before and after the member signs in: checks an authorization request (client, registered redirect origin, scope, PKCE S256 challenge) and names the partner and what it asks, for the consent screen',
        security: open,
        querystring: AuthorizeQuery,
        response: { 200: AuthorizeInfoSchema, ...errors(400) },
      },
    },
    async (request): Promise<AuthorizeInfo> => {
      const { partner, scope } = await checkAuthorization(app, request.query);
      return { partner: { clientId: partner.clientId, name: partner.name }, scope, scopeText: PARTNER_SCOPES[scope], redirectOrigin: request.query.redirect_uri };
    },
  );

  /** The client, its secret when one is sent (a partner's server), and the page's origin when a browser sends one. */
  const clientOf = async (request: FastifyRequest, clientId: string, secret: string | undefined): Promise<repo.PartnerRow> => {
    const partner = await repo.findPartnerByClientId(db.kysely, clientId);
    if (!partner) throw oauthError(401, E.invalidClient, M.unknownClient);
    if (secret !== undefined && !matchesHash(secret, partner.secretHash)) throw oauthError(401, E.invalidClient, M.badSecret);
    if (partner.status !== 'active') throw oauthError(400, E.unauthorizedClient, M.suspended);
    const origin = request.headers.origin;
    if (origin !== undefined && !repo.partnerOrigins(partner).includes(origin)) throw oauthError(403, E.invalidClient, M.originMismatch);
    return partner;
  };

  /** Ends a grant: its refresh token, and the access tokens (and sockets) issued under it. */
  const endGrant = async (grantId: number) => {
    await repo.deleteGrant(db, grantId);
    await endSessions(app, await repo.grantSessionIds(db, grantId));
  };

  const accessToken = async (partner: repo.PartnerRow, grant: repo.GrantRow, refreshToken: string, reply: FastifyReply): Promise<TokenAnswerView> => {
    const issued = await tokens.issueScoped(grant.userId, { partnerId: partner.id, grantId: grant.id, scope: grant.scope }, L.accessTokenSeconds);
    // Suspended while this token was being made: the suspension's sweep may have run before it existed.
    const now = await repo.findPartner(db.kysely, partner.id);
    if (now?.status !== 'active') {
      await endGrant(grant.id);
      throw oauthError(400, E.unauthorizedClient, M.suspended);
    }
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return { access_token: issued.token, token_type: 'Bearer', expires_in: L.accessTokenSeconds, refresh_token: refreshToken, scope: grant.scope as PartnerScope, user_id: grant.userId };
  };

  r.post(
    OAUTH_PATHS.token,
    {
      schema: {
        tags,
        operationId: 'oauthToken',
        summary:
          "The partner's page (or server) exchanges the popup's code, with its PKCE verifier, for a chat-scoped access token (15 minutes) and a refresh token (30 days, replaced at each use; a replaced one presented again ends the grant). A reused code ends what it was exchanged for. JSON body with OAuth's field names",
        security: open,
        body: TokenRequest,
        response: { 200: TokenAnswer, ...errors(400, 401, 403) },
      },
    },
    async (request, reply): Promise<TokenAnswerView> => {
      const b = request.body;
      const partner = await clientOf(request, b.client_id, b.client_secret);
      const now = clock();
      const refreshExpiresAt = new Date(now.getTime() + L.refreshTokenDays * DAY_MS);
      if (b.grant_type === 'authorization_code') {
        if (b.code === undefined || b.code_verifier === undefined || b.redirect_uri === undefined) {
          throw oauthError(400, E.invalidRequest, 'code, code_verifier and redirect_uri are required.');
        }
        if (!isVerifier(b.code_verifier)) throw oauthError(400, E.invalidRequest, M.verifierShape);
        const taken = await repo.takeCode(db, hashOf(b.code), now);
        if (!taken || taken.code.partnerId !== partner.id) throw oauthError(400, E.invalidGrant, M.badGrant);
        const { code, reused } = taken;
        if (reused) {
          // OAuth 2.0: a code is used once; one used twice was copied, and what it was exchanged for ends too.
          if (code.grantId !== null) await endGrant(code.grantId);
          throw oauthError(400, E.invalidGrant, M.badGrant);
        }
        if (code.expiresAt <= now.toISOString()) throw oauthError(400, E.invalidGrant, M.badGrant);
        if (code.redirectOrigin !== b.redirect_uri) throw oauthError(400, E.invalidGrant, M.redirectMismatch);
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== code.redirectOrigin) throw oauthError(403, E.invalidGrant, M.originMismatch);
        if (!verifierMatches(b.code_verifier, code.codeChallenge)) throw oauthError(400, E.invalidGrant, M.verifierMismatch);
        const refresh = newOpaqueToken();
        const grant = await repo.insertGrant(db, { partnerId: partner.id, userId: code.userId, scope: code.scope, refreshHash: hashOf(refresh), refreshExpiresAt }, now);
        await repo.setCodeGrant(db, code.codeHash, grant.id);
        return accessToken(partner, grant, refresh, reply);
      }
      if (b.grant_type === 'refresh_token') {
        if (b.refresh_token === undefined) throw oauthError(400, E.invalidRequest, 'refresh_token is required.');
        const presented = hashOf(b.refresh_token);
        const refresh = newOpaqueToken();
        const grant = await repo.rotateRefresh(db, partner.id, presented, hashOf(refresh), refreshExpiresAt, now);
        if (!grant) {
          // A replaced refresh token back again: one of two holders copied it. The grant ends for both.
          const known = await repo.findGrantByRefresh(db, partner.id, presented);
          if (known?.replaced) await endGrant(known.grant.id);
          throw oauthError(400, E.invalidGrant, M.badGrant);
        }
        return accessToken(partner, grant, refresh, reply);
      }
      throw oauthError(400, E.unsupportedGrantType, M.grantType);
    },
  );

  r.post(
    OAUTH_PATHS.revoke,
    {
      schema: {
        tags,
        operationId: 'oauthRevoke',
        summary: "A partner's page signs out (RFC 7009): a refresh token ends its grant and the access tokens issued under it; an access token ends itself. Unknown tokens are answered the same",
        security: open,
        body: RevokeRequest,
        response: { 204: Type.Null(), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const partner = await clientOf(request, request.body.client_id, undefined).catch((err: unknown) => {
        // A suspended partner's tokens are gone already: nothing to do, and nothing to tell.
        if (err instanceof HttpError && err.reason === E.unauthorizedClient) return null;
        throw err;
      });
      if (partner) {
        const { token } = request.body;
        const scoped = tokens.signedScope(token);
        if (scoped) {
          const session = scoped.partnerId === partner.id ? await tokens.verifySession(token) : null;
          if (session) await tokens.revokeSession(session.sessionId);
        } else {
          const known = await repo.findGrantByRefresh(db, partner.id, hashOf(token));
          if (known) await endGrant(known.grant.id);
        }
      }
      reply.code(204);
      return null;
    },
  );
}

function memberRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  const r = api(app);
  const tags = ['Partners'];

  r.get(
    CONNECTED_PARTNER_PATHS.list,
    {
      schema: { tags, operationId: 'connectedPartners', summary: 'The partner apps you connected (Account settings), with what each may do and when it last did', security: bearer, response: { 200: ConnectedPartnerList, ...errors(401) } },
    },
    async (request): Promise<ConnectedPartnerView[]> =>
      (await repo.connectedPartners(db, auth(request).userId)).map((row) => ({
        clientId: row.clientId,
        name: row.name,
        scope: row.scope as PartnerScope,
        scopeText: PARTNER_SCOPES[row.scope as PartnerScope] ?? row.scope,
        connectedAt: String(row.connectedAt),
        lastUsedAt: row.lastUsedAt === null ? null : String(row.lastUsedAt),
      })),
  );

  r.delete(
    CONNECTED_PARTNER_PATHS.revoke,
    {
      schema: {
        tags,
        operationId: 'disconnectPartner',
        summary: 'Disconnect a partner app: its refresh tokens and access tokens for you end, and its chat sockets close on every process',
        security: bearer,
        params: ClientIdParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = auth(request).userId;
      const partner = await repo.findPartnerByClientId(db.kysely, request.params.clientId);
      if (!partner) throw notFound(M.notConnected);
      const grants = await repo.deleteMemberGrants(db, me, partner.id);
      const sessions = await repo.partnerSessionIds(db, partner.id, me);
      if (grants === 0 && sessions.length === 0) throw notFound(M.notConnected);
      await endSessions(app, sessions);
      return { message: M.revoked };
    },
  );
}
