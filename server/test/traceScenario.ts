// Run by tracing.test.ts in a process of its own (node with tsx, as the API runs): OpenTelemetry patches modules as
// Node loads them, which jest's module registry bypasses. Starts tracing with an in-memory exporter, then the API and
// a page server in this process, asks the page server for one page whose render calls the API, and prints every
// finished span as one line `SPANS <json>` (the API's own JSON log lines come before it on stdout); then runs one job
// and prints its spans as `JOBSPANS <json>`.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tracing } from '@opentelemetry/sdk-node';
import { startTelemetry } from '../src/observability/telemetry';

const exporter = new tracing.InMemorySpanExporter();
startTelemetry({ spanProcessor: new tracing.SimpleSpanProcessor(exporter) });

// The page server is the scripts' plain ESM; a native import (tsx would otherwise turn import() into require()).
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

async function main(): Promise<void> {
  // Loaded only now, so that the SDK has patched http, fastify and pg before they are required.
  const { loadConfig } = await import('../src/config');
  const { openDatabase } = await import('../src/db/connect');
  const { buildApp, prepareDatabase } = await import('../src/app');
  const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-trace-'));
  const config = loadConfig({
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    LOG_REQUESTS: 'true',
    SEED_DEMO: 'false',
    TOKEN_SECRET: 'trace-scenario-secret-trace-scenario-secret',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    ...(process.env.TRACE_DATABASE_URL ? { DATABASE_URL: process.env.TRACE_DATABASE_URL } : {}),
  });
  config.databaseSchema = process.env.TRACE_DATABASE_SCHEMA ?? null;
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, sqliteFile: path.join(dir, 'sciexperts.db') });
  await prepareDatabase(db, config);
  const app = await buildApp(config, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const scripts = path.resolve(__dirname, '..', '..', 'scripts', 'lib');
  const { createStaticServer, listen } = (await importEsm(pathToFileURL(path.join(scripts, 'staticServer.mjs')).href)) as {
    createStaticServer: (options: object) => Server;
    listen: (server: Server, port: number) => Promise<Server>;
  };
  const site = createStaticServer({
    root: dir,
    spa: true,
    // As the shell's renderer does: the page's data comes from the API, fetched with the global fetch.
    renderPage: async () => {
      const services = await fetch(`${apiBase}/api/Experts/Search?q=statistics`);
      const html = `<main>${services.status} ${(await services.text()).length}</main>`;
      return { status: 200, html, etag: 'W/"trace"' };
    },
  });
  await listen(site, 0);
  const siteAddress = site.address();
  const page = await fetch(`http://127.0.0.1:${typeof siteAddress === 'object' && siteAddress ? siteAddress.port : 0}/services`);
  if (page.status !== 200) throw new Error(`the page answered ${page.status}`);
  await page.text();

  const spansOf = () =>
    exporter.getFinishedSpans().map((span) => ({
      name: span.name,
      kind: span.kind,
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
      parentSpanId: span.parentSpanContext?.spanId ?? null,
      scope: span.instrumentationScope.name,
      attributes: span.attributes,
    }));
  process.stdout.write(`SPANS ${JSON.stringify(spansOf())}\n`);

  // A job run, which no request starts: a trace of its own, with its query under it.
  exporter.reset();
  app.ctx.jobs.work('trace-scenario', async () => {
    await db.kysely.selectFrom('users').select('id').limit(1).execute();
    app.log.info('trace scenario job ran');
  });
  await app.ctx.jobs.send('trace-scenario', {});
  await app.ctx.jobs.runDue();
  process.stdout.write(`JOBSPANS ${JSON.stringify(spansOf())}\n`);

  site.close();
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
