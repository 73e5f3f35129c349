import { API_PATHS, type HealthResponse as Health, type LivenessResponse as Liveness, type ReadinessResponse as ReadinessBody } from '@sciexperts/shared/contracts';
import { HealthResponse, LivenessResponse, ReadinessResponse } from '@sciexperts/shared/contracts/schemas';
import { api, type Module } from '../../http/api';
import { errors, open } from '../../http/schemas';
import pkg from '../../../package.json';

const VERSION = pkg.version;

// The proxy asks these every second or two from its own address: they must never use up that address's request budget.
const UNTHROTTLED = { rateLimit: false } as const;

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

  api(app).get(
    API_PATHS.healthLive,
    {
      config: UNTHROTTLED,
      schema: { tags: ['Health'], operationId: 'healthLive', summary: 'Liveness: the process is up (it asks nothing of the database)', security: open, response: { 200: LivenessResponse } },
    },
    async (): Promise<Liveness> => ({ status: 'ok' }),
  );

  api(app).get(
    API_PATHS.healthReady,
    {
      config: UNTHROTTLED,
      schema: {
        tags: ['Health'],
        operationId: 'healthReady',
        summary: 'Readiness: whether this process should get traffic (database and Redis answer, not draining)',
        security: open,
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_request, reply): Promise<ReadinessBody> => {
      const report = await app.readiness.check();
      reply.code(report.ready ? 200 : 503).header('Cache-Control', 'no-store');
      return { status: report.ready ? 'ready' : 'not ready', draining: report.draining, checks: report.checks };
    },
  );
};
