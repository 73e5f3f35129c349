import type { HealthResponse } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import pkg from '../../package.json';

const VERSION = pkg.version;

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', { schema: { tags: ['Health'], summary: 'Liveness and database status' } }, async (_request, reply): Promise<HealthResponse> => {
    const up = await ctx.db.ping();
    reply.code(up ? 200 : 503);
    return { status: up ? 'ok' : 'degraded', database: { status: up ? 'up' : 'down', dialect: ctx.db.dialect }, version: VERSION };
  });
}
