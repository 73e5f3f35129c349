import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createPgSchema } from './pg';

interface SpanRecord {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  scope: string;
  attributes: Record<string, unknown>;
}

const SERVER = 1;
const CLIENT = 2;
const root = path.resolve(__dirname, '..', '..');

/** Runs traceScenario.ts in a node process of its own (OpenTelemetry's module patching needs Node's own loader). */
function runScenario(env: Record<string, string> = {}): { spans: SpanRecord[]; jobSpans: SpanRecord[]; logs: Array<Record<string, unknown>> } {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(__dirname, 'traceScenario.ts')], {
    cwd: root,
    env: { ...process.env, ...env, OTEL_EXPORTER_OTLP_ENDPOINT: '', NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (run.status !== 0) throw new Error(`the trace scenario failed (${run.status ?? run.signal}):\n${run.stderr}\n${run.stdout}`);
  const lines = run.stdout.split('\n').filter(Boolean);
  const spans = JSON.parse(lines.find((l) => l.startsWith('SPANS '))?.slice(6) ?? '[]') as SpanRecord[];
  const jobSpans = JSON.parse(lines.find((l) => l.startsWith('JOBSPANS '))?.slice(9) ?? '[]') as SpanRecord[];
  const logs = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { spans, jobSpans, logs };
}

/** The span and each of its parents up to the trace's root. */
function ancestry(spans: SpanRecord[], from: SpanRecord): SpanRecord[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain = [from];
  for (let s = from; s.parentSpanId !== null; ) {
    const parent = byId.get(s.parentSpanId);
    if (!parent) throw new Error(`span ${s.name} has a parent ${s.parentSpanId} that is not in the trace`);
    chain.push(parent);
    s = parent;
  }
  return chain;
}

describe.each(['sqlite', 'postgres'] as const)('a page render over %s is one trace', (dialect) => {
  it('from the page server through the API to a database query, with the trace id in the API log lines; a job run is a trace of its own', async () => {
    const pg = dialect === 'postgres' ? await createPgSchema() : null;
    let result: ReturnType<typeof runScenario>;
    try {
      result = runScenario(pg ? { TRACE_DATABASE_URL: pg.url, TRACE_DATABASE_SCHEMA: pg.schema } : {});
    } finally {
      await pg?.drop();
    }
    const { spans, jobSpans, logs } = result;

    // One trace: every span the render made shares its id.
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    const [traceId] = spans.map((s) => s.traceId);

    // The database query the API ran for the page (the pg instrumentation's on PostgreSQL, ours on SQLite)...
    const queryText = (s: SpanRecord) => String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? '');
    const query = spans.find((s) => s.kind === CLIENT && s.scope === (dialect === 'sqlite' ? 'sciexperts-db' : '@opentelemetry/instrumentation-pg') && /^select/i.test(queryText(s)));
    expect(query).toBeDefined();

    // ...sits, parent by parent, under the API's request span, which continues the page server's fetch (its
    // traceparent header), which the page's own span made.
    const chain = ancestry(spans, query as SpanRecord);
    const apiRequest = chain.findIndex((s) => s.kind === SERVER && s.scope === '@opentelemetry/instrumentation-http' && String(s.name).includes('/api/Experts/Search'));
    expect(apiRequest).toBeGreaterThan(0);
    expect(chain[apiRequest + 1]).toMatchObject({ kind: CLIENT, scope: '@opentelemetry/instrumentation-undici' });
    expect(chain[apiRequest + 2]).toMatchObject({ kind: SERVER, scope: 'sciexperts-pages', name: 'GET page' });
    expect(chain.some((s) => s.scope === '@fastify/otel')).toBe(true);

    // The API's log lines of that request carry the trace's id.
    const requestLogs = logs.filter((l) => l.reqId !== undefined);
    expect(requestLogs.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLogs) expect(line.trace_id).toBe(traceId);

    // A job run, which no request starts, is a trace of its own: its query under its span, its log line with its id.
    const job = jobSpans.find((s) => s.name === 'job trace-scenario');
    expect(job).toMatchObject({ parentSpanId: null, attributes: { 'job.name': 'trace-scenario', 'job.attempt': 1 } });
    const jobQuery = jobSpans.find((s) => s.kind === CLIENT && /^select/i.test(queryText(s)) && queryText(s).includes('users'));
    expect(jobQuery && ancestry(jobSpans, jobQuery).at(-1)).toBe(job);
    expect(logs.find((l) => l.msg === 'trace scenario job ran')?.trace_id).toBe(job?.traceId);
  }, 120_000);
});
