// What the page server (the shell's server) tells about itself: Prometheus metrics (request durations by page kind
// and status, event-loop lag) and OpenTelemetry traces that follow a page render into the API. The API's side is
// server/src/observability; docs/decisions/0035-metrics-and-traces.md says what is exported and how it is kept private.
import crypto from 'node:crypto';
import http from 'node:http';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import client from 'prom-client';
import { LIVE_PATH } from './releaseRegistry.mjs';

const tracer = trace.getTracer('sciexperts-pages');

/**
 * What a request to the page server was, for the metrics' `kind` label and the span's name: 'page' (rendered on the
 * server), 'shell' (index.html, the page renders in the browser), 'asset' (a file), 'generated' (the registry, the
 * runtime config, robots.txt, sitemap.xml), 'api' (passed through to the API), 'not-found', 'bad-request', 'error'.
 */
export const PAGE_KINDS = ['page', 'shell', 'asset', 'generated', 'api', 'not-found', 'bad-request', 'error'];

let sdkStarted = null;

/**
 * Starts tracing in this process once, when spans have somewhere to go (OTEL_EXPORTER_OTLP_ENDPOINT, sent over
 * OTLP http/protobuf as the standard OTEL_* variables say) or a test hands in a span processor. fetch() is
 * instrumented (undici's diagnostics channel), so a render's API calls carry `traceparent` and the API continues
 * the trace; the server span of each request is made by observeRequest below.
 * @returns {Promise<null | { shutdown(): Promise<void> }>}
 */
export async function startPageTelemetry({ serviceName = 'sciexperts-pages', spanProcessor = null, env = process.env } = {}) {
  if (sdkStarted) return sdkStarted;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (!spanProcessor && !endpoint) return null;
  // Traces only: the metrics are Prometheus's (GET /metrics on PAGE_METRICS_PORT).
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const [{ NodeSDK }, { UndiciInstrumentation }] = await Promise.all([import('@opentelemetry/sdk-node'), import('@opentelemetry/instrumentation-undici')]);
  // Without a processor NodeSDK builds the exporter from the OTEL_* variables (OTLP, http/protobuf by default). The
  // registry question asked every second (releaseRegistry.mjs) is not traced: a trace each would drown the renders.
  const sdk = new NodeSDK({ serviceName, ...(spanProcessor ? { spanProcessors: [spanProcessor] } : {}), instrumentations: [new UndiciInstrumentation({ ignoreRequestHook: (request) => request.path.split('?')[0] === LIVE_PATH })] });
  sdk.start();
  sdkStarted = { shutdown: () => sdk.shutdown() };
  return sdkStarted;
}

/** The page server's metrics: one registry per process. */
export function createPageMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const duration = new client.Histogram({
    name: 'page_request_duration_seconds',
    help: 'Time to answer a request to the page server, by kind (page, shell, asset, generated, api, not-found, bad-request, error) and status.',
    labelNames: ['kind', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    observe: (kind, status, seconds) => duration.observe({ kind, status_code: String(status) }, seconds),
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/**
 * Runs `handle(req, res, setKind)` inside a server span continued from the request's `traceparent` (a no-op span while
 * tracing is off) and records its duration in `metrics` when given. `setKind` names what the request turned out to be.
 */
export function observeRequest(req, res, metrics, handle) {
  const started = process.hrtime.bigint();
  let kind = 'asset';
  // Continued from the caller's traceparent; or, where an http instrumentation already made this request's server
  // span (a process that runs the API's SDK too), under that span.
  const parent = trace.getSpan(context.active()) ? context.active() : propagation.extract(context.active(), req.headers);
  const span = tracer.startSpan(`${req.method} ${kind}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': (req.url ?? '/').split('?')[0] } }, parent);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    metrics?.observe(kind, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    span.updateName(`${req.method} ${kind}`);
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  res.once('finish', finish);
  res.once('close', finish);
  return context.with(trace.setSpan(parent, span), () => handle(req, res, (k) => (kind = k)));
}

function bearerMatches(header, token) {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * GET /metrics on a port of its own (as the API's: the proxy in front never routes to it), with METRICS_TOKEN as a
 * bearer when set. A non-loopback host without a token is refused in production, as the API refuses it.
 */
export async function serveMetrics(metrics, { port, host = '127.0.0.1', token = null, production = false }) {
  if (production && !token && !['127.0.0.1', '::1', 'localhost'].includes(host)) {
    throw new Error(`METRICS_TOKEN must be set in production when METRICS_HOST lets other machines reach the metrics port (got "${host}").`);
  }
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
    if (token && !bearerMatches(req.headers.authorization, token)) return void res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' }).end('Unauthorized\n');
    metrics.render().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Everything above from the environment, for a page server process: tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set,
 * metrics always (pass `metrics` to createStaticServer), served when PAGE_METRICS_PORT is set (METRICS_HOST,
 * METRICS_TOKEN as for the API). One call per process.
 */
export async function startPageObservability({ env = process.env, log = console.log } = {}) {
  const telemetry = await startPageTelemetry({ env });
  const metrics = createPageMetrics();
  const port = env.PAGE_METRICS_PORT?.trim();
  const production = env.NODE_ENV === 'production' || env.SCIEXPERTS_ENV === 'production';
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  const server = port ? await serveMetrics(metrics, { port: Number(port), host, token: env.METRICS_TOKEN?.trim() || null, production }) : null;
  if (server) log(`page server metrics on http://${host}:${server.address().port}/metrics`);
  if (telemetry) log(`page server traces to ${env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}`);
  return {
    metrics,
    async close() {
      server?.close();
      await telemetry?.shutdown();
    },
  };
}
