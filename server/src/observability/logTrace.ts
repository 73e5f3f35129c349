import { context, isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * pino's mixin: every log line written inside a traced request or job carries its trace and span ids, so a log line
 * leads to its trace and a trace to its log lines. Nothing is added when tracing is off (no span is ever active).
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
}
