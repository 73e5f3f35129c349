import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

const tracer = trace.getTracer('sciexperts-api');

/**
 * Runs `fn` as the active span `name` (a root span when nothing is active): work that no request starts, such as a
 * job run, gets a trace of its own, with its queries under it and its log lines carrying its id. While tracing is
 * off the tracer is OpenTelemetry's no-op one.
 */
export async function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}
