// The cluster's own trace collector: `npm run start:cluster` starts it on P+70 and points every API process and page
// server at it (OTLP over HTTP with JSON bodies, the standard OTEL_EXPORTER_OTLP_* variables), so a trace can be read on
// this machine with nothing else installed. It writes one JSON line per span to a file; `npm run cluster -- trace`
// lists the latest traces and `trace <id>` prints one as a tree. An operator with a collector of their own sets
// OTEL_EXPORTER_OTLP_ENDPOINT instead, and this one is not started. OTLP's protobuf encoding is refused with a 415 that
// says which protocol to set: decoding it would need a protobuf runtime for a development tool.
import fs from 'node:fs';
import http from 'node:http';

/** OTLP/JSON's AnyValue as a plain value. */
function plain(value) {
  if (!value || typeof value !== 'object') return null;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plain);
  return null;
}

/** A fixed64 of OTLP/JSON: a decimal string, a number, or the JS exporter's { low, high } halves. */
function nanos(value) {
  if (value && typeof value === 'object') return (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
  return BigInt(value ?? 0);
}

const attributesOf = (list = []) => Object.fromEntries(list.map((a) => [a.key, plain(a.value)]));

/** One flat record per span of an OTLP/JSON ExportTraceServiceRequest. */
export function spansOf(request) {
  const spans = [];
  for (const resourceSpans of request.resourceSpans ?? []) {
    const service = attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? 'unknown';
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        const start = nanos(span.startTimeUnixNano);
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || null,
          service,
          name: span.name,
          start: new Date(Number(start / 1_000_000n)).toISOString(),
          durationMs: Number(nanos(span.endTimeUnixNano) - start) / 1e6,
          error: span.status?.code === 2,
          attributes: attributesOf(span.attributes),
        });
      }
    }
  }
  return spans;
}

/** Listens on 127.0.0.1:port and appends every span it receives to `file`. */
export async function startTraceCollector({ port, file, host = '127.0.0.1' }) {
  fs.mkdirSync(new URL('.', `file://${file}`).pathname, { recursive: true });
  const server = http.createServer((req, res) => {
    const answer = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/v1/traces') return answer(404, { message: 'Only POST /v1/traces is served here.' });
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return answer(415, { message: 'Send OTLP as JSON: set OTEL_EXPORTER_OTLP_PROTOCOL=http/json.' });
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let spans;
      try {
        spans = spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        return answer(400, { message: `Not an OTLP/JSON trace request: ${error.message}` });
      }
      if (spans.length > 0) fs.appendFileSync(file, spans.map((s) => `${JSON.stringify(s)}\n`).join(''));
      answer(200, {});
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { url: `http://${host}:${server.address().port}`, file, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A span's name, with the path it served when the name alone says only the method (an HTTP server span's "GET"). */
export function spanLabel(span) {
  const where = span.attributes?.['http.route'] ?? span.attributes?.['url.path'] ?? span.attributes?.['http.target'];
  return where && !String(span.name).includes(String(where)) ? `${span.name} ${where}` : span.name;
}

function readSpans(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The latest `count` traces, newest last: each trace's root span (or earliest span), its span count and its length. */
export function latestTraces(file, count = 10) {
  const byTrace = new Map();
  for (const span of readSpans(file)) {
    const trace = byTrace.get(span.traceId) ?? { traceId: span.traceId, spans: 0, root: null };
    trace.spans += 1;
    if (!span.parentSpanId || !trace.root || (trace.root.parentSpanId && span.start < trace.root.start)) trace.root = span;
    byTrace.set(span.traceId, trace);
  }
  return [...byTrace.values()].sort((a, b) => (a.root.start < b.root.start ? -1 : 1)).slice(-count);
}

/** One trace as indented lines: each span under its parent, in start order, with its service and length. */
export function formatTrace(file, traceId) {
  const spans = readSpans(file).filter((s) => s.traceId === traceId);
  if (spans.length === 0) return null;
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map();
  for (const span of spans) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const lines = [`trace ${traceId}: ${spans.length} span(s)`];
  const walk = (parent, depth) => {
    for (const span of (children.get(parent) ?? []).sort((a, b) => (a.start < b.start ? -1 : 1))) {
      lines.push(`${'  '.repeat(depth + 1)}${spanLabel(span)}  [${span.service}]  ${span.durationMs.toFixed(1)} ms${span.error ? '  ERROR' : ''}`);
      walk(span.spanId, depth + 1);
    }
  };
  walk(null, 0);
  return lines.join('\n');
}
