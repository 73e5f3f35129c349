// OpenTelemetry traces of an API process (docs/decisions/0035-metrics-and-traces.md). Started before anything it
// instruments is loaded (main imports ./startTelemetry first), and only when traces go somewhere: without
// OTEL_EXPORTER_OTLP_ENDPOINT nothing is started, the API's tracer is OpenTelemetry's no-op, and tracing costs a
// no-op call here and there.
import { createRequire } from 'node:module';
import type * as FastifyOtel from '@fastify/otel';
import type * as OtlpJson from '@opentelemetry/exporter-trace-otlp-http';
import type * as OtlpProto from '@opentelemetry/exporter-trace-otlp-proto';
import type * as HttpInstr from '@opentelemetry/instrumentation-http';
import type * as PgInstr from '@opentelemetry/instrumentation-pg';
import type * as RedisInstr from '@opentelemetry/instrumentation-redis';
import type * as UndiciInstr from '@opentelemetry/instrumentation-undici';
import type * as SdkNode from '@opentelemetry/sdk-node';
import type { tracing } from '@opentelemetry/sdk-node';
import { RELEASE_PATHS } from '@sciexperts/shared/contracts';
import { markTracingStarted } from './tracingState';

export interface Telemetry {
  /** Sends the spans still buffered and stops; the last step of a shutdown. */
  shutdown(): Promise<void>;
}

let started: Telemetry | null = null;

/**
 * Paths polled every second or two (the proxy's health checks, the page servers' question for the live releases,
 * Prometheus's scrape): a trace each would drown the ones that matter.
 */
const UNTRACED_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', RELEASE_PATHS.live, '/metrics']);

/**
 * Starts tracing for this process, once; null when there is nowhere to send spans. `spanProcessor` is for tests (an
 * in-memory exporter); otherwise spans are batched and sent over OTLP http/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT
 * (the standard OTEL_* variables tune the exporter and the sampler).
 */
export function startTelemetry(options: { serviceName?: string; spanProcessor?: tracing.SpanProcessor; env?: NodeJS.ProcessEnv } = {}): Telemetry | null {
  if (started) return started;
  const env = options.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (!options.spanProcessor && !endpoint) return null;
  // Traces only: metrics are Prometheus's (GET /metrics), and the logs go to stdout. Without these NodeSDK would also
  // send its own metrics and logs to the OTLP endpoint.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  // Loaded here, synchronously, only when traces go somewhere: the SDK and its instrumentations took a third of an
  // API process's start, for nothing when tracing is off (the compiled server keeps packages external, so `require`
  // here is node's own).
  const load = createRequire(__filename);
  const { NodeSDK, tracing: sdkTracing } = load('@opentelemetry/sdk-node') as typeof SdkNode;
  // http/protobuf, OTLP's default, unless the standard variable asks for http/json (start:cluster's own collector reads
  // JSON: scripts/lib/traceCollector.mjs).
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || '').trim();
  const { OTLPTraceExporter } = (protocol === 'http/json' ? load('@opentelemetry/exporter-trace-otlp-http') : load('@opentelemetry/exporter-trace-otlp-proto')) as typeof OtlpProto | typeof OtlpJson;
  const { HttpInstrumentation } = load('@opentelemetry/instrumentation-http') as typeof HttpInstr;
  const { FastifyOtelInstrumentation } = load('@fastify/otel') as typeof FastifyOtel;
  const { PgInstrumentation } = load('@opentelemetry/instrumentation-pg') as typeof PgInstr;
  const { RedisInstrumentation } = load('@opentelemetry/instrumentation-redis') as typeof RedisInstr;
  const { UndiciInstrumentation } = load('@opentelemetry/instrumentation-undici') as typeof UndiciInstr;
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? 'sciexperts-api',
    spanProcessors: [options.spanProcessor ?? new sdkTracing.BatchSpanProcessor(new OTLPTraceExporter())],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? '') }),
      // Registers itself on every Fastify instance as it is created: a span per request, hook and handler.
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // Queries outside any request (the job queue polling) would each start a trace of their own: only those a
      // request or a job's own span makes are recorded.
      new PgInstrumentation({ requireParentSpan: true }),
      new RedisInstrumentation({ requireParentSpan: true }),
      // fetch (the payment provider, identity providers).
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  markTracingStarted();
  started = { shutdown: () => sdk.shutdown() };
  return started;
}
