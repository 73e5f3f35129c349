import { PAYMENT_MESSAGES as M, withdrawalTooLargeMessage, type Balance, type FundResponse, type PayoutAccount, type Statement, type Withdrawal, type WithdrawalList, type Workspace } from '@sciexperts/shared/contracts';
import { runAdmin } from '../src/modules/payments/admin';
import { ACCOUNTS, balance } from '../src/modules/payments/ledger';
import { releaseDueMilestones } from '../src/modules/payments/repository';
import { retryProviderCalls } from '../src/modules/payments/settlement';
import { signPayload } from '../src/modules/payments/signature';
import { member, startApp, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, WEBHOOK_SECRET, caller, connectPayoutAccount, deliver, eventId, hiredContract, ledgerProblems, newKey, paid, stepUp, type Member } from './paymentsFixtures';

const DAY_MS = 86_400_000;

describe.each(['sqlite', 'postgres'] as const)('escrow over %s', (dialect) => {
  let h: Harness;
  let provider: FakeProvider;
  let client: Member;
  let expert: Member;
  let stranger: Member;
  let call: ReturnType<typeof caller>;

  const workspace = async (contractId: number, who: Member = client) => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, who, { key: null })).body;
  const statusOf = async (contractId: number, milestoneId: number) => (await workspace(contractId)).milestones.find((m) => m.id === milestoneId)?.status;
  const fund = (milestoneId: number, who: Member = client, key?: string) => call<FundResponse>('POST', `/api/Milestones/${milestoneId}/Fund`, who, { key });
  /** Fund through checkout and the provider's confirmation. */
  const funded = async (milestoneId: number, amountCents: number) => {
    const started = await fund(milestoneId);
    expect(started.status).toBe(200);
    expect((await deliver(h, paid(started.body.paymentId, amountCents))).status).toBe(200);
    return started.body.paymentId;
  };
  const submit = (milestoneId: number, who: Member = expert, note = 'Delivered: see the shared folder.', key?: string) =>
    call('POST', `/api/Milestones/${milestoneId}/Submit`, who, { body: { note }, key });
  const approve = (milestoneId: number, who: Member = client, key?: string) => call('POST', `/api/Milestones/${milestoneId}/Approve`, who, { key });
  const refund = (milestoneId: number, who: Member = client, key?: string) => call('POST', `/api/Milestones/${milestoneId}/Refund`, who, { key });
  const dispute = (milestoneId: number, who: Member = client, key?: string) => call('POST', `/api/Milestones/${milestoneId}/Dispute`, who, { body: { note: 'The analysis is missing.' }, key });
  const requestChanges = (milestoneId: number, who: Member = client, key?: string) =>
    call('POST', `/api/Milestones/${milestoneId}/RequestChanges`, who, { body: { note: 'Please add the sensitivity analysis.' }, key });
  const transactions = async () => h.db.kysely.selectFrom('ledgerTransactions').selectAll().orderBy('id').execute();
  const expectLedgerSound = async () => expect(await ledgerProblems(h.db)).toEqual([]);

  beforeAll(async () => {
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider });
    call = caller(h);
    client = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    stranger = await member(h, { firstName: 'Sam' });
  });

  afterAll(() => h?.close());
  afterEach(expectLedgerSound);

  it('funds from the verified webhook only, then submit and approve pay the expert less the fee', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [first] = milestoneIds as [number];
    const key = newKey();
    const started = await fund(first, client, key);
    expect(started.status).toBe(200);
    expect(started.body.checkoutUrl).toMatch(/^http:\/\/provider\.test\/checkout\//);
    const request = [...provider.checkouts.values()].find((c) => c.paymentId === started.body.paymentId)!;
    expect(request).toMatchObject({ amountCents: 100_000, currency: 'USD', idempotencyKey: `checkout:${started.body.paymentId}` });
    expect(request.successUrl).toBe(`http://site.test/profile/workspace/${contractId}?payment=${started.body.paymentId}`);
    // A double click, or the same request three times at once: the same payment and session, no second checkout.
    const again = await Promise.all([fund(first, client, key), fund(first, client, key), fund(first, client, key)]);
    expect(again.map((r) => r.body)).toEqual([started.body, started.body, started.body]);
    expect(provider.checkouts.size).toBe(1);
    expect(await h.db.kysely.selectFrom('payments').select('id').where('milestoneId', '=', first).execute()).toHaveLength(1);

    // The browser's return proves nothing: still pending, nothing in escrow.
    let ws = await workspace(contractId);
    expect(ws.milestones[0]).toMatchObject({ status: 'pending', payment: { id: started.body.paymentId, status: 'pending' } });
    expect(ws.escrowCents).toBe(0);

    expect((await deliver(h, paid(started.body.paymentId, 100_000))).body).toEqual({ received: true, duplicate: false });
    ws = await workspace(contractId);
    expect(ws.milestones[0]).toMatchObject({ status: 'funded', payment: { status: 'succeeded' }, feeCents: 10_000, payoutCents: 90_000 });
    expect(ws.escrowCents).toBe(100_000);
    expect((await call<Balance>('GET', '/api/Payments/Balance', client, { key: null })).body).toEqual({ availableCents: 0, inEscrowCents: 100_000, paidOutCents: 0 });

    const submitted = await submit(first);
    expect(submitted.status).toBe(200);
    const milestone = submitted.body.milestones[0]!;
    expect(milestone.status).toBe('submitted');
    expect(Date.parse(milestone.autoReleaseAt!) - Date.parse(milestone.submittedAt!)).toBe(14 * DAY_MS);

    const approved = await approve(first);
    expect(approved.status).toBe(200);
    expect(approved.body.milestones[0]!.status).toBe('released');
    expect(approved.body.escrowCents).toBe(0);
    expect(approved.body.events.map((e) => e.kind)).toEqual(['funded', 'submitted', 'approved']);
    expect(approved.body.events[1]).toMatchObject({ actorId: expert.id, note: 'Delivered: see the shared folder.' });
    expect(approved.body.fee).toEqual({ basisPoints: 1000 });
    expect((await call<Balance>('GET', '/api/Payments/Balance', expert, { key: null })).body).toEqual({ availableCents: 90_000, inEscrowCents: 0, paidOutCents: 0 });
    expect(await balance(h.db, ACCOUNTS.platformFees)).toBeGreaterThanOrEqual(10_000);

    const statement = (await call<Statement>('GET', '/api/Payments/Statement', expert, { key: null })).body;
    expect(statement.fee).toEqual({ basisPoints: 1000 });
    const credit = statement.lines.find((l) => l.account === 'available' && l.milestoneId === first)!;
    expect(credit).toMatchObject({ kind: 'release', amountCents: 90_000, feeCents: 10_000, balanceCents: 90_000, milestoneTitle: 'Milestone 1', projectTitle: 'SAP for a phase II trial' });
    const clientLines = (await call<Statement>('GET', '/api/Payments/Statement', client, { key: null })).body.lines.filter((l) => l.contractId === contractId);
    expect(clientLines.map((l) => [l.kind, l.account, l.amountCents, l.balanceCents])).toEqual([
      ['release', 'escrow', -100_000, 0],
      ['funding', 'escrow', 100_000, 100_000],
    ]);
  });

  it('only the two parties know a contract (404), each does only their own part (403), and every money call needs a key (400)', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    for (const [method, url] of [
      ['GET', `/api/Contracts/${contractId}/Workspace`],
      ['POST', `/api/Milestones/${m}/Fund`],
      ['POST', `/api/Milestones/${m}/Approve`],
      ['POST', `/api/Milestones/${m}/Refund`],
      ['POST', `/api/Milestones/${m}/Accept`],
      ['POST', `/api/Contracts/${contractId}/End`],
    ] as const) {
      const res = await call(method, url, stranger);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect((await call('POST', `/api/Milestones/${m}/Submit`, stranger, { body: { note: 'x' } })).body.message).toBe(M.milestoneNotFound);
    expect((await call('POST', `/api/Milestones/999999/Fund`, client)).status).toBe(404);
    expect((await call('GET', `/api/Contracts/${contractId}/Workspace`, null, { key: null })).status).toBe(401);

    expect((await fund(m, expert)).body.message).toBe(M.clientOnly);
    expect((await fund(m, expert)).status).toBe(403);
    await funded(m, 100_000);
    expect((await submit(m, client)).status).toBe(403);
    expect((await submit(m, client)).body.message).toBe(M.expertOnly);
    expect((await refund(m, expert)).status).toBe(403);
    expect((await submit(m)).status).toBe(200);
    for (const res of [await approve(m, expert), await dispute(m, expert), await requestChanges(m, expert)]) expect(res.status).toBe(403);
    expect((await call('POST', `/api/Contracts/${contractId}/End`, expert, { key: null })).status).toBe(403);
    expect((await call('POST', `/api/Contracts/${contractId}/Milestones`, expert, { body: { title: 'More', amountCents: 100, dueDate: '2099-01-01' } })).status).toBe(403);

    for (const key of [null, 'short', 'has space in it', 'x'.repeat(101)]) {
      const res = await approve(m, client, key as string);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(M.idempotencyKeyRequired);
    }
    expect(await statusOf(contractId, m)).toBe('submitted');
    expect((await call('POST', `/api/Milestones/${m}/Submit`, expert, { body: { note: '   ' } })).status).toBe(400);
    expect((await call('POST', `/api/Milestones/${m}/Dispute`, client, { body: { note: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await call('POST', `/api/Milestones/${m}/Dispute`, client, { body: { note: 'bell\u0007' } })).body.details).toEqual([{ field: 'note', message: M.plainText }]);
  });

  it('refuses every illegal transition with 409 and changes nothing', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    const expectRefused = async (res: { status: number; body: { message?: string } }, message: string, status: string) => {
      expect([res.status, res.body.message]).toEqual([409, message]);
      expect(await statusOf(contractId, m)).toBe(status);
    };
    const before = (await transactions()).length;
    // pending
    await expectRefused(await submit(m), M.notFunded, 'pending');
    await expectRefused(await approve(m), M.notSubmitted, 'pending');
    await expectRefused(await refund(m), M.cannotRefund, 'pending');
    await expectRefused(await dispute(m), M.notSubmitted, 'pending');
    await expectRefused(await requestChanges(m), M.notSubmitted, 'pending');
    await expectRefused(await call('POST', `/api/Milestones/${m}/Accept`, expert), M.notProposed, 'pending');
    expect((await transactions()).length).toBe(before);
    // funded
    await funded(m, 100_000);
    await expectRefused(await fund(m), M.notPending, 'funded');
    await expectRefused(await approve(m), M.notSubmitted, 'funded');
    await expectRefused(await dispute(m), M.notSubmitted, 'funded');
    await expectRefused(await requestChanges(m), M.notSubmitted, 'funded');
    // submitted
    expect((await submit(m)).status).toBe(200);
    await expectRefused(await submit(m), M.notFunded, 'submitted');
    await expectRefused(await refund(m), M.cannotRefund, 'submitted');
    // back to funded with the client's note, then submitted again
    const changes = await requestChanges(m);
    expect(changes.status).toBe(200);
    expect(changes.body.milestones[0]).toMatchObject({ status: 'funded', submittedAt: null, autoReleaseAt: null });
    expect(changes.body.events.at(-1)).toMatchObject({ kind: 'changes-requested', actorId: client.id, note: 'Please add the sensitivity analysis.' });
    expect((await submit(m)).status).toBe(200);
    // released: a refund after a release is refused
    expect((await approve(m)).status).toBe(200);
    const afterRelease = (await transactions()).length;
    await expectRefused(await refund(m), M.cannotRefund, 'released');
    await expectRefused(await approve(m), M.notSubmitted, 'released');
    await expectRefused(await dispute(m), M.notSubmitted, 'released');
    expect((await transactions()).length).toBe(afterRelease);
  });

  it('refunds a funded milestone once: booked with the change, the provider asked once, confirmed by its webhook', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    const paymentId = await funded(m, 100_000);
    const key = newKey();
    const refundsBefore = provider.calls.refund;
    const first = await refund(m, client, key);
    expect(first.status).toBe(200);
    expect(first.body.milestones[0]!.status).toBe('refunded');
    expect(first.body.escrowCents).toBe(0);
    expect(provider.refunds.get(`refund:payment:${paymentId}`)).toMatchObject({ paymentId, chargeId: `ch_${paymentId}`, amountCents: 100_000 });
    // The same key again: the same answer, nothing booked or asked twice.
    const again = await refund(m, client, key);
    expect(again.status).toBe(200);
    expect(provider.calls.refund).toBe(refundsBefore + 1);
    expect((await transactions()).filter((t) => t.idempotencyKey === `refund:payment:${paymentId}`)).toHaveLength(1);
    // The provider confirms: the payment is refunded; a duplicate delivery changes nothing.
    const confirmation = { id: eventId(), type: 'refund.succeeded', paymentId, refundId: `re_${paymentId}`, amountCents: 100_000 };
    expect((await deliver(h, confirmation)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(h, confirmation)).body).toEqual({ received: true, duplicate: true });
    const ws = await workspace(contractId);
    expect(ws.milestones[0]!.payment).toMatchObject({ id: paymentId, status: 'refunded' });
    expect(ws.escrowCents).toBe(0);
    expect(ws.events.map((e) => e.kind)).toEqual(['funded', 'refunded']);
  });

  it('keeps a refund the provider could not take and asks again later', async () => {
    const { milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    const paymentId = await funded(m, 100_000);
    provider.down.refund = true;
    try {
      expect((await refund(m)).status).toBe(200);
    } finally {
      provider.down.refund = false;
    }
    expect(provider.refunds.has(`refund:payment:${paymentId}`)).toBe(false);
    expect((await retryProviderCalls(h.db, provider, new Date())).refunds).toBe(0);
    expect(await retryProviderCalls(h.db, provider, new Date(Date.now() + 120_000))).toMatchObject({ refunds: 1, failures: 0 });
    expect(provider.refunds.has(`refund:payment:${paymentId}`)).toBe(true);
    expect((await retryProviderCalls(h.db, provider, new Date(Date.now() + 240_000))).refunds).toBe(0);
  });

  it('refuses webhooks with a missing, wrong or stale signature and applies each event once', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    const started = await fund(m);
    const event = paid(started.body.paymentId, 100_000);
    for (const opts of [{ signature: null }, { secret: 'whsec_someone_else' }, { at: new Date(Date.now() - 10 * 60_000) }, { at: new Date(Date.now() + 10 * 60_000) }, { signature: 't=1,v1=zz' }]) {
      const res = await deliver(h, event, opts);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(M.webhookRejected);
    }
    // A body changed after signing.
    const signedFor = JSON.stringify(event);
    const forged = await deliver(h, event, { raw: signedFor.replace('100000', '900000'), signature: signPayload(WEBHOOK_SECRET, signedFor, new Date()) });
    expect(forged.status).toBe(400);
    expect(await statusOf(contractId, m)).toBe('pending');

    const deliveries = await Promise.all([deliver(h, event), deliver(h, event), deliver(h, event)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(deliveries.filter((d) => d.body.duplicate)).toHaveLength(2);
    expect((await deliver(h, event)).body.duplicate).toBe(true);
    expect(await statusOf(contractId, m)).toBe('funded');
    expect((await transactions()).filter((t) => t.idempotencyKey === `checkout:${started.body.paymentId}`)).toHaveLength(1);
    // The same payment confirmed again under another event id: no second credit.
    expect((await deliver(h, paid(started.body.paymentId, 100_000))).body.duplicate).toBe(false);
    expect((await workspace(contractId)).escrowCents).toBe(100_000);
    // The signature is checked over the bytes whatever the content type says (or if it says nothing).
    for (const type of ['text/plain; charset=utf-8', 'application/octet-stream', undefined]) {
      const raw = JSON.stringify({ id: eventId(), type: 'customer.updated' });
      const res = await h.app.inject({ method: 'POST', url: '/api/Payments/Webhook', headers: { 'sciexperts-signature': signPayload(WEBHOOK_SECRET, raw, new Date()), ...(type ? { 'content-type': type } : {}) }, payload: raw });
      expect([type, res.statusCode]).toEqual([type, 200]);
    }
    // An unknown event type and an unknown payment are acknowledged and ignored.
    expect((await deliver(h, { id: eventId(), type: 'customer.created' })).status).toBe(200);
    expect((await deliver(h, paid(987_654, 100))).status).toBe(200);
  });

  it('keeps a failed checkout pending with its reason, and copes with events out of order', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [a, b] = milestoneIds as [number, number];
    const first = await fund(a);
    expect((await deliver(h, { id: eventId(), type: 'checkout.failed', paymentId: first.body.paymentId, sessionId: 'cs', reason: 'Your card was declined.' })).status).toBe(200);
    let ws = await workspace(contractId);
    expect(ws.milestones[0]).toMatchObject({ status: 'pending', payment: { status: 'failed', failureReason: 'Your card was declined.' } });
    expect(ws.events.at(-1)).toMatchObject({ kind: 'payment-failed', note: 'Your card was declined.' });
    // Paid after all (the failure arrived first): the charge counts.
    expect((await deliver(h, paid(first.body.paymentId, 100_000))).status).toBe(200);
    expect(await statusOf(contractId, a)).toBe('funded');
    // A failure arriving after the success changes nothing.
    const second = await fund(b);
    await deliver(h, paid(second.body.paymentId, 200_000));
    await deliver(h, { id: eventId(), type: 'checkout.failed', paymentId: second.body.paymentId, sessionId: 'cs', reason: 'late' });
    ws = await workspace(contractId);
    expect(ws.milestones[1]).toMatchObject({ status: 'funded', payment: { status: 'succeeded', failureReason: null } });
    expect(ws.escrowCents).toBe(300_000);
  });

  it('gives back a payment that cannot fund its milestone: paid twice at once, or after the contract ended', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    const tabA = await fund(m);
    const tabB = await fund(m);
    expect(tabB.body.paymentId).not.toBe(tabA.body.paymentId);
    // Both paid, and both confirmations at the same moment: one funds the milestone, the other goes back.
    await Promise.all([deliver(h, paid(tabA.body.paymentId, 100_000)), deliver(h, paid(tabB.body.paymentId, 100_000))]);
    const ws = await workspace(contractId);
    expect(ws.milestones[0]!.status).toBe('funded');
    expect(ws.escrowCents).toBe(100_000);
    const winner = ws.milestones[0]!.payment!.id;
    const loser = winner === tabA.body.paymentId ? tabB.body.paymentId : tabA.body.paymentId;
    expect(provider.refunds.get(`refund:payment:${loser}`)).toMatchObject({ amountCents: 100_000 });
    expect(provider.refunds.has(`refund:payment:${winner}`)).toBe(false);
    // A payment for a milestone of an ended contract goes back too.
    const late = await hiredContract(h, client, expert, [7_000]);
    const pending = await fund(late.milestoneIds[0]!);
    expect((await call('POST', `/api/Contracts/${late.contractId}/End`, client, { key: null })).status).toBe(200);
    await deliver(h, paid(pending.body.paymentId, 7_000));
    expect((await workspace(late.contractId)).milestones[0]!.status).toBe('cancelled');
    expect(provider.refunds.get(`refund:payment:${pending.body.paymentId}`)).toMatchObject({ amountCents: 7_000 });
  });

  it('answers a repeated key with the first result, and refuses one key for two different changes', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [a, b] = milestoneIds as [number, number];
    await funded(a, 100_000);
    await funded(b, 200_000);
    expect((await submit(a)).status).toBe(200);
    expect((await submit(b)).status).toBe(200);
    const key = newKey();
    const first = await approve(a, client, key);
    const second = await approve(a, client, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.milestones.map((m) => m.status)).toEqual(['released', 'submitted']);
    expect((await transactions()).filter((t) => t.idempotencyKey === `release:milestone:${a}`)).toHaveLength(1);
    // The same key for another milestone or another action: refused, nothing changed.
    const reused = await approve(b, client, key);
    expect([reused.status, reused.body.message]).toEqual([409, M.idempotencyKeyReused]);
    expect((await dispute(a, client, key)).status).toBe(409);
    expect(await statusOf(contractId, b)).toBe('submitted');
    // Keys are the member's own: the expert may use the client's key for their own call.
    expect((await call('GET', `/api/Contracts/${contractId}/Workspace`, expert, { key })).status).toBe(200);
    const fundKey = newKey();
    expect((await fund(a, client, fundKey)).status).toBe(409);
    expect((await approve(b, client, fundKey)).status).toBe(200);
  });

  it('releases once when approvals race, and refunds once when refunds race', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [a, b] = milestoneIds as [number, number];
    await funded(a, 100_000);
    await funded(b, 200_000);
    expect((await submit(a)).status).toBe(200);
    const before = (await call<Balance>('GET', '/api/Payments/Balance', expert, { key: null })).body.availableCents;
    const approvals = await Promise.all(Array.from({ length: 6 }, () => approve(a)));
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    expect(approvals.filter((r) => r.status === 409)).toHaveLength(5);
    expect((await call<Balance>('GET', '/api/Payments/Balance', expert, { key: null })).body.availableCents).toBe(before + 90_000);

    const sameKey = newKey();
    const refunds = await Promise.all([refund(b), refund(b), refund(b, client, sameKey), refund(b, client, sameKey)]);
    expect(refunds.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect((await workspace(contractId)).escrowCents).toBe(0);
    expect((await transactions()).filter((t) => t.kind === 'refund' && t.milestoneId === b)).toHaveLength(1);
  });

  it('releases a submitted milestone the client leaves unanswered on day 14, not before, once', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [m] = milestoneIds as [number];
    await funded(m, 100_000);
    const submittedAt = Date.parse((await submit(m)).body.milestones[0]!.submittedAt!);
    expect(await releaseDueMilestones(h.db, new Date(submittedAt + 14 * DAY_MS - 1000), PAYMENTS_CONFIG)).not.toContain(m);
    expect(await statusOf(contractId, m)).toBe('submitted');
    // Two processes at once: one release.
    const runs = await Promise.all([0, 1, 2].map(() => releaseDueMilestones(h.db, new Date(submittedAt + 14 * DAY_MS), PAYMENTS_CONFIG)));
    expect(runs.flat().filter((id) => id === m)).toHaveLength(1);
    const ws = await workspace(contractId);
    expect(ws.milestones[0]!.status).toBe('released');
    expect(ws.events.at(-1)).toMatchObject({ kind: 'auto-released', actorId: null });
    expect((await transactions()).filter((t) => t.milestoneId === m && t.kind === 'auto-release')).toHaveLength(1);
    // A shorter configured delay applies as configured.
    const other = await hiredContract(h, client, expert, [5_000]);
    await funded(other.milestoneIds[0]!, 5_000);
    const at = Date.parse((await submit(other.milestoneIds[0]!)).body.milestones[0]!.submittedAt!);
    expect(await releaseDueMilestones(h.db, new Date(at + 3 * DAY_MS), { ...PAYMENTS_CONFIG, autoReleaseDays: 3 })).toEqual([other.milestoneIds[0]]);
  });

  it('freezes a disputed milestone until the operator resolves it with the admin command', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert);
    const [a, b] = milestoneIds as [number, number];
    await funded(a, 100_000);
    await funded(b, 200_000);
    for (const m of [a, b]) expect((await submit(m)).status).toBe(200);
    for (const m of [a, b]) expect((await dispute(m)).status).toBe(200);
    // Frozen: no approval, no auto-release, no refund, no end.
    expect((await approve(a)).status).toBe(409);
    expect(await releaseDueMilestones(h.db, new Date(Date.now() + 30 * DAY_MS), PAYMENTS_CONFIG)).not.toContain(a);
    expect((await refund(a)).status).toBe(409);
    expect((await call('POST', `/api/Contracts/${contractId}/End`, client, { key: null })).body.message).toBe(M.moneyInEscrow);

    const lines: string[] = [];
    const admin = (args: string[]) => runAdmin(args, { db: h.db, payments: PAYMENTS_CONFIG, provider, out: (l) => lines.push(l) });
    expect(await admin(['resolve', String(a)])).toBe(2);
    expect(await admin(['resolve', String(a), 'split'])).toBe(2);
    expect(await runAdmin(['resolve', String(a), 'release'], { db: h.db, payments: null, out: (l) => lines.push(l) })).toBe(1);
    expect(await admin(['resolve', String(a), 'release'])).toBe(0);
    expect(await admin(['resolve', String(a), 'refund'])).toBe(1);
    expect(await admin(['resolve', '999999', 'refund'])).toBe(1);
    expect(await admin(['resolve', String(b), 'refund'])).toBe(0);
    expect(lines).toContain(`Milestone ${a} ($1,000.00) is now released.`);
    expect(lines).toContain('The refund was sent to the payment provider.');
    const ws = await workspace(contractId);
    expect(ws.milestones.map((m) => m.status)).toEqual(['released', 'refunded']);
    expect(ws.events.filter((e) => e.kind === 'resolved').map((e) => e.note)).toEqual(['release', 'refund']);
    expect(ws.escrowCents).toBe(0);
  });

  it('lets the client add a milestone the expert accepts, and end the contract once nothing is in escrow', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [100_000]);
    const [m] = milestoneIds as [number];
    const body = { title: ' Extra analysis ', amountCents: 50_000, dueDate: '2099-06-30' };
    const key = newKey();
    const added = await call('POST', `/api/Contracts/${contractId}/Milestones`, client, { body, key });
    expect(added.status).toBe(201);
    expect(added.body.milestones[1]).toMatchObject({ position: 2, title: 'Extra analysis', amountCents: 50_000, status: 'proposed' });
    // A repeat adds nothing more.
    expect((await call('POST', `/api/Contracts/${contractId}/Milestones`, client, { body, key })).body.milestones).toHaveLength(2);
    for (const bad of [{ ...body, dueDate: '2020-01-01' }, { ...body, dueDate: '2030-02-30' }, { ...body, title: ' ' }, { ...body, amountCents: 0 }, { ...body, extra: 1 }]) {
      expect((await call('POST', `/api/Contracts/${contractId}/Milestones`, client, { body: bad })).status).toBe(400);
    }
    const extra = added.body.milestones[1]!.id;
    expect((await fund(extra)).status).toBe(409);
    expect((await call('POST', `/api/Milestones/${extra}/Accept`, client)).status).toBe(403);
    const accepted = await call('POST', `/api/Milestones/${extra}/Accept`, expert);
    expect(accepted.body.milestones[1]!.status).toBe('pending');
    expect(accepted.body.events.map((e) => e.kind)).toEqual(['added', 'accepted']);

    await funded(m, 100_000);
    const end = () => call('POST', `/api/Contracts/${contractId}/End`, client, { key: null });
    expect((await end()).status).toBe(409);
    expect((await submit(m)).status).toBe(200);
    expect((await end()).status).toBe(409);
    expect((await approve(m)).status).toBe(200);
    const ended = await end();
    expect(ended.status).toBe(200);
    expect(ended.body.contract.status).toBe('completed');
    expect(ended.body.milestones.map((x) => x.status)).toEqual(['released', 'cancelled']);
    expect((await end()).status).toBe(200);
    const project = await h.db.kysely.selectFrom('projects').select('status').where('id', '=', ended.body.contract.projectId).executeTakeFirstOrThrow();
    expect(project.status).toBe('completed');
    expect((await call('POST', `/api/Contracts/${contractId}/Milestones`, client, { body })).body.message).toBe(M.contractNotActive);
    expect((await fund(extra)).status).toBe(409);
  });

  it("the project's Complete ends its contract: refused while a milestone holds money, then completes both", async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [100_000, 50_000]);
    const [m] = milestoneIds as [number, number];
    const projectId = (await workspace(contractId)).contract.projectId;
    const complete = () => h.api<{ status: string; message?: string }>('POST', `/api/Projects/${projectId}/Complete`, { token: client.token });
    await funded(m, 100_000);
    const refused = await complete();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.moneyInEscrow);
    expect((await workspace(contractId)).contract.status).toBe('active');
    expect(await statusOf(contractId, milestoneIds[1]!)).toBe('pending');
    expect((await submit(m)).status).toBe(200);
    expect((await approve(m)).status).toBe(200);
    const done = await complete();
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    const after = await workspace(contractId);
    expect(after.contract.status).toBe('completed');
    expect(after.milestones.map((x) => x.status)).toEqual(['released', 'cancelled']);
    expect((await complete()).status).toBe(409);
  });

  it('pays out only to a payout account the provider has said is ready', async () => {
    const grace = await member(h, { firstName: 'Grace' });
    const account = async () => (await call<PayoutAccount>('GET', '/api/Payments/PayoutAccount', grace, { key: null })).body;
    const withdraw = () => call<Withdrawal>('POST', '/api/Payments/Withdrawals', grace, { body: { amountCents: 1_000 } });
    const { milestoneIds } = await hiredContract(h, client, grace, [20_000]);
    await funded(milestoneIds[0]!, 20_000);
    await submit(milestoneIds[0]!, grace);
    await approve(milestoneIds[0]!);

    expect(await account()).toEqual({ status: 'none', label: null, updatedAt: null, holdUntil: null });
    // Money leaving and payout changes ask the member to confirm it is them first (server/test/accountSecurity.test.ts).
    await stepUp(h, grace);
    const none = await withdraw();
    expect([none.status, none.body.message]).toEqual([409, M.payoutAccountNeeded]);

    const link = await call<{ url: string }>('POST', '/api/Payments/PayoutAccount/Link', grace, { key: null });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^http:\/\/provider\.test\/connect\/acct_/);
    const asked = provider.accountLinks.at(-1)!;
    expect(asked).toMatchObject({ userId: grace.id, email: grace.email, accountId: null, returnUrl: 'http://site.test/profile/payment?payoutAccount=return' });
    expect(asked.refreshUrl).toBe('http://site.test/profile/payment?payoutAccount=refresh');
    expect((await account()).status).toBe('pending');
    const pending = await withdraw();
    expect([pending.status, pending.body.message]).toEqual([409, M.payoutAccountPending]);

    // A second link finishes the same account; the browser's return changes nothing, the provider's event does.
    await call('POST', '/api/Payments/PayoutAccount/Link', grace, { key: null });
    expect(provider.accountLinks.at(-1)!.accountId).toBe(`acct_${grace.id}`);
    expect((await deliver(h, { id: eventId(), type: 'payout-account.updated', accountId: `acct_${grace.id}`, ready: true, label: 'Test Bank •••• 6789' })).status).toBe(200);
    expect(await account()).toMatchObject({ status: 'ready', label: 'Test Bank •••• 6789' });
    expect((await withdraw()).status).toBe(201);
    expect(provider.payouts.size).toBeGreaterThan(0);

    // The provider can take it back (documents missing); events about unknown accounts are acknowledged and ignored.
    await deliver(h, { id: eventId(), type: 'payout-account.updated', accountId: `acct_${grace.id}`, ready: false, label: 'Test Bank •••• 6789' });
    expect((await account()).status).toBe('pending');
    expect((await deliver(h, { id: eventId(), type: 'payout-account.updated', accountId: 'acct_nobody', ready: true, label: null })).status).toBe(200);
    expect((await deliver(h, { id: eventId(), type: 'payout-account.updated', accountId: `acct_${grace.id}`, label: null })).status).toBe(400);

    provider.down.account = true;
    try {
      const down = await call('POST', '/api/Payments/PayoutAccount/Link', grace, { key: null });
      expect([down.status, down.body.message]).toEqual([502, M.providerUnavailable]);
    } finally {
      provider.down.account = false;
    }
    expect((await call('GET', '/api/Payments/PayoutAccount', null, { key: null })).status).toBe(401);
    expect((await call('POST', '/api/Payments/PayoutAccount/Link', null, { key: null })).status).toBe(401);
  });

  it('pays out at most the available balance, once per key, and returns a failed payout', async () => {
    const fresh = await member(h, { firstName: 'Rosalind' });
    const withdraw = (amountCents: number, key?: string) => call<Withdrawal>('POST', '/api/Payments/Withdrawals', fresh, { body: { amountCents }, key });
    await connectPayoutAccount(h, fresh);
    const nothing = await withdraw(100);
    expect([nothing.status, nothing.body.details]).toEqual([400, [{ field: 'amountCents', message: M.nothingToWithdraw }]]);
    const { milestoneIds } = await hiredContract(h, client, fresh, [100_000]);
    await funded(milestoneIds[0]!, 100_000);
    expect((await submit(milestoneIds[0]!, fresh)).status).toBe(200);
    expect((await approve(milestoneIds[0]!)).status).toBe(200);

    const tooMuch = await withdraw(90_001);
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, withdrawalTooLargeMessage(90_000)]);
    const key = newKey();
    const first = await withdraw(60_000, key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amountCents: 60_000, status: 'requested' });
    expect(provider.payouts.get(`payout:${first.body.id}`)).toMatchObject({ destination: `acct_${fresh.id}`, amountCents: 60_000 });
    expect((await withdraw(60_000, key)).body.id).toBe(first.body.id);
    expect((await withdraw(10_000, key)).status).toBe(409);
    expect((await call<Balance>('GET', '/api/Payments/Balance', fresh, { key: null })).body).toEqual({ availableCents: 30_000, inEscrowCents: 0, paidOutCents: 60_000 });
    // Concurrent withdrawals of the rest: the ledger lets one through.
    const race = await Promise.all([withdraw(30_000), withdraw(30_000), withdraw(30_000)]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 400, 400]);

    expect((await deliver(h, { id: eventId(), type: 'payout.paid', withdrawalId: first.body.id, payoutId: `po_${first.body.id}`, amountCents: 60_000 })).status).toBe(200);
    const second = race.find((r) => r.status === 201)!.body;
    const failure = { id: eventId(), type: 'payout.failed', withdrawalId: second.id, payoutId: `po_${second.id}`, reason: 'Account closed.' };
    await deliver(h, failure);
    await deliver(h, { ...failure, id: eventId() });
    const list = (await call<WithdrawalList>('GET', '/api/Payments/Withdrawals', fresh, { key: null })).body.results;
    expect(list.map((w) => [w.id, w.status, w.failureReason])).toEqual([
      [second.id, 'failed', 'Account closed.'],
      [first.body.id, 'paid', null],
    ]);
    expect((await call<Balance>('GET', '/api/Payments/Balance', fresh, { key: null })).body).toEqual({ availableCents: 30_000, inEscrowCents: 0, paidOutCents: 60_000 });
    const statement = (await call<Statement>('GET', '/api/Payments/Statement', fresh, { key: null })).body.lines.filter((l) => l.account === 'available');
    expect(statement.map((l) => [l.kind, l.amountCents, l.balanceCents])).toEqual([
      ['payout-reversal', 30_000, 30_000],
      ['withdrawal', -30_000, 0],
      ['withdrawal', -60_000, 30_000],
      ['release', 90_000, 90_000],
    ]);
  });
});

describe('escrow without a payment configuration', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp();
  });
  afterAll(() => h.close());

  it('answers 503 with a clear message', async () => {
    const someone = await member(h);
    const call = caller(h);
    for (const [method, url] of [
      ['POST', '/api/Milestones/1/Fund'],
      ['POST', '/api/Milestones/1/Approve'],
      ['GET', '/api/Contracts/1/Workspace'],
      ['GET', '/api/Payments/Balance'],
      ['POST', '/api/Payments/Webhook'],
    ] as const) {
      const res = await call(method, url, someone);
      expect([url, res.status, res.body.message]).toEqual([url, 503, M.notConfigured]);
    }
  });
});
