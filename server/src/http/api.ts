import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from './errors';
import { bearerToken } from '../auth/tokens';

/**
 * A domain module: one encapsulated Fastify plugin (server/src/modules/<domain>/routes.ts) registered in
 * modules/index.ts. Routes are declared with the TypeBox schemas of `@sciexperts/shared/contracts/schemas`,
 * so request types come from the schemas and every answer is serialised from its response schema.
 */
export type Module = FastifyPluginAsync;

/** The app with the TypeBox type provider: `api(app).get(path, { schema }, handler)` types params, body and reply. */
export function api(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

export function ctxOf(app: FastifyInstance): AppContext {
  return app.ctx;
}

/**
 * onRequest hook of every module whose routes need a valid bearer whose session still exists. A session this process
 * has just checked is answered at once from its cache (TokenService.verifyAtOnce), without a promise; otherwise the
 * database is asked (verify). Both apply the same rules and the same cache window, so a revoked session is refused
 * as soon as before.
 */
export function requireSession(app: FastifyInstance): void {
  const missing = 'Authentication token is missing.';
  const refused = 'Your session has expired or is invalid. Please sign in again.';
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return done(unauthorized(missing));
    const known = app.ctx.tokens.verifyAtOnce(token);
    if (known === null) return done(unauthorized(refused));
    if (known !== undefined) {
      request.auth = known;
      return done();
    }
    app.ctx.tokens.verify(token).then((session) => {
      if (!session) return done(unauthorized(refused));
      request.auth = session;
      done();
    }, done);
  });
}
