import { API_PATHS, type HealthResponse as Health } from '@sciexperts/shared/contracts';
import { HealthResponse } from '@sciexperts/shared/contracts/schemas';
import { api, type Module } from '../../http/api';
import { errors, open } from '../../http/schemas';
import pkg from '../../../package.json';

const VERSION = pkg.version;

export const healthModule: Module = async (app) => {
  api(app).get(
    API_PATHS.health,
    { schema: { tags: ['Health'], operationId: 'health', summary: 'Liveness and database status', security: open, response: { 200: HealthResponse, 503: HealthResponse, ...errors(429) } } },
    async (_request, reply): Promise<Health> => {
      const up = await app.ctx.db.ping();
      reply.code(up ? 200 : 503);
      return { status: up ? 'ok' : 'degraded', database: { status: up ? 'up' : 'down', dialect: app.ctx.db.dialect }, version: VERSION };
    },
  );
};
