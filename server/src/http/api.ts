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

/** onRequest hook of every module whose routes need a valid bearer whose session still exists. */
export function requireSession(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized('Authentication token is missing.');
    const session = await app.ctx.tokens.verify(token);
    if (!session) throw unauthorized('Your session has expired or is invalid. Please sign in again.');
    request.auth = session;
  });
}
