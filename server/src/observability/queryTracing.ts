import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { LogEvent } from 'kysely';

const tracer = trace.getTracer('sciexperts-db');

/**
 * Kysely's query log hook as a span per SQLite query (PostgreSQL's queries are spans of the pg instrumentation; no
 * instrumentation exists for better-sqlite3). Kysely calls it right after each query with its duration, in the
 * caller's async context, so the span is drawn back in time under the request or job that ran the query. Only
 * queries inside a trace are recorded, as for pg (its requireParentSpan): the job queue's polling starts none.
 * The SQL text is recorded, never the parameters (they carry e-mail addresses, messages, tokens).
 */
export function traceSqliteQuery(event: LogEvent): void {
  const parent = context.active();
  if (!trace.getSpan(parent)) return;
  const end = Date.now();
  const text = event.query.sql;
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  const span = tracer.startSpan(
    `${operation} sqlite`,
    { kind: SpanKind.CLIENT, startTime: end - event.queryDurationMillis, attributes: { 'db.system.name': 'sqlite', 'db.operation.name': operation, 'db.query.text': text } },
    parent,
  );
  if (event.level === 'error') span.setStatus({ code: SpanStatusCode.ERROR, message: event.error instanceof Error ? event.error.message : String(event.error) });
  span.end(end);
}
