import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FundResponse } from '@sciexperts/shared/contracts';
import { loadConfig, type ConfigError } from '../src/config';
import { startMetricsServer } from '../src/observability/metricsServer';
import { chatClients, connected, send } from './chatClient';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, paid } from './paymentsFixtures';

const TOKEN = 'metrics-token-metrics-token-0123456789';

/** The value of one series in Prometheus's text format (undefined when the series is absent). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
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
    return res.text();
  };

  it('are served only on their own port, only with the token', async () => {
    expect((await fetch(scrapeUrl)).status).toBe(401);
    expect((await fetch(scrapeUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    // The API's own port (the one the proxy and integrators reach) has no such path.
    expect((await h.api('GET', '/metrics')).status).toBe(404);
  });

  it('after some traffic, show every named series with the figures that traffic made', async () => {
    const unmatchedBefore = valueOf(await scrape(), 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}') ?? 0;
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

    const text = await scrape();
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/User/GetUserById/:id",status_code="200"}')).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(unmatchedBefore + 1);
    // Never the raw URL: no id, no unknown path, ends up in a label.
    expect(text).not.toContain(`GetUserById/${a.id}`);
    expect(text).not.toContain('4711');
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    expect(valueOf(text, 'chat_open_sockets')).toBe(2);
    expect(valueOf(text, 'chat_messages_total')).toBe(2);
    expect(valueOf(text, 'payments_webhook_failures_total{status_code="400"}')).toBe(1);
    expect(valueOf(text, 'payments_escrow_held_cents')).toBe(100_000);
    expect(valueOf(text, 'jobs_queue_depth{name="metrics-test"}')).toBe(2);
    expect(valueOf(text, 'jobs_oldest_due_age_seconds{name="metrics-test"}')).toBeGreaterThanOrEqual(60);
  });

  it('still answer, without the database figures, while the database is down', async () => {
    await h.db.kysely.destroy();
    const text = await scrape();
    expect(valueOf(text, 'chat_messages_total')).toBe(2);
    expect(valueOf(text, 'payments_escrow_held_cents')).toBeNaN();
    expect(text).not.toMatch(/^jobs_queue_depth\{/m);
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
