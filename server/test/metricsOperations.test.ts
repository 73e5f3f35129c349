// The series the operators' alerts read (deploy/prometheus/rules.yml) beyond those of metrics.test.ts: chat delivery
// lag, readiness as the proxy saw it and how often it changed, and the last reconciliation's differences.
import { ADMIN_PATHS, type ReconciliationView } from '@sciexperts/shared/contracts';
import { emitMessage } from '../src/chat/gateway';
import { chatClients, connected, received, send } from './chatClient';
import { eventually, member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG } from './paymentsFixtures';
import { signedInOperator } from './adminFixtures';

/** name{labels} -> value, for the samples of the exposition text (labels as written, sorted as prom-client writes them). */
function samplesOf(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\S+?)(\{.*\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample: ${line}`);
    out.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return out;
}

describe.each(['sqlite', 'postgres'] as const)('operations metrics over %s', (dialect) => {
  let h: Harness;
  let provider: FakeProvider;
  let now = Date.parse('2026-11-29T10:00:00.000Z');
  const chat = chatClients(() => h.base);
  const scrape = async () => samplesOf(await h.app.metrics.render());

  beforeAll(async () => {
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider, clock: () => new Date(now) });
  });
  afterAll(async () => {
    chat.closeAll();
    await h.close();
  });

  it('time each message from its stored time to its write to the receiver, stored here or by another process', async () => {
    const a = await member(h, { firstName: 'Olive' });
    const b = await member(h, { firstName: 'Ada' });
    const sa = chat.socket(a);
    const sb = chat.socket(b);
    await Promise.all([connected(sa), connected(sb)]);
    const inbox = received(sb);
    // Stored by this process: delivered at once, by its clock.
    expect((await send(sa, { receiverId: b.id, text: 'Hello' })).ok).toBe(true);
    // As another process's message arrives through the Redis stream: stamped when it was stored, 2 s ago.
    emitMessage(h.app.io, { id: 999_001, senderId: a.id, receiverId: b.id, text: 'From elsewhere', timestamp: new Date(now - 2_000).toISOString(), clientId: null });
    await eventually(() => inbox.filter(([event]) => event === 'newMessage').length === 2, 'both messages at the receiver');

    const samples = await scrape();
    // Only the receiver's newMessage is timed (the sender's own 'messageSent' echo is not a delivery).
    expect(samples.get('chat_delivery_lag_seconds_count')).toBe(2);
    expect(samples.get('chat_delivery_lag_seconds_sum')).toBeCloseTo(2, 6);
    expect(samples.get('chat_delivery_lag_seconds_bucket{le="0.005"}')).toBe(1);
    expect(samples.get('chat_delivery_lag_seconds_bucket{le="1"}')).toBe(1);
    expect(samples.get('chat_delivery_lag_seconds_bucket{le="2.5"}')).toBe(2);
  });

  it('show the last readiness answer and count each change between ready and not ready', async () => {
    // Unknown until the proxy or the orchestrator first asks.
    expect((await scrape()).get('api_ready')).toBeNaN();
    let redisUp = true;
    h.app.readiness.register('stand-in', async () => redisUp);
    const ask = async () => (await h.api('GET', '/api/health/ready')).status;

    expect(await ask()).toBe(200);
    expect(await ask()).toBe(200);
    let samples = await scrape();
    expect(samples.get('api_ready')).toBe(1);
    expect(samples.get('api_readiness_changes_total')).toBe(0);

    redisUp = false;
    expect(await ask()).toBe(503);
    samples = await scrape();
    expect(samples.get('api_ready')).toBe(0);
    expect(samples.get('api_readiness_changes_total')).toBe(1);

    // Back and forth between two scrapes: the gauge reads ready as before, the counter shows the flap.
    redisUp = true;
    expect(await ask()).toBe(200);
    redisUp = false;
    expect(await ask()).toBe(503);
    redisUp = true;
    expect(await ask()).toBe(200);
    samples = await scrape();
    expect(samples.get('api_ready')).toBe(1);
    expect(samples.get('api_readiness_changes_total')).toBe(4);
  });

  it('show the differences the last reconciliation found, and when it ran', async () => {
    // Unknown, never "none", before this process has run one.
    expect((await scrape()).get('payments_reconciliation_differences')).toBeNaN();
    expect((await scrape()).get('payments_reconciliation_last_run_timestamp_seconds')).toBeNaN();
    const finance = await signedInOperator(h, 'finance', () => (now += 30_000));
    const run = () => h.api<ReconciliationView>('POST', ADMIN_PATHS.moneyReconciliation, { token: finance.token });

    provider.records = [{ movement: 'charge', providerId: 'ch_stranger', ourId: null, amountCents: 7_700, status: 'succeeded', createdAt: '2026-11-01T00:00:00.000Z' }];
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.differences).toHaveLength(1);
    let samples = await scrape();
    expect(samples.get('payments_reconciliation_differences')).toBe(1);
    expect(samples.get('payments_reconciliation_last_run_timestamp_seconds')).toBe(now / 1000);

    provider.records = [];
    now += 60_000;
    expect((await run()).body.differences).toEqual([]);
    samples = await scrape();
    expect(samples.get('payments_reconciliation_differences')).toBe(0);
    expect(samples.get('payments_reconciliation_last_run_timestamp_seconds')).toBe(now / 1000);
  });
});
