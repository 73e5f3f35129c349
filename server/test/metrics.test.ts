import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { HTTPMethods } from 'fastify';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FundResponse } from '@sciexperts/shared/contracts';
import { loadConfig, type ConfigError } from '../src/config';
import { startMetricsServer } from '../src/observability/metricsServer';
import { chatClients, connected, send } from './chatClient';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, paid } from './paymentsFixtures';

const TOKEN = 'metrics-token-metrics-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_VALUES: Record<string, number> = { '+Inf': Infinity, '-Inf': -Infinity, NaN: Number.NaN };

/**
 * The samples of Prometheus's text exposition format (0.0.4), label values unescaped: what a scraper reads. Comments
 * (HELP, TYPE) are skipped; a line that is not a sample fails the test.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (!name) throw new Error(`Not a sample: ${line}`);
    const labels: Record<string, string> = {};
    let i = name.length;
    if (line[i] === '{') {
      i += 1;
      while (line[i] !== '}') {
        const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(i));
        if (!label) throw new Error(`Malformed labels: ${line}`);
        i += label[0].length;
        let value = '';
        for (; line[i] !== '"'; i += 1) {
          if (i >= line.length) throw new Error(`Unterminated label value: ${line}`);
          if (line[i] === '\\') {
            i += 1;
            value += line[i] === 'n' ? '\n' : line[i];
          } else value += line[i];
        }
        labels[label[1] as string] = value;
        i += 1;
        if (line[i] === ',') i += 1;
      }
      i += 1;
    }
    const raw = line.slice(i).trim().split(/\s+/)[0] ?? '';
    if (raw === '') throw new Error(`No value: ${line}`);
    samples.push({ name, labels, value: SAMPLE_VALUES[raw] ?? Number(raw) });
  }
  return samples;
}

/** The value of the sample with exactly this name and these labels (undefined when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  return samples.find((s) => s.name === name && Object.keys(s.labels).length === wanted.length && wanted.every(([k, v]) => s.labels[k] === v))?.value;
}

// The figures read from the database are plain SQL through Kysely: both dialects answer them.
describe.each(['sqlite', 'postgres'] as const)('Prometheus metrics over %s', (dialect) => {
  let h: Harness;
  let metrics: Server;
  let scrapeUrl: string;
  const chat = chatClients(() => h.base);

  beforeAll(async () => {
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: new FakeProvider() });
    metrics = await startMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN }, h.app.metrics);
    const address = metrics.address();
    scrapeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
  });
  afterAll(async () => {
    chat.closeAll();
    metrics.close();
    await h.close();
  });

  const scrape = async () => {
    const res = await fetch(scrapeUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await res.text());
  };

  it('are served only on their own port, only with the token', async () => {
    expect((await fetch(scrapeUrl)).status).toBe(401);
    expect((await fetch(scrapeUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    // The API's own port (the one the proxy and integrators reach) has no such path.
    expect((await h.api('GET', '/metrics')).status).toBe(404);
  });

  it('after some traffic, show every named series with the figures that traffic made', async () => {
    const unmatchedBefore = valueOf(await scrape(), 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' }) ?? 0;
    // Requests: a route with a parameter (recorded under its pattern), a 404, the health check.
    const a = await member(h, { firstName: 'Olive' });
    const b = await member(h, { firstName: 'Ada' });
    for (const id of [a.id, b.id]) expect((await h.api('GET', `/api/User/GetUserById/${id}`, { token: a.token })).status).toBe(200);
    expect((await h.api('GET', '/api/no/such/route/4711')).status).toBe(404);

    // Chat: two sockets open, two messages stored.
    const sa = chat.socket(a);
    const sb = chat.socket(b);
    await Promise.all([connected(sa), connected(sb)]);
    expect((await send(sa, { receiverId: b.id, text: 'Hello' })).ok).toBe(true);
    expect((await send(sb, { receiverId: a.id, text: 'Hi' })).ok).toBe(true);

    // Escrow: one milestone of 1,000.00 funded through the provider's webhook; one forged webhook refused.
    const call = caller(h);
    const { milestoneIds } = await hiredContract(h, a, b, [100_000]);
    const started = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, a);
    expect(started.status).toBe(200);
    expect((await deliver(h, paid(started.body.paymentId, 100_000))).status).toBe(200);
    expect((await deliver(h, paid(started.body.paymentId, 100_000), { signature: 't=1,v1=00' })).status).toBe(400);

    // Jobs: two due (their time came a minute ago, no worker runs in this test), one not due yet.
    const now = Date.now();
    await h.app.ctx.jobs.send('metrics-test', {}, { runAt: new Date(now - 60_000) });
    await h.app.ctx.jobs.send('metrics-test', {}, { runAt: new Date(now - 1_000) });
    await h.app.ctx.jobs.send('metrics-test', {}, { runAt: new Date(now + 3_600_000) });

    const samples = await scrape();
    // Never the raw URL in a label: every route label is 'unmatched' or a pattern the app declares, and no label value
    // holds a path with an id in it. (The figures themselves are not looked at: CPU seconds and memory bytes may hold
    // any digits.)
    const labelled = samples.filter((s) => s.labels.route !== undefined);
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.filter((s) => s.labels.route !== 'unmatched' && !h.app.hasRoute({ method: s.labels.method as HTTPMethods, url: s.labels.route as string })).map((s) => s.labels)).toEqual([]);
    expect(samples.flatMap((s) => Object.values(s.labels)).filter((v) => /\/\d+(\/|$)/.test(v))).toEqual([]);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/User/GetUserById/:id', status_code: '200' })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(unmatchedBefore + 1);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    expect(valueOf(samples, 'chat_open_sockets')).toBe(2);
    expect(valueOf(samples, 'chat_messages_total')).toBe(2);
    expect(valueOf(samples, 'payments_webhook_failures_total', { status_code: '400' })).toBe(1);
    expect(valueOf(samples, 'payments_escrow_held_cents')).toBe(100_000);
    expect(valueOf(samples, 'jobs_queue_depth', { name: 'metrics-test' })).toBe(2);
    expect(valueOf(samples, 'jobs_oldest_due_age_seconds', { name: 'metrics-test' })).toBeGreaterThanOrEqual(60);
  });

  it('still answer, without the database figures, while the database is down', async () => {
    await h.db.kysely.destroy();
    const samples = await scrape();
    expect(valueOf(samples, 'chat_messages_total')).toBe(2);
    expect(valueOf(samples, 'payments_escrow_held_cents')).toBeNaN();
    expect(samples.filter((s) => s.name === 'jobs_queue_depth')).toEqual([]);
  });
});

describe('metrics configuration', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), ...env });
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };
  const aboutMetrics = (problems: string[]) => problems.filter((p) => p.includes('METRICS_'));

  it('refuses in production a metrics port other machines can reach without a token', () => {
    expect(aboutMetrics(problemsOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }))).toEqual([expect.stringContaining('METRICS_TOKEN must be set in production')]);
    expect(aboutMetrics(problemsOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(32) }))).toEqual([]);
    expect(aboutMetrics(problemsOf({ METRICS_PORT: '9464' }))).toEqual([]);
    expect(aboutMetrics(problemsOf({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' }))).toEqual(['METRICS_TOKEN must be at least 32 characters.']);
  });

  it('serves no metrics port unless METRICS_PORT is set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-metrics-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
      expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464' }).metrics?.port).toBe(9464);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
