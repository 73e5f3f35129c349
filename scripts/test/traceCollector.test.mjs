// The cluster's trace collector: what the API's and page servers' OTLP exporter sends (http/json) comes back as a
// trace an operator can read, each span under its parent; protobuf is refused with the setting to change.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { tracing } from '@opentelemetry/sdk-node';
import { formatTrace, latestTraces, startTraceCollector } from '../lib/traceCollector.mjs';

test('spans sent as OTLP/JSON by the OpenTelemetry exporter are written and read back as one trace', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-traces-'));
  const collector = await startTraceCollector({ port: 0, file: path.join(dir, 'traces.jsonl') });
  try {
    const exporter = new OTLPTraceExporter({ url: `${collector.url}/v1/traces` });
    const provider = new tracing.BasicTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer('test');
    const { context, trace } = await import('@opentelemetry/api');
    const root = tracer.startSpan('GET /api/Experts');
    const child = tracer.startSpan('select experts', {}, trace.setSpan(context.active(), root));
    child.end();
    root.end();
    await provider.forceFlush();
    await provider.shutdown();

    const [latest] = latestTraces(collector.file);
    assert.equal(latest.root.name, 'GET /api/Experts');
    assert.equal(latest.spans, 2);
    const text = formatTrace(collector.file, latest.traceId);
    const lines = text.split('\n');
    assert.equal(lines[0], `trace ${latest.traceId}: 2 span(s)`);
    assert.match(lines[1], /^ {2}GET \/api\/Experts {2}\[\S+\] {2}\d+\.\d ms$/);
    assert.match(lines[2], /^ {4}select experts {2}\[\S+\] {2}\d+\.\d ms$/);
    assert.equal(formatTrace(collector.file, '0'.repeat(32)), null);
  } finally {
    await collector.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('protobuf, or a body that is not a trace request, is refused with what to change', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-traces-'));
  const collector = await startTraceCollector({ port: 0, file: path.join(dir, 'traces.jsonl') });
  try {
    const proto = await fetch(`${collector.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array([1, 2]) });
    assert.equal(proto.status, 415);
    assert.match((await proto.json()).message, /OTEL_EXPORTER_OTLP_PROTOCOL=http\/json/);
    const junk = await fetch(`${collector.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    assert.equal(junk.status, 400);
    assert.equal(fs.existsSync(collector.file), false);
  } finally {
    await collector.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('start:cluster sends every process to its own collector, to an operator\'s collector when set, or nowhere with TRACING=off', async () => {
  const { resolveClusterConfig, traceEnv } = await import('../lib/cluster.mjs');
  const own = resolveClusterConfig({ SITE_PORT: '19200' });
  assert.equal(own.tracing.port, 19270);
  assert.deepEqual(traceEnv(own), { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:19270', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
  assert.deepEqual(traceEnv(resolveClusterConfig({ SITE_PORT: '19200', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })), {});
  assert.deepEqual(traceEnv(resolveClusterConfig({ SITE_PORT: '19200', TRACING: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })), { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' });
});

test('`npm run cluster -- trace` lists the latest traces of the cluster on SITE_PORT, and `trace <id>` prints one', async () => {
  const { execFileSync, spawnSync } = await import('node:child_process');
  const { resolveClusterConfig } = await import('../lib/cluster.mjs');
  const sitePort = String(19200 + (process.pid % 90));
  const file = resolveClusterConfig({ SITE_PORT: sitePort }).tracing.file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const span = (spanId, parentSpanId, name, start) => ({ traceId: 'a'.repeat(32), spanId, parentSpanId, service: 'sciexperts-api', name, start, durationMs: 12.5, error: false, attributes: parentSpanId ? {} : { 'http.route': '/api/Experts' } });
  fs.writeFileSync(file, [span('1'.repeat(16), null, 'GET', '2026-11-29T10:00:00.000Z'), span('2'.repeat(16), '1'.repeat(16), 'pg.query:SELECT', '2026-11-29T10:00:00.001Z')].map((s) => `${JSON.stringify(s)}\n`).join(''));
  try {
    const run = (...args) => execFileSync(process.execPath, ['scripts/cluster.mjs', 'trace', ...args], { cwd: path.resolve(import.meta.dirname, '..', '..'), env: { ...process.env, SITE_PORT: sitePort }, encoding: 'utf8' });
    assert.match(run(), new RegExp(`^${'a'.repeat(32)}  2026-11-29T10:00:00.000Z  GET /api/Experts  \\[sciexperts-api\\]  12.5 ms, 2 span\\(s\\)$`, 'm'));
    assert.equal(run('a'.repeat(32)), `trace ${'a'.repeat(32)}: 2 span(s)\n  GET /api/Experts  [sciexperts-api]  12.5 ms\n    pg.query:SELECT  [sciexperts-api]  12.5 ms\n`);
    const missing = spawnSync(process.execPath, ['scripts/cluster.mjs', 'trace', 'b'.repeat(32)], { cwd: path.resolve(import.meta.dirname, '..', '..'), env: { ...process.env, SITE_PORT: sitePort }, encoding: 'utf8' });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /^No trace b{32} in /);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});
