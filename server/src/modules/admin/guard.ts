// What every plugin with routes under /api/admin shares (the console's own module, and the domains that add pages to
// it, such as vetting): the onRequest hook that checks the operator and the route's permission before validation
// and before the route, and the reason an operator types. Each such plugin calls guardAdminRoutes(app) inside
// itself (Fastify encapsulates hooks per plugin), so no admin route is ever registered without it.
import { ADMIN_MESSAGES as M, ADMIN_REFUSALS, mayDo, type AdminPermission } from '@sciexperts/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../auth/tokens';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { writeAudit } from './audit';
import { operatorOfToken, type OperatorIdentity } from './operators';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorIdentity | null;
  }
  interface FastifyContextConfig {
    /** The permission an admin route needs; absent: the route is open (sign-in only). */
    adminPermission?: AdminPermission | 'signed-in';
    /** Served while the operator still has the one-time password (signing out, who am I, the change itself). */
    beforePasswordChange?: true;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The same answer as a path that does not exist (the app's not-found handler). */
const hidden = (request: FastifyRequest) => notFound(`No route ${request.method} ${request.url.split('?')[0]}.`);

export function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw hidden(request);
  return request.operator;
}

/** The reason an operator typed: trimmed, required, plain text (line breaks allowed). */
export function checkReason(reason: string): string {
  const text = reason.trim();
  if (!text || CONTROL.test(text)) throw badRequest([{ field: 'reason', message: M.reasonRequired }]);
  return text;
}

/**
 * Anyone who is not a signed-in operator (no token, a member's token, garbage) gets the same 404 as a path that does
 * not exist, so the console is not advertised; an operator whose session expired gets 401, the wrong role 403, and an
 * operator who has not yet replaced the one-time password 403 with the reason `password-change`.
 */
export function guardAdminRoutes(app: FastifyInstance): void {
  const { db, clock } = app.ctx;
  if (!app.hasRequestDecorator('operator')) app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    const needed = request.routeOptions.config.adminPermission;
    if (needed === undefined) return;
    const token = bearerToken(request.headers.authorization);
    const found = token ? await operatorOfToken(db, token, clock()) : null;
    if (found === null) throw hidden(request);
    if (found === 'expired') throw new HttpError(401, M.sessionExpired);
    // The one-time password from create-operator opens nothing until the operator has chosen their own.
    if (found.passwordChangeRequired && !request.routeOptions.config.beforePasswordChange) throw new HttpError(403, M.passwordChangeRequired, undefined, {}, ADMIN_REFUSALS.passwordChange);
    if (needed !== 'signed-in' && !mayDo(found.role, needed)) {
      // The console offers no such control to this role, so this was tried by hand: recorded, then refused.
      const path = request.url.split('?')[0];
      await db.kysely.transaction().execute((trx) =>
        writeAudit(trx, { operator: found, action: 'refused', objectType: 'route', details: `${request.method} ${path} needs ${needed}`, address: request.ip, at: clock() }),
      );
      throw new HttpError(403, M.wrongRole);
    }
    request.operator = found;
  });
}
