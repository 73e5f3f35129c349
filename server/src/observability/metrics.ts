// Prometheus metrics of one API process (docs/decisions/0035-metrics-and-traces.md). Counters and histograms are kept as
// things happen; the figures that live in the database (queue depth, escrow held) are read when Prometheus scrapes,
// so they cost nothing between scrapes and are never stale.
import { sql } from 'kysely';
import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { API_PATHS, type ChatMessage, type ReconciliationView } from '@sciexperts/shared/contracts';
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

/** Chat delivery lag in seconds: from the message's stored time to its write to a receiver's socket on this process. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface ApiMetrics {
  /** One more chat message stored (the rate is the messages per second). */
  chatMessageStored(): void;
  /**
   * Times each `newMessage` this process writes to a receiver's socket against the message's stored time
   * (chat_delivery_lag_seconds): the hop through the Redis stream from the process that stored it is included.
   */
  watchChat(io: SocketServer): void;
  /** A reconciliation report this process ran: its differences and when (payments_reconciliation_*). */
  reconciled(report: Pick<ReconciliationView, 'ranAt' | 'differences'>): void;
  /**
   * Page loads a page server counted, or error reports the shell sent, for registered releases of a remote
   * (release_page_loads_total, release_error_reports_total by remote, version and kind).
   */
  releaseFigures(entries: ReadonlyArray<{ remote: string; version: string; pageLoads: number; errors: number; kind?: string }>): void;
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

  const deliveryLag = new client.Histogram({
    name: 'chat_delivery_lag_seconds',
    help: "Time from a chat message's stored timestamp to its write to a receiver's socket on this process (through the Redis stream when another process stored it).",
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  // Readiness as the proxy or the orchestrator saw it: the last answer of GET /api/health/ready, and how often it
  // changed. A counter, not only the gauge: a flap between two scrapes still shows in its increase.
  const ready = new client.Gauge({
    name: 'api_ready',
    help: 'The last answer of the readiness route: 1 ready (200), 0 not ready (503); NaN until it is first asked.',
    registers: [registry],
  });
  ready.set(Number.NaN);
  const readinessChanges = new client.Counter({
    name: 'api_readiness_changes_total',
    help: 'How many times the readiness answer changed between ready and not ready.',
    registers: [registry],
  });
  let lastReady: boolean | null = null;
  const reconciliationDifferences = new client.Gauge({
    name: 'payments_reconciliation_differences',
    help: "Differences between the ledger and the payment provider's records found by the last reconciliation this process ran (NaN before one).",
    registers: [registry],
  });
  const reconciliationRanAt = new client.Gauge({
    name: 'payments_reconciliation_last_run_timestamp_seconds',
    help: 'When this process last ran a reconciliation (Unix time); NaN until it has run one.',
    registers: [registry],
  });
  // Unknown, not "no differences", on a process that never ran one: the alert reads the most recent run of any process.
  reconciliationDifferences.set(Number.NaN);
  reconciliationRanAt.set(Number.NaN);

  // Per release: labels only for registered versions (the routes drop the rest), so the series stay few.
  const releasePageLoads = new client.Counter({
    name: 'release_page_loads_total',
    help: "Page loads the page servers counted per remote and version of a remote with a release live or on canary ('built': the remote deployed with the site).",
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });
  const releaseErrors = new client.Counter({
    name: 'release_error_reports_total',
    help: 'Reports from browsers of a remote that failed to load (manifest, chunk) or to render, per remote, version and kind.',
    labelNames: ['remote', 'version', 'kind'] as const,
    registers: [registry],
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
    if (route === API_PATHS.healthReady) {
      const now = reply.statusCode === 200;
      if (lastReady !== null && lastReady !== now) readinessChanges.inc();
      lastReady = now;
      ready.set(now ? 1 : 0);
    }
  });

  return {
    chatMessageStored: () => chatMessages.inc(),
    watchChat(io) {
      io.on('connection', (socket) => {
        socket.onAnyOutgoing((event: string, message?: Partial<ChatMessage>) => {
          if (event !== 'newMessage' || typeof message?.timestamp !== 'string') return;
          const stored = Date.parse(message.timestamp);
          if (Number.isFinite(stored)) deliveryLag.observe(Math.max(0, (sources.clock().getTime() - stored) / 1000));
        });
      });
    },
    reconciled(report) {
      reconciliationDifferences.set(report.differences.length);
      reconciliationRanAt.set(Date.parse(report.ranAt) / 1000);
    },
    releaseFigures(entries) {
      for (const e of entries) {
        if (e.pageLoads > 0) releasePageLoads.inc({ remote: e.remote, version: e.version }, e.pageLoads);
        if (e.errors > 0) releaseErrors.inc({ remote: e.remote, version: e.version, kind: e.kind ?? 'unknown' }, e.errors);
      }
    },
    contentType: registry.contentType,
    async render() {
      await Promise.all([fromDatabase('the job queue', collectJobs, [queueDepth, oldestDue]), fromDatabase('escrow held', collectEscrow, [escrowHeld])]);
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}
