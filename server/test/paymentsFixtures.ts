// Shared by the payments suites: a fake provider that signs and verifies webhooks like the local stand-in
// (signature.ts with a test secret), a hired contract in a few calls, and the ledger's invariants as queries.
import type { Contract, Workspace } from '@sciexperts/shared/contracts';
import type { PaymentsConfig } from '../src/config';
import type { Db } from '../src/db/connect';
import {
  ProviderCallFailed,
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type PayoutAccountLink,
  type PayoutAccountLinkRequest,
  type PayoutRequest,
  type ProviderCard,
  type ProviderEvent,
  type ProviderRecord,
  type RefundRequest,
} from '../src/modules/payments/provider';
import { SIGNATURE_HEADER, checkSignature, signPayload } from '../src/modules/payments/signature';
import type { Harness, member } from './helpers';
import { fixedProposal, future, projectBody } from './projectsFixtures';

export type Member = Awaited<ReturnType<typeof member>>;

export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

export const PAYMENTS_CONFIG: PaymentsConfig = {
  provider: 'local',
  standInUrl: 'http://127.0.0.1:9',
  secretKey: 'sk_test',
  webhookSecret: WEBHOOK_SECRET,
  feeBasisPoints: 1000,
  autoReleaseDays: 14,
};

const EVENT_TYPES = ['checkout.succeeded', 'checkout.failed', 'refund.succeeded', 'payout.paid', 'payout.failed', 'payout-account.updated'];

/** Records every call; the same idempotency key gets the same answer, as a real provider does. */
export class FakeProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly checkouts = new Map<string, CheckoutRequest & CheckoutSession>();
  readonly refunds = new Map<string, RefundRequest & { refundId: string }>();
  readonly payouts = new Map<string, PayoutRequest & { payoutId: string }>();
  /** Calls made, repeats included. */
  readonly calls = { checkout: 0, refund: 0, payout: 0, account: 0 };
  /** Set to make the next calls fail as an unreachable provider would. */
  readonly down = { checkout: false, refund: false, payout: false, account: false };
  readonly accountLinks: PayoutAccountLinkRequest[] = [];
  /** Customers by id, with the cards the provider keeps on each (tests add cards as a saving checkout would). */
  readonly customers = new Map<string, { userId: number; email: string; cards: ProviderCard[] }>();
  readonly detached: Array<{ customerId: string; cardId: string }> = [];
  /** Set to make the saved-card calls fail as an unreachable provider would. */
  cardsDown = false;

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.calls.checkout += 1;
    if (this.down.checkout) throw new Error('provider unreachable');
    const known = this.checkouts.get(request.idempotencyKey);
    if (known) return { sessionId: known.sessionId, url: known.url };
    const sessionId = `cs_${request.paymentId}_${this.checkouts.size + 1}`;
    this.checkouts.set(request.idempotencyKey, { ...request, sessionId, url: `http://provider.test/checkout/${sessionId}` });
    return { sessionId, url: `http://provider.test/checkout/${sessionId}` };
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    this.calls.refund += 1;
    if (this.down.refund) throw new Error('provider unreachable');
    const known = this.refunds.get(request.idempotencyKey) ?? { ...request, refundId: `re_${request.paymentId}` };
    this.refunds.set(request.idempotencyKey, known);
    return { refundId: known.refundId };
  }

  async payout(request: PayoutRequest): Promise<{ payoutId: string }> {
    this.calls.payout += 1;
    if (this.down.payout) throw new Error('provider unreachable');
    const known = this.payouts.get(request.idempotencyKey) ?? { ...request, payoutId: `po_${request.withdrawalId}` };
    this.payouts.set(request.idempotencyKey, known);
    return { payoutId: known.payoutId };
  }

  async linkPayoutAccount(request: PayoutAccountLinkRequest): Promise<PayoutAccountLink> {
    this.calls.account += 1;
    if (this.down.account) throw new Error('provider unreachable');
    this.accountLinks.push(request);
    const accountId = request.accountId ?? `acct_${request.userId}`;
    return { accountId, url: `http://provider.test/connect/${accountId}/${this.accountLinks.length}` };
  }

  async createCustomer(request: { userId: number; email: string }): Promise<{ customerId: string }> {
    if (this.cardsDown) throw new Error('provider unreachable');
    const customerId = `cus_${request.userId}`;
    if (!this.customers.has(customerId)) this.customers.set(customerId, { ...request, cards: [] });
    return { customerId };
  }

  /** What the provider records, for the reconciliation report (tests write it); `recordsDown` makes the listing fail. */
  records: ProviderRecord[] = [];
  recordsDown = false;

  async listRecords(): Promise<ProviderRecord[]> {
    if (this.recordsDown) throw new ProviderCallFailed('provider unreachable', null);
    return [...this.records];
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    if (this.cardsDown) throw new Error('provider unreachable');
    return [...(this.customers.get(customerId)?.cards ?? [])];
  }

  async detachCard(customerId: string, cardId: string): Promise<void> {
    if (this.cardsDown) throw new Error('provider unreachable');
    const customer = this.customers.get(customerId);
    if (customer) customer.cards = customer.cards.filter((c) => c.id !== cardId);
    this.detached.push({ customerId, cardId });
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent | null {
    const header = headers[SIGNATURE_HEADER];
    const check = checkSignature(WEBHOOK_SECRET, rawBody, Array.isArray(header) ? header[0] : header, now);
    if (!check.ok) throw new WebhookRejected(check.reason);
    const event = JSON.parse(rawBody.toString('utf8')) as { type?: string };
    return EVENT_TYPES.includes(event.type ?? '') ? (event as ProviderEvent) : null;
  }
}

let eventCounter = 0;
export const eventId = () => `evt_${Date.now()}_${(eventCounter += 1)}`;

/** Signs and posts one provider event, as the provider would (or, with options, as an attacker or a late replay). */
export async function deliver(h: Harness, event: Record<string, unknown>, opts: { at?: Date; secret?: string; signature?: string | null; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(event);
  const signature = opts.signature !== undefined ? opts.signature : signPayload(opts.secret ?? WEBHOOK_SECRET, raw, opts.at ?? h.app.ctx.clock());
  return h.api<{ received: boolean; duplicate: boolean; message?: string }>('POST', '/api/Payments/Webhook', {
    raw,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
  });
}

/** The provider confirms payment `paymentId` of `amountCents`. */
export const paid = (paymentId: number, amountCents: number, id = eventId()) => ({
  id,
  type: 'checkout.succeeded',
  paymentId,
  sessionId: `cs_${paymentId}`,
  chargeId: `ch_${paymentId}`,
  amountCents,
});

let keyCounter = 0;
export const newKey = () => `key-${Date.now()}-${(keyCounter += 1)}`;

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

/** A member's calls with an Idempotency-Key (a fresh one unless given). */
export function caller(h: Harness) {
  return async <T = Workspace>(method: string, url: string, who: Member | null, opts: { body?: unknown; key?: string | null } = {}) => {
    const key = opts.key === undefined ? newKey() : opts.key;
    return h.api<T & Body>(method, url, {
      token: who?.token ?? null,
      ...(opts.body === undefined ? {} : { body: opts.body }),
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  };
}

/** A project of `client`, a fixed-price proposal of `expert` with these milestones, and the hire. */
export async function hiredContract(h: Harness, client: Member, expert: Member, amounts: number[] = [100_000, 200_000]): Promise<{ contractId: number; milestoneIds: number[] }> {
  const project = await h.api<{ id: number }>('POST', '/api/Projects', { token: client.token, body: projectBody() });
  if (project.status !== 201) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);
  await h.api('POST', `/api/Projects/${project.body.id}/Publish`, { token: client.token });
  // Due dates from the app's clock: the server checks them against it, and a test may have moved it on.
  const today = h.app.ctx.clock().getTime();
  const milestones = amounts.map((amountCents, i) => ({ title: `Milestone ${i + 1}`, amountCents, dueDate: future(10 + i, today) }));
  const proposal = await h.api<{ id: number }>('POST', `/api/Projects/${project.body.id}/Proposals`, {
    token: expert.token,
    body: fixedProposal({ priceCents: amounts.reduce((a, b) => a + b, 0), milestones }),
  });
  if (proposal.status !== 201) throw new Error(`proposal: ${proposal.status} ${JSON.stringify(proposal.body)}`);
  const hired = await h.api<Contract>('POST', `/api/Proposals/${proposal.body.id}/Hire`, { token: client.token });
  if (hired.status !== 200) throw new Error(`hire: ${hired.status} ${JSON.stringify(hired.body)}`);
  return { contractId: hired.body.id, milestoneIds: hired.body.milestones.map((m) => m.id) };
}

/** The member connects a payout account at the provider, and the provider says it is ready (or not). */
export async function connectPayoutAccount(h: Harness, who: Member, ready = true): Promise<string> {
  // Connecting a payout account asks the member to confirm it is them (a step-up; with neither passkey nor second factor, the password).
  await stepUp(h, who);
  const link = await h.api<{ url: string }>('POST', '/api/Payments/PayoutAccount/Link', { token: who.token });
  if (link.status !== 200) throw new Error(`payout account link: ${link.status} ${JSON.stringify(link.body)}`);
  const accountId = `acct_${who.id}`;
  const answer = await deliver(h, { id: eventId(), type: 'payout-account.updated', accountId, ready, label: ready ? 'Test Bank •••• 6789' : null });
  if (answer.status !== 200) throw new Error(`payout account event: ${answer.status}`);
  return accountId;
}

/** The member confirms it is them (good for 5 minutes on that session): money leaving and payout changes ask for it. */
export async function stepUp(h: Harness, who: Member): Promise<void> {
  const answer = await h.api('POST', '/api/Account/StepUp', { token: who.token, body: { method: 'password', password: who.password } });
  if (answer.status !== 200) throw new Error(`step-up: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Every broken invariant of the ledger, as sentences (empty when all hold). */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const k = db.kysely;
  const problems: string[] = [];
  const unbalanced = await k
    .selectFrom('ledgerEntries')
    .select((eb) => ['transactionId', eb.fn.sum<number | string>('amountCents').as('total')])
    .groupBy('transactionId')
    .execute();
  for (const t of unbalanced) if (Number(t.total) !== 0) problems.push(`transaction ${t.transactionId} sums to ${t.total}`);
  const accounts = await k
    .selectFrom('ledgerEntries')
    .select((eb) => ['account', eb.fn.sum<number | string>('amountCents').as('total')])
    .groupBy('account')
    .execute();
  const balanceOf = new Map(accounts.map((a) => [a.account, Number(a.total)]));
  for (const [account, total] of balanceOf) {
    if ((account.startsWith('escrow:') || account.endsWith(':available') || account === 'platform:fees') && total < 0) problems.push(`${account} is ${total}`);
  }
  const all = [...balanceOf.values()].reduce((a, b) => a + b, 0);
  if (all !== 0) problems.push(`all accounts sum to ${all}`);
  const contracts = await k.selectFrom('contracts').select('id').execute();
  const held = await k.selectFrom('contractMilestones').select(['contractId', 'amountCents']).where('status', 'in', ['funded', 'submitted', 'disputed']).execute();
  for (const { id } of contracts) {
    const expected = held.filter((m) => m.contractId === id).reduce((a, m) => a + m.amountCents, 0);
    const actual = balanceOf.get(`escrow:contract:${id}`) ?? 0;
    if (expected !== actual) problems.push(`escrow of contract ${id} is ${actual}, its held milestones ${expected}`);
  }
  // Nothing credited twice: one funding per payment, one release per milestone, one refund per payment.
  const keys = await k.selectFrom('ledgerTransactions').select(['kind', 'milestoneId', 'idempotencyKey']).execute();
  const releases = keys.filter((t) => t.kind === 'release' || t.kind === 'auto-release');
  if (new Set(releases.map((t) => t.milestoneId)).size !== releases.length) problems.push('a milestone was released twice');
  // A split dispute releases the expert's part: one release transaction too.
  const released = await k.selectFrom('contractMilestones').select('id').where('status', 'in', ['released', 'split']).execute();
  if (released.length !== releases.length) problems.push(`${released.length} milestones released, ${releases.length} release transactions`);
  const funded = await k.selectFrom('payments').select(['id', 'amountCents']).where('status', 'in', ['succeeded', 'refunded']).execute();
  const fundings = keys.filter((t) => t.kind === 'funding');
  if (fundings.length !== funded.length) problems.push(`${funded.length} payments taken, ${fundings.length} funding transactions`);
  const fees = await k.selectFrom('contractMilestones').select('amountCents').where('status', '=', 'released').execute();
  // A split's fee is taken on the expert's part only.
  const splits = await k.selectFrom('disputeResolutions').select('expertCents').where('outcome', '=', 'split').execute();
  const expectedFees = [...fees.map((m) => m.amountCents), ...splits.map((s) => s.expertCents)].reduce((a, cents) => a + Math.floor((cents * PAYMENTS_CONFIG.feeBasisPoints) / 10_000), 0);
  if ((balanceOf.get('platform:fees') ?? 0) !== expectedFees) problems.push(`platform fees ${balanceOf.get('platform:fees') ?? 0}, expected ${expectedFees}`);
  return problems;
}
