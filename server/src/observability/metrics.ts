// Prometheus metrics of one API process (docs/decisions/0035-metrics-and-traces.md). Counters and histograms are kept as
// things happen; the figures that live in the database (queue depth, escrow held) are read when Prometheus scrapes,
// so they cost nothing between scrapes and are never stale.
import { sql } from 'kysely';
import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@sciexperts/shared/contracts';
import type { Db } from '../db/connect';
import { jobsDb } from '../jobs/store';

/** The process-wide figures (event-loop lag, CPU, memory): one set per process, however many apps a test builds. */
let processRegistry: client.Registry | null = null;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    // nodejs_eventloop_lag_seconds (and its percentiles) come from perf_hooks.monitorEventLoopDelay, sampled every 10 ms.
    client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/** Request durations in seconds: from a cached read (about a millisecond) to a slow page of search (seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface ApiMetrics {
  /** One more chat message stored (the rate is the messages per second). */
  chatMessageStored(): void;
  /** The text Prometheus reads at GET /metrics. */
  render(): Promise<string>;
  readonly contentType: string;
}

export interface ApiMetricsSources {
  db: Db;
  clock: () => Date;
  /** Sockets open on this process now (socket.io's engine). */
  openSockets: () => number;
  /** Where a figure read from the database failed (the scrape still answers, without that figure). */
  warn: (details: object, message: string) => void;
}

/**
 * The API's metrics, registered on a registry of this app's own (tests build many apps in one process). Request
 * durations are recorded by an onResponse hook under the route's pattern ('/api/Experts/:id'), never the raw URL:
 * one series per route, not one per id. A URL that matched no route is 'unmatched'.
 */
export function installApiMetrics(app: FastifyInstance, sources: ApiMetricsSources): ApiMetrics {
  const registry = new client.Registry();
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an API request, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const webhookFailures = new client.Counter({
    name: 'payments_webhook_failures_total',
    help: "The payment provider's webhook calls answered with an error (a bad signature, a malformed event, a failure), by status.",
    labelNames: ['status_code'] as const,
    registers: [registry],
  });
  const chatMessages = new client.Counter({
    name: 'chat_messages_total',
    help: 'Chat messages stored by this process (rate() gives messages per second).',
    registers: [registry],
  });
  new client.Gauge({
    name: 'chat_open_sockets',
    help: 'socket.io connections open on this process.',
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });

  const jobs = jobsDb(sources.db.kysely);
  const queueDepth = new client.Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs due now and not yet taken (pending with their time come), by job name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const oldestDue = new client.Gauge({
    name: 'jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited past its time, by job name (0 when none is due).',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const escrowHeld = new client.Gauge({
    name: 'payments_escrow_held_cents',
    help: 'Money held in escrow on the ledger, in cents (the sum of every escrow:contract account).',
    registers: [registry],
  });

  /** Read once per scrape, for both job gauges: one grouped query over the jobs_due index. */
  const collectJobs = async () => {
    const now = sources.clock();
    const rows = await jobs
      .selectFrom('jobs')
      .select((eb) => ['name', eb.fn.countAll<number | string>().as('due'), eb.fn.min('runAt').as('oldest')])
      .where('state', '=', 'pending')
      .where('runAt', '<=', now.toISOString())
      .groupBy('name')
      .execute();
    queueDepth.reset();
    oldestDue.reset();
    for (const row of rows) {
      queueDepth.set({ name: row.name }, Number(row.due));
      oldestDue.set({ name: row.name }, Math.max(0, (now.getTime() - Date.parse(String(row.oldest))) / 1000));
    }
  };
  // A range on the (account, transactionId) index: only escrow entries are read, whatever else the ledger holds.
  const collectEscrow = async () => {
    const row = await sources.db.kysely
      .selectFrom('ledgerEntries')
      .select(sql<number | string | null>`sum(${sql.ref('amountCents')})`.as('held'))
      .where('account', '>=', 'escrow:')
      .where('account', '<', 'escrow;')
      .executeTakeFirst();
    escrowHeld.set(Number(row?.held ?? 0));
  };
  const fromDatabase = async (what: string, collect: () => Promise<void>, gauges: client.Gauge[]) => {
    try {
      await collect();
    } catch (err) {
      // The database is down (readiness says so too): the scrape answers with every other figure, and these say
      // "unknown" (labelled series vanish; an unlabelled one reads NaN) rather than a stale or a zero figure.
      for (const gauge of gauges) {
        gauge.reset();
        if (gauge === escrowHeld) gauge.set(Number.NaN);
      }
      sources.warn({ err }, `metrics: could not read ${what} from the database`);
    }
  };

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    duration.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    if (route === API_PATHS.paymentsWebhook && reply.statusCode >= 400) webhookFailures.inc({ status_code: status });
  });

  return {
    chatMessageStored: () => chatMessages.inc(),
    contentType: registry.contentType,
    async render() {
      await Promise.all([fromDatabase('the job queue', collectJobs, [queueDepth, oldestDue]), fromDatabase('escrow held', collectEscrow, [escrowHeld])]);
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}
