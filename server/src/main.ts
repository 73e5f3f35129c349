// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) patches http, fastify, pg and redis as they load.
import { telemetry } from './observability/startTelemetry';
import net from 'node:net';
import { loadConfigOrExit } from './config';
import { POSTGRES_POOL_SIZE, openConfiguredDatabase } from './db/connect';
import { warmMessageStore } from './modules/chat/notices';
import { buildApp, prepareDatabase } from './app';
import { fileClock } from './dev/testClock';
import { startDraining } from './modules/health/readiness';
import { startMetricsServer } from './observability/metricsServer';
import { compileRemainingSchemas } from './http/lazySchemas';

/** At most this long, a connection accepted just before the listener closed may take to deliver its request. */
const CONNECTIONS_SETTLE_MS = 3000;

async function start(): Promise<void> {
  const config = loadConfigOrExit();
  const db = openConfiguredDatabase(config);
  await prepareDatabase(db, config);
  const app = await buildApp(config, { db, ...(config.testClockFile ? { clock: fileClock(config.testClockFile) } : {}) });
  // Scheduled work (docs/decisions/0013-job-queue.md): the modules registered their handlers and sweeps on the
  // app's queue; every process runs it, and each job runs once across them.
  const { jobs } = app.ctx;

  // Which process answered (INSTANCE_NAME, set by `npm run start:cluster`): on every HTTP answer and on the chat's
  // WebSocket handshake, so an operator (and the cluster's tests) can tell the processes behind the proxy apart.
  const instance = process.env.INSTANCE_NAME?.trim();
  if (instance) {
    app.server.prependListener('request', (_request, response) => response.setHeader('X-Served-By', instance));
    app.io.engine.on('headers', (headers: Record<string, string>) => {
      headers['X-Served-By'] = instance;
    });
  }

  // Connections accepted whose first request has not arrived yet. nginx opens one connection per request: once the
  // listener is closed, each of these still carries a request nginx has passed on (and will not send elsewhere if it
  // is a POST), so closing waits for them, not for a fixed time that a busy machine can outlast.
  const awaitingRequest = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    awaitingRequest.add(socket);
    socket.once('close', () => awaitingRequest.delete(socket));
  });
  app.server.on('request', (request: { socket: net.Socket }) => awaitingRequest.delete(request.socket));
  app.server.on('upgrade', (request: { socket: net.Socket }) => awaitingRequest.delete(request.socket));
  const untilRequestsArrived = async (limitMs: number) => {
    const deadline = Date.now() + limitMs;
    while (awaitingRequest.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  let closing = false;
  const shutdown = (signal: 'SIGTERM' | 'SIGINT') => {
    if (closing) return;
    closing = true;
    // A rolling restart loses nothing: (1) readiness answers 503 at once, and the process keeps serving for the grace
    // period (SHUTDOWN_DELAY_MS), so an orchestrator or a load balancer polling readiness stops routing here first;
    // (2) the listener closes, so the proxy's next connection is refused and goes to another process (nginx retries a
    // refused connection, whatever the method); (3) app.close() lets the requests in flight finish, closes this
    // process's chat connections (their clients reconnect, through the proxy, to another process, and resend
    // unacknowledged messages by clientId), and lets running jobs finish (a job cut off is run again by another
    // process once its lease lapses). SIGINT is Ctrl-C in a terminal, where the whole site stops at once and nobody
    // is left to route around this process: no grace period then.
    const delayMs = signal === 'SIGINT' ? 0 : (config.shutdownDelayMs ?? 0);
    app.log.info(`${signal} received: draining${delayMs ? ` (readiness 503, still serving for ${delayMs} ms)` : ''}, then shutting down`);
    startDraining(app);
    // A stuck connection must not keep the process alive forever.
    let step = 'grace period';
    setTimeout(() => {
      app.log.error(`shutdown did not finish in time (stuck at: ${step}); exiting`);
      process.exit(1);
    }, 10_000 + delayMs).unref();
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const started = Date.now();
    wait(delayMs)
      .then(() => {
        // The listening socket only: http.Server.close() would also drop the connections just accepted whose request
        // has not been read yet, and nginx cannot send a POST it already passed on to another process.
        step = 'connections accepted before the listener closed';
        net.Server.prototype.close.call(app.server);
        return untilRequestsArrived(CONNECTIONS_SETTLE_MS);
      })
      .then(() => {
        step = 'requests in flight, sockets and messages being stored';
        return app.close();
      })
      .then(() => {
        step = 'running jobs';
        return jobs.stop();
      })
      .then(() => {
        step = 'database';
        return db.close();
      })
      // The spans still buffered are sent before the process ends.
      .then(() => telemetry?.shutdown())
      .then(() => {
        app.log.info(`drained in ${Date.now() - started} ms; exiting`);
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // The chat's first messages find the pool's connections open and its statements prepared (decision 0025): before
  // the listener opens, so neither the proxy nor readiness sends anything here until it is done.
  if (db.dialect === 'postgres' && process.env.CHAT_WARM_UP !== 'false') await warmMessageStore(db, config.databasePoolSize ?? POSTGRES_POOL_SIZE);
  await app.listen({ port: config.port, host: config.host });
  // Prometheus scrapes GET /metrics on a port of its own (docs/decisions/0035-metrics-and-traces.md); it stays up while
  // the process drains, and never keeps the process alive.
  const metrics = config.metrics;
  if (metrics && metrics.port !== null) {
    const server = await startMetricsServer({ port: metrics.port, host: metrics.host, token: metrics.token }, app.metrics);
    server.unref();
    const where = server.address();
    app.log.info(`metrics on http://${metrics.host}:${typeof where === 'object' && where ? where.port : metrics.port}/metrics${metrics.token ? ' (bearer token required)' : ''}`);
  }
  await jobs.start();
  // The schemas no request has needed yet, between requests (lazySchemas.ts): a broken one is still reported at start.
  void compileRemainingSchemas((err) => app.log.error({ err }, 'a route schema does not compile'));
  const docs = config.apiDocs ? `; docs at ${config.publicUrl}/api/docs` : '';
  app.log.info(`SciExperts API on ${config.publicUrl} (database: ${db.dialect}${config.production ? ', production' : ''})${docs}`);
}

start().catch((err: unknown) => {
  console.error(err instanceof Error ? `Failed to start: ${err.message}` : err);
  process.exit(1);
});
