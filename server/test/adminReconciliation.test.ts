// The reconciliation report: the ledger's charges, refunds and payouts against the provider's own records, every
// difference listed; finance only, audited each time it runs.
import { ADMIN_MESSAGES as M, ADMIN_PATHS, type AuditPageView, type OperatorRole, type ReconciliationView, type Withdrawal } from '@sciexperts/shared/contracts';
import { compareMovements, type LedgerMovement } from '../src/modules/admin/reconciliation';
import type { ProviderRecord } from '../src/modules/payments/provider';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, connectPayoutAccount, deliver, eventId, hiredContract, paid, type Member } from './paymentsFixtures';
import { signedInOperator } from './adminFixtures';

type Body = { message?: string };

describe('reconciliation, the comparison', () => {
  const at = '2026-11-24T10:00:00.000Z';
  const ledger = (m: Partial<LedgerMovement> & Pick<LedgerMovement, 'movement' | 'ourId'>): LedgerMovement => ({ providerId: null, amountCents: 10_000, status: 'succeeded', at, ...m });
  const record = (r: Partial<ProviderRecord> & Pick<ProviderRecord, 'movement' | 'providerId'>): ProviderRecord => ({ ourId: null, amountCents: 10_000, status: 'succeeded', createdAt: at, ...r });

  it('pairs by our id, or by the provider id when the provider kept none of ours; each movement once', () => {
    const result = compareMovements(
      [ledger({ movement: 'charge', ourId: 1, providerId: 'pi_1' }), ledger({ movement: 'refund', ourId: 1, providerId: 're_1' })],
      [record({ movement: 'charge', providerId: 'pi_1' }), record({ movement: 'charge', providerId: 'pi_1' }), record({ movement: 'refund', providerId: 're_9', ourId: 1 })],
    );
    expect(result.matched).toBe(2);
    expect(result.differences.map((d) => [d.kind, d.movement, d.providerId])).toEqual([['missing-in-ledger', 'charge', 'pi_1']]);
    expect(compareMovements([], [])).toEqual({ matched: 0, differences: [] });
  });
});

describe.each(['sqlite', 'postgres'] as const)('reconciliation over %s', (dialect) => {
  let h: Harness;
  let provider: FakeProvider;
  let client: Member;
  let expert: Member;
  let call: ReturnType<typeof caller>;
  const ops = {} as Record<OperatorRole, { token: string; email: string }>;
  let now = Date.now();
  const ids = { p1: 0, p2: 0, w: 0 };

  const admin = <T = unknown>(method: string, url: string, token: string) => h.api<T & Body>(method, url, { token });
  const run = (role: OperatorRole = 'finance') => admin<ReconciliationView>('POST', ADMIN_PATHS.moneyReconciliation, ops[role].token);
  const audit = async () => (await admin<AuditPageView>('GET', ADMIN_PATHS.audit, ops.finance.token)).body.entries.filter((e) => e.action === 'money.reconcile');

  const makeOperator = (role: OperatorRole) => signedInOperator(h, role, () => (now += 30_000));

  beforeAll(async () => {
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider, clock: () => new Date(now) });
    call = caller(h);
    client = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    for (const role of ['operator', 'finance', 'support'] as const) ops[role] = await makeOperator(role);

    // Two charges; the first released to the expert, the second refunded by the client; a payout of part of the balance.
    const { milestoneIds } = await hiredContract(h, client, expert, [10_000, 20_000]);
    const payments: number[] = [];
    for (const [i, id] of milestoneIds.entries()) {
      const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${id}/Fund`, client);
      payments.push(started.body.paymentId);
      expect((await deliver(h, paid(started.body.paymentId, [10_000, 20_000][i]!))).status).toBe(200);
    }
    [ids.p1, ids.p2] = payments as [number, number];
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Submit`, expert, { body: { note: 'Delivered.' } })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Approve`, client)).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[1]}/Refund`, client)).status).toBe(200);
    expect((await deliver(h, { id: eventId(), type: 'refund.succeeded', paymentId: ids.p2, refundId: `re_${ids.p2}`, amountCents: 20_000 })).status).toBe(200);
    await connectPayoutAccount(h, expert);
    const withdrawal = await call<Withdrawal>('POST', '/api/Payments/Withdrawals', expert, { body: { amountCents: 5_000 } });
    expect(withdrawal.status).toBe(201);
    ids.w = withdrawal.body.id;
    expect((await deliver(h, { id: eventId(), type: 'payout.paid', withdrawalId: ids.w, payoutId: `po_${ids.w}`, amountCents: 5_000 })).status).toBe(200);
  });
  afterAll(() => h?.close());

  const agreeing = (): ProviderRecord[] => [
    { movement: 'charge', providerId: `ch_${ids.p1}`, ourId: ids.p1, amountCents: 10_000, status: 'succeeded', createdAt: new Date(now).toISOString() },
    { movement: 'charge', providerId: `ch_${ids.p2}`, ourId: null, amountCents: 20_000, status: 'succeeded', createdAt: new Date(now).toISOString() },
    { movement: 'refund', providerId: `re_${ids.p2}`, ourId: ids.p2, amountCents: 20_000, status: 'succeeded', createdAt: new Date(now).toISOString() },
    { movement: 'payout', providerId: `po_${ids.w}`, ourId: ids.w, amountCents: 5_000, status: 'succeeded', createdAt: new Date(now).toISOString() },
  ];

  it('finds no difference when the provider recorded what the ledger booked, and audits the run', async () => {
    provider.records = agreeing();
    const report = await run();
    expect(report.status).toBe(200);
    expect(report.body).toEqual({ provider: 'local', ranAt: new Date(now).toISOString(), ledgerCount: 4, providerCount: 4, matched: 4, differences: [] });
    expect((await audit())[0]).toMatchObject({ operatorEmail: ops.finance.email, objectType: 'provider', objectId: 'local', details: '0 differences; 4 of 4 ledger movements matched 4 provider records' });
  });

  it('lists every difference: an amount, an outcome, a record the ledger lacks, a booking the provider lacks', async () => {
    const [charge1, charge2, refund] = agreeing();
    provider.records = [
      { ...charge1!, amountCents: 9_000 },
      charge2!,
      { ...refund!, status: 'pending' },
      { movement: 'charge', providerId: 'ch_stranger', ourId: null, amountCents: 7_700, status: 'succeeded', createdAt: '2000-01-01T00:00:00.000Z' },
    ];
    const report = (await run()).body;
    expect(report).toMatchObject({ ledgerCount: 4, providerCount: 4, matched: 1 });
    const byKind = Object.fromEntries(report.differences.map((d) => [d.kind, d]));
    expect(report.differences.map((d) => d.kind).sort()).toEqual(['amount', 'missing-at-provider', 'missing-in-ledger', 'status']);
    expect(byKind.amount).toMatchObject({ movement: 'charge', ourId: ids.p1, ledgerCents: 10_000, providerCents: 9_000, description: `Charge of payment #${ids.p1} (ch_${ids.p1}): $100.00 in the ledger, $90.00 at the provider.` });
    expect(byKind.status).toMatchObject({ movement: 'refund', ourId: ids.p2, ledgerStatus: 'succeeded', providerStatus: 'pending', description: `Refund of payment #${ids.p2} (re_${ids.p2}): succeeded in the ledger, pending at the provider.` });
    expect(byKind['missing-in-ledger']).toMatchObject({ movement: 'charge', ourId: null, ledgerCents: null, providerCents: 7_700, description: 'Charge (ch_stranger): $77.00 at the provider (succeeded), nothing in the ledger.' });
    expect(byKind['missing-at-provider']).toMatchObject({ movement: 'payout', ourId: ids.w, ledgerCents: 5_000, providerCents: null, description: `Payout of withdrawal #${ids.w} (po_${ids.w}): $50.00 booked in the ledger, not at the provider.` });
    // The oldest first: the stranger's charge of 2000 leads.
    expect(report.differences[0]!.kind).toBe('missing-in-ledger');
    expect((await audit())[0]!.details).toBe('4 differences; 1 of 4 ledger movements matched 4 provider records');
  });

  it('is for finance only, and says so when the provider cannot be reached (the attempt is audited too)', async () => {
    for (const role of ['operator', 'support'] as const) {
      const refused = await run(role);
      expect([refused.status, refused.body.message]).toEqual([403, M.wrongRole]);
    }
    expect((await h.api('POST', ADMIN_PATHS.moneyReconciliation, { token: client.token })).status).toBe(404);
    provider.recordsDown = true;
    try {
      const down = await run();
      expect([down.status, down.body.message]).toEqual([502, M.providerDownReconciliation]);
    } finally {
      provider.recordsDown = false;
    }
    expect((await audit())[0]!.details).toBe('the provider could not be reached');
  });
});
