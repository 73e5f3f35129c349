// The page server's own metrics and traces (scripts/lib/pageObservability.mjs). Run by `npm test`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { tracing } from '@opentelemetry/sdk-node';
import { createPageMetrics, serveMetrics, startPageTelemetry } from '../lib/pageObservability.mjs';
import { createStaticServer, listen } from '../lib/staticServer.mjs';

const TOKEN = 'page-metrics-token-page-metrics-token-01';
const exporter = new tracing.InMemorySpanExporter();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-pages-'));
const apiCalls = [];
let api;
let site;
let siteUrl;
let metricsServer;
let scrapeUrl;

before(async () => {
  await startPageTelemetry({ spanProcessor: new tracing.SimpleSpanProcessor(exporter) });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(root, 'app.0123abcd.js'), 'console.log(1)');
  api = http.createServer((req, res) => {
    apiCalls.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}');
  });
  await listen(api, 0);
  const apiBase = `http://127.0.0.1:${api.address().port}`;
  const metrics = createPageMetrics();
  site = createStaticServer({
    root,
    spa: true,
    metrics,
    proxy: { prefixes: ['/api/'], target: apiBase },
    // As the shell's renderer does: the page's data is fetched from the API with the global fetch.
    renderPage: async (url) => {
      if (!url.startsWith('/experts')) return null;
      const data = await (await fetch(`${apiBase}/api/Experts/Search`)).text();
      return { status: 200, html: `<main>${data}</main>`, etag: 'W/"x"' };
    },
  });
  await listen(site, 0);
  siteUrl = `http://127.0.0.1:${site.address().port}`;
  metricsServer = await serveMetrics(metrics, { port: 0, token: TOKEN });
  scrapeUrl = `http://127.0.0.1:${metricsServer.address().port}/metrics`;
});

after(() => {
  site.closeAllConnections();
  api.closeAllConnections();
  site.close();
  api.close();
  metricsServer.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const valueOf = (text, series) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

test('counts each request by page kind and status, beside the event-loop lag, behind a token', async () => {
  assert.equal((await fetch(`${siteUrl}/experts?q=1`)).status, 200);
  assert.equal((await fetch(`${siteUrl}/projects`)).status, 200);
  assert.equal((await fetch(`${siteUrl}/app.0123abcd.js`)).status, 200);
  assert.equal((await fetch(`${siteUrl}/missing.js`)).status, 404);
  assert.equal((await fetch(scrapeUrl)).status, 401);
  const text = await (await fetch(scrapeUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  assert.equal(valueOf(text, 'page_request_duration_seconds_count{kind="page",status_code="200"}'), 1);
  assert.equal(valueOf(text, 'page_request_duration_seconds_count{kind="shell",status_code="200"}'), 1);
  assert.equal(valueOf(text, 'page_request_duration_seconds_count{kind="asset",status_code="200"}'), 1);
  assert.equal(valueOf(text, 'page_request_duration_seconds_count{kind="not-found",status_code="404"}'), 1);
  assert.equal(typeof valueOf(text, 'nodejs_eventloop_lag_seconds'), 'number');
});

test("continues the caller's trace and hands it on to the API with the render's fetch", async () => {
  exporter.reset();
  apiCalls.length = 0;
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  // node:http, not fetch: this process instruments fetch, which would put its own traceparent on the request.
  const status = await new Promise((resolve, reject) => {
    http
      .get(`${siteUrl}/experts`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
  assert.equal(status, 200);
  const page = exporter.getFinishedSpans().find((s) => s.name === 'GET page');
  assert.ok(page, 'the page request has a span');
  assert.equal(page.spanContext().traceId, traceId);
  assert.equal(page.parentSpanContext?.spanId, '00f067aa0ba902b7');
  // The API sees the same trace in the traceparent of the render's call.
  assert.equal(apiCalls.length, 1);
  assert.match(String(apiCalls[0].traceparent), new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
});

test('passes the trace on through its /api/ pass-through, under its own span', async () => {
  exporter.reset();
  apiCalls.length = 0;
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  await new Promise((resolve, reject) => {
    http
      .get(`${siteUrl}/api/Experts/Search`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
  const hop = exporter.getFinishedSpans().find((s) => s.name === 'GET api');
  assert.ok(hop, 'the pass-through has a span');
  assert.equal(hop.spanContext().traceId, traceId);
  assert.equal(apiCalls.at(-1).traceparent, `00-${traceId}-${hop.spanContext().spanId}-01`);
});

test('production refuses a metrics port open to other machines without a token', async () => {
  await assert.rejects(() => serveMetrics(createPageMetrics(), { port: 0, host: '0.0.0.0', production: true }), /METRICS_TOKEN must be set/);
});
