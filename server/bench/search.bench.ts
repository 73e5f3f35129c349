// Expert search benchmark (run by `npm run bench`, or alone: `node_modules/.bin/tsx server/bench/search.bench.ts`).
// Generates 100,000 complete expert profiles directly in the database (bulk inserts in one transaction, the
// demo directory's generator), starts a dedicated API server on that database in a child process, and measures
// GET /api/Experts/Search with autocannon from this process: the p95 latency of a typical query with two
// filters, on SQLite and on PostgreSQL (a fresh schema in postgres://127.0.0.1:5432/test, dropped afterwards).
// Each figure is one JSON line on stdout: {"group":"search","metric":…,"value":…,"unit":…,"goal":…,"met":…}.
// BENCH_SEARCH_EXPERTS (100000), BENCH_SEARCH_DURATION (10 s), BENCH_SEARCH_CONNECTIONS (10),
// BENCH_SEARCH_DIALECTS (sqlite,postgres), BENCH_SEARCH_PG_URL (postgres://postgres@127.0.0.1:5432/test).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMOKE, figureWriter, freePort, knob, runBench, waitHealthy } from './benchKit';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import { seedCatalogue } from '../src/modules/services/repository';
import { EXPERT_FEE_MAX, SERVICE_CATALOGUE } from '@sciexperts/shared/contracts';
import { generateDemoExperts, insertExperts } from '../src/db/demoDirectory';

const ROOT = path.resolve(__dirname, '..', '..');
const EXPERTS = knob('BENCH_SEARCH_EXPERTS', 100_000, 1_000);
const DURATION_S = knob('BENCH_SEARCH_DURATION', 10, 1);
const CONNECTIONS = knob('BENCH_SEARCH_CONNECTIONS', 10, 10);
/** Seconds of the warm-up and of each single-connection run. */
const SHORT_S = SMOKE ? 1 : 3;
const DIALECTS = (process.env.BENCH_SEARCH_DIALECTS || 'sqlite,postgres').split(',').map((d) => d.trim()) as Array<'sqlite' | 'postgres'>;
const PG_URL = process.env.BENCH_SEARCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const GOAL_MS = 30;
const TYPICAL = `/api/Experts/Search?${new URLSearchParams({ q: 'statistics', service: 'Statistical Analysis', country: 'DE' })}`;
const OTHERS: Array<[string, string]> = [
  ['no query, first page (relevance)', '/api/Experts/Search'],
  ['q=bioinf (prefix, one word, no filter)', '/api/Experts/Search?q=bioinf'],
  ['q=clinical trial, fee 50–150, sort fee-asc', `/api/Experts/Search?${new URLSearchParams({ q: 'clinical trial', minFee: '50', maxFee: '150', sort: 'fee-asc' })}`],
];

const log = (msg: string) => process.stderr.write(`[search.bench] ${msg}\n`);
const emit = figureWriter('search');

interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type AutocannonInstance = { on(event: 'response', cb: (client: unknown, status: number, bytes: number, ms: number) => void): void };
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, result: AutocannonResult) => void) => AutocannonInstance;



const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * autocannon with every response time kept, so the p95 is exact (its own summary has p90 and p97.5). `nextPath`, when
 * given, chooses each request's path (a new query each time: no API process has its page kept).
 */
function load(autocannon: Autocannon, url: string, connections: number, duration: number, nextPath?: () => string): Promise<{ result: AutocannonResult; p50: number; p95: number; p99: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const requests = nextPath ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: nextPath() }) }] : undefined;
    const instance = autocannon({ url, connections, duration, ...(requests ? { requests } : {}) }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({ result, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) });
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

async function populate(db: Db): Promise<void> {
  await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
  await seedCatalogue(db, SERVICE_CATALOGUE);
  const started = performance.now();
  const experts = generateDemoExperts(EXPERTS, 4242, { uniqueNames: false });
  await db.kysely.transaction().execute((trx) => insertExperts(trx, db.dialect, experts, { passwordHash: null, publicUrl: 'https://api.bench.invalid' }));
  const seconds = (performance.now() - started) / 1000;
  log(`${db.dialect}: ${EXPERTS} experts inserted in ${seconds.toFixed(1)} s`);
  emit(`${db.dialect}: bulk insert of ${EXPERTS} experts (with index)`, Math.round(seconds * 10) / 10, 's');
}

async function run(autocannon: Autocannon, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-search-bench-'));
  const schema = `bench_search_${randomBytes(4).toString('hex')}`;
  let dbUrl: string | undefined;
  let dropSchema = async () => undefined as void;
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
    // The child reads only DATABASE_URL: the schema travels as a connection option.
    dbUrl = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const db = openDatabase({ databaseUrl: dbUrl ?? null, sqliteFile: path.join(dataDir, 'sciexperts.db') });
  let child: ChildProcess | undefined;
  try {
    await populate(db);
    // What autovacuum does shortly after a bulk load: statistics, and the visibility map index-only scans need.
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
    await db.close();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: 'https://api.bench.invalid',
        SITE_URL: 'https://bench.invalid',
        CORS_ORIGINS: 'https://bench.invalid',
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
    });
    const proc = child;
    process.on('exit', () => proc.exitCode === null && proc.kill('SIGTERM'));
    await waitHealthy(base, child, 120_000);
    const answer = await fetch(base + TYPICAL);
    if (!answer.ok) throw new Error(`${dialect}: the typical query answered ${answer.status}: ${await answer.text()}`);
    const sample = (await answer.json()) as { total: number };
    // A query that matches nothing measures an empty answer, not a search.
    if (!(sample.total > 0)) throw new Error(`${dialect}: the typical query matches none of the ${EXPERTS} experts`);
    log(`${dialect}: typical query matches ${sample.total} of ${EXPERTS}`);
    await load(autocannon, base + TYPICAL, CONNECTIONS, SMOKE ? 1 : 2); // warm-up

    const single = await load(autocannon, base + TYPICAL, 1, Math.max(SHORT_S, Math.round(DURATION_S / 2)));
    if (single.result.non2xx + single.result.errors > 0) throw new Error(`${dialect}: the typical query, one connection: ${single.result.non2xx} answers other than 2xx and ${single.result.errors} errors`);
    emit(`${dialect}: q=statistics&service&country, p95 (1 connection)`, round(single.p95), 'ms', `< ${GOAL_MS} ms`, single.p95 < GOAL_MS);
    const loaded = await load(autocannon, base + TYPICAL, CONNECTIONS, DURATION_S);
    const ok = loaded.result.errors === 0 && loaded.result.non2xx === 0;
    emit(`${dialect}: q=statistics&service&country, p95 (${CONNECTIONS} connections)`, round(loaded.p95), 'ms', `< ${GOAL_MS} ms`, ok && loaded.p95 < GOAL_MS);
    emit(`${dialect}: q=statistics&service&country, p50 (${CONNECTIONS} connections)`, round(loaded.p50), 'ms');
    emit(`${dialect}: q=statistics&service&country, requests/s (${CONNECTIONS} connections)`, Math.round(loaded.result.requests.average), 'req/s');
    if (!ok) {
      emit(`${dialect}: failed responses`, loaded.result.errors + loaded.result.non2xx, '', '0', false);
      throw new Error(`${dialect}: the typical query under load: ${loaded.result.non2xx} answers other than 2xx and ${loaded.result.errors} errors`);
    }
    // The same query repeated is answered from the page each API process keeps until the directory changes
    // (decision 0019, round three). This row is the search itself: every request has a maximum fee of its own, above
    // every expert's fee, so none finds a page kept and each ranks every match again.
    let request = 0;
    const uncachedPath = () => `${TYPICAL}&maxFee=${EXPERT_FEE_MAX - (request++ % 100_000)}`;
    const uncached = await load(autocannon, base + TYPICAL, CONNECTIONS, DURATION_S, uncachedPath);
    if (uncached.result.non2xx + uncached.result.errors > 0) throw new Error(`${dialect}: the typical query, no page kept: ${uncached.result.non2xx} answers other than 2xx and ${uncached.result.errors} errors`);
    emit(`${dialect}: q=statistics&service&country&maxFee=<new each time>, no page kept, p95 (${CONNECTIONS} connections)`, round(uncached.p95), 'ms');
    for (const [label, url] of OTHERS) {
      const other = await load(autocannon, base + url, 1, SHORT_S);
      if (other.result.non2xx + other.result.errors > 0) throw new Error(`${dialect}: ${label}: ${other.result.non2xx} answers other than 2xx and ${other.result.errors} errors`);
      emit(`${dialect}: ${label}, p95 (1 connection)`, round(other.p95), 'ms');
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropSchema().catch((err: unknown) => log(`could not drop ${schema}: ${String(err)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // autocannon ships no types; the shape used here is declared above.
  const autocannon = ((await import(String('autocannon'))) as { default: Autocannon }).default;
  for (const dialect of DIALECTS) await run(autocannon, dialect);
}

runBench('search.bench', main);
