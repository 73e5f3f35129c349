// Scoped means scoped (docs/decisions/0050-partner-apps-and-scoped-tokens.md): a partner's token opens the chat's REST
// routes (and its socket, in chat/gateway.ts) and nothing else. One hook on the root, before every module, so every
// route there is or will be (money, profile edits, settings, the console) answers 403 to such a token, without a
// database read: the scope is a signed claim of the token. It also answers 403 to a partner's token sent from an
// origin that partner did not register (a token copied to another site).
import { API_PATHS, OAUTH_ERRORS, OAUTH_PATHS, PARTNER_MESSAGES as M } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../auth/tokens';
import { HttpError } from '../../http/errors';

/** The routes each scope opens, as Fastify names them (routeOptions.url). */
const SCOPE_ROUTES: Record<string, ReadonlySet<string>> = {
  chat: new Set([API_PATHS.chatConversations, API_PATHS.chatMessages, API_PATHS.chatMarkRead, API_PATHS.chatUnreadCount, API_PATHS.chatCounterpart, OAUTH_PATHS.token, OAUTH_PATHS.revoke]),
};

export function scopeOpens(scope: string, routeUrl: string): boolean {
  return SCOPE_ROUTES[scope]?.has(routeUrl) ?? false;
}

/** Routes a partner's token opens at all (the document says 403 differently on them). */
export const isPartnerRoute = (routeUrl: string): boolean => Object.values(SCOPE_ROUTES).some((routes) => routes.has(routeUrl));

const PARTNER_PATH_PATTERNS = [...new Set(Object.values(SCOPE_ROUTES).flatMap((routes) => [...routes]))].map(
  (url) => new RegExp(`^${url.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
);
/** A request path one of those routes answers: where a partner's origin gets a CORS answer (and its preflight). */
export const isPartnerPath = (path: string): boolean => PARTNER_PATH_PATTERNS.some((re) => re.test(path));

export function registerPartnerScope(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const scoped = app.ctx.tokens.signedScope(bearerToken(request.headers.authorization));
    if (!scoped) return;
    const url = request.routeOptions.url;
    // No route: the not-found answer, as for anyone.
    if (url === undefined) return;
    if (!scopeOpens(scoped.scope, url)) throw new HttpError(403, M.scopeRefused, undefined, {}, OAUTH_ERRORS.insufficientScope);
    const origin = request.headers.origin;
    if (origin !== undefined && !(await app.ctx.partners.partnerHasOrigin(scoped.partnerId, origin))) throw new HttpError(403, M.originMismatch);
  });
}
