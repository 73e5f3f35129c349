// Random sequences of everything that moves escrow money, against a model of the milestones, payments and
// withdrawals: after every step the API agrees with the model and the ledger's invariants hold
// (docs/decisions/0012-escrow-ledger.md).
import fc from 'fast-check';
import type { FundResponse, MilestoneStatus, PaymentStatus, WithdrawalStatus } from '@sciexperts/shared/contracts';
import { runAdmin } from '../src/modules/payments/admin';
import { ACCOUNTS, balance } from '../src/modules/payments/ledger';
import { releaseDueMilestones } from '../src/modules/payments/repository';
import { resolveDisputeAsOperator } from '../src/modules/admin/disputes';
import { createOperator, type OperatorIdentity } from '../src/modules/admin/operators';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, connectPayoutAccount, deliver, eventId, hiredContract, ledgerProblems, newKey, paid, type Member } from './paymentsFixtures';

const OPS = [
  ['fund', 4],
  ['paid', 4],
  ['failed', 1],
  ['redeliver', 2],
  ['submit', 3],
  ['changes', 1],
  ['approve', 2],
  ['refund', 2],
  ['dispute', 2],
  ['resolve', 1],
  ['split', 2],
  ['refund-confirmed', 1],
  ['withdraw', 2],
  ['payout', 1],
  ['auto-release', 1],
  ['repeat', 3],
  ['intruder', 1],
] as const;
type Op = (typeof OPS)[number][0];

const command = fc.record({
  op: fc.oneof(...OPS.map(([op, weight]) => ({ arbitrary: fc.constant<Op>(op), weight }))),
  target: fc.nat(50),
  pick: fc.nat(3),
  outcome: fc.constantFrom('release' as const, 'refund' as const),
  paidOk: fc.boolean(),
});

interface ModelMilestone {
  id: number;
  contract: ContractSide;
  amount: number;
  status: MilestoneStatus;
  paymentId: number | null;
}
interface ModelPayment {
  id: number;
  milestone: ModelMilestone;
  status: PaymentStatus;
  refundBooked: boolean;
}
interface ModelWithdrawal {
  id: number;
  expert: Member;
  amount: number;
  status: WithdrawalStatus;
}
interface ContractSide {
  id: number;
  client: Member;
  expert: Member;
}

const HELD: MilestoneStatus[] = ['funded', 'submitted', 'disputed'];

describe.each([
  ['sqlite', 40, 30],
  ['postgres', 15, 20],
] as const)('escrow under random sequences over %s', (dialect, runs, steps) => {
  let h: Harness;
  let provider: FakeProvider;
  let contracts: ContractSide[];
  let experts: Member[];
  /** Two operators of the console, who may press at the same moment. */
  let operators: OperatorIdentity[];

  beforeAll(async () => {
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider });
    const [olive, ada, rosalind] = [await member(h), await member(h), await member(h)];
    // Ada is the expert of one contract and the client of the other.
    const a = await hiredContract(h, olive, ada, [100]);
    const b = await hiredContract(h, ada, rosalind, [100]);
    contracts = [
      { id: a.contractId, client: olive, expert: ada },
      { id: b.contractId, client: ada, expert: rosalind },
    ];
    experts = [ada, rosalind];
    for (const expert of experts) await connectPayoutAccount(h, expert);
    operators = [];
    for (const email of ['lead@ops.test', 'finance@ops.test']) {
      const made = await createOperator(h.db, h.app.ctx.hasher, email, 'operator', new Date());
      if (made === 'exists') throw new Error('operator exists');
      operators.push({ id: made.operator.id, email, role: 'operator', sessionId: 'test', sessionCreatedAt: new Date().toISOString(), passwordChangeRequired: false });
    }
  });
  afterAll(() => h?.close());

  it('keeps every invariant of the ledger and agrees with the model', async () => {
    const call = caller(h);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 4, maxLength: 4 }), fc.array(command, { minLength: 10, maxLength: steps, size: 'max' }), async (amounts, commands) => {
        // Fresh pending milestones on the two contracts, as hire or Accept would leave them.
        const milestones: ModelMilestone[] = [];
        for (const [i, amount] of amounts.entries()) {
          const contract = contracts[i % 2]!;
          const row = await h.db.kysely
            .insertInto('contractMilestones')
            .values({ contractId: contract.id, position: 100 + i, title: `Random ${i}`, amountCents: amount, dueDate: '2099-01-01', status: 'pending' })
            .returning('id')
            .executeTakeFirstOrThrow();
          milestones.push({ id: row.id, contract, amount, status: 'pending', paymentId: null });
        }
        const payments: ModelPayment[] = [];
        const withdrawals: ModelWithdrawal[] = [];
        const delivered: Array<Record<string, unknown>> = [];
        let last: { again: () => Promise<number>; status: number } | null = null;

        const pickOf = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);
        const transactionCount = async () => Number((await h.db.kysely.selectFrom('ledgerTransactions').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
        /** A keyed call of a member, remembered so that 'repeat' can send it again with the same key. */
        const keyed = async (method: string, url: string, who: Member, body?: unknown) => {
          const key = newKey();
          const send = async () => (await call<FundResponse>(method, url, who, { key, ...(body === undefined ? {} : { body }) })).status;
          const res = await call<FundResponse & { id?: number }>(method, url, who, { key, ...(body === undefined ? {} : { body }) });
          last = { again: send, status: res.status };
          return res;
        };
        const transition = async (m: ModelMilestone, path: string, who: Member, from: MilestoneStatus[], to: MilestoneStatus, note = false) => {
          const res = await keyed('POST', `/api/Milestones/${m.id}/${path}`, who, note ? { note: 'A note.' } : undefined);
          if (from.includes(m.status)) {
            expect([path, res.status]).toEqual([path, 200]);
            m.status = to;
          } else expect([path, res.status]).toEqual([path, 409]);
          return res;
        };
        const bookRefundOf = (m: ModelMilestone) => {
          const p = payments.find((x) => x.id === m.paymentId)!;
          p.refundBooked = true;
        };

        for (const c of commands) {
          const m = milestones[c.target % milestones.length]!;
          const p = pickOf(payments, c.target);
          last = c.op === 'repeat' ? last : null;
          switch (c.op) {
            case 'fund': {
              const res = await keyed('POST', `/api/Milestones/${m.id}/Fund`, m.contract.client);
              if (m.status === 'pending') {
                expect(res.status).toBe(200);
                payments.push({ id: res.body.paymentId, milestone: m, status: 'pending', refundBooked: false });
              } else expect(res.status).toBe(409);
              break;
            }
            case 'paid':
            case 'failed': {
              if (!p) break;
              const event =
                c.op === 'paid' ? paid(p.id, p.milestone.amount) : { id: eventId(), type: 'checkout.failed', paymentId: p.id, sessionId: 'cs', reason: 'Card declined.' };
              expect((await deliver(h, event)).body).toEqual({ received: true, duplicate: false });
              delivered.push(event);
              if (c.op === 'failed') {
                if (p.status === 'pending') p.status = 'failed';
              } else if (p.status === 'pending' || p.status === 'failed') {
                p.status = 'succeeded';
                if (p.milestone.status === 'pending') {
                  p.milestone.status = 'funded';
                  p.milestone.paymentId = p.id;
                } else p.refundBooked = true;
              }
              break;
            }
            case 'redeliver': {
              const event = pickOf(delivered, c.target);
              if (event) expect((await deliver(h, event)).body).toEqual({ received: true, duplicate: true });
              break;
            }
            case 'refund-confirmed': {
              if (!p) break;
              const event = { id: eventId(), type: 'refund.succeeded', paymentId: p.id, refundId: `re_${p.id}`, amountCents: p.milestone.amount };
              await deliver(h, event);
              delivered.push(event);
              if (p.status !== 'succeeded') break;
              p.status = 'refunded';
              // Refunded at the provider without us: the milestone it funded is refunded if it still holds the money.
              if (!p.refundBooked && p.milestone.paymentId === p.id && HELD.includes(p.milestone.status)) {
                p.milestone.status = 'refunded';
                p.refundBooked = true;
              }
              break;
            }
            case 'submit':
              await transition(m, 'Submit', m.contract.expert, ['funded'], 'submitted', true);
              break;
            case 'changes':
              await transition(m, 'RequestChanges', m.contract.client, ['submitted'], 'funded', true);
              break;
            case 'approve':
              await transition(m, 'Approve', m.contract.client, ['submitted'], 'released');
              break;
            case 'refund': {
              const wasFunded = m.status === 'funded';
              await transition(m, 'Refund', m.contract.client, ['funded'], 'refunded');
              if (wasFunded) bookRefundOf(m);
              break;
            }
            case 'dispute':
              await transition(m, 'Dispute', m.contract.client, ['submitted'], 'disputed', true);
              break;
            case 'resolve': {
              const code = await runAdmin(['resolve', String(m.id), c.outcome], { db: h.db, payments: PAYMENTS_CONFIG, provider, out: () => undefined });
              if (m.status === 'disputed') {
                expect(code).toBe(0);
                m.status = c.outcome === 'release' ? 'released' : 'refunded';
                if (c.outcome === 'refund') bookRefundOf(m);
              } else expect(code).toBe(1);
              break;
            }
            case 'split': {
              // An operator splits a dispute (part to the expert, the rest back to the client); sometimes two press at
              // once. Mostly one that is disputed (the queue shows those), sometimes any (a stale or wrong action).
              const m = c.pick === 0 ? milestones[c.target % milestones.length]! : (pickOf(milestones.filter((x) => x.status === 'disputed'), c.target) ?? milestones[c.target % milestones.length]!);
              const expertCents = [1, m.amount - 1, Math.floor(m.amount / 2), Math.floor(m.amount * 0.6)][c.pick]!;
              const input = { milestoneId: m.id, outcome: 'split' as const, expertCents, reason: 'Half delivered.', address: '127.0.0.1' };
              const racers = c.paidOk ? operators : operators.slice(0, 1);
              const results = await Promise.all(racers.map((operator) => resolveDisputeAsOperator(h.db, { ...input, operator }, PAYMENTS_CONFIG, new Date())));
              const kinds = results.map((r) => r.kind).sort();
              if (m.status === 'disputed' && expertCents >= 1 && expertCents < m.amount) {
                expect(kinds).toEqual(racers.length === 2 ? ['resolved', 'stale'] : ['resolved']);
                m.status = 'split';
                bookRefundOf(m);
              } else expect(kinds.every((k) => k !== 'resolved')).toBe(true);
              break;
            }
            case 'auto-release':
              await releaseDueMilestones(h.db, new Date(Date.now() + 15 * 86_400_000), PAYMENTS_CONFIG);
              for (const x of milestones) if (x.status === 'submitted') x.status = 'released';
              break;
            case 'withdraw': {
              const expert = experts[c.target % experts.length]!;
              const available = await balance(h.db, ACCOUNTS.available(expert.id));
              const amount = [1, available, available + 1, Math.floor(available / 2)][c.pick]!;
              if (amount < 1) break;
              const res = await keyed('POST', '/api/Payments/Withdrawals', expert, { amountCents: amount });
              if (amount <= available) {
                expect(res.status).toBe(201);
                withdrawals.push({ id: res.body.id!, expert, amount, status: 'requested' });
              } else expect(res.status).toBe(400);
              break;
            }
            case 'payout': {
              const w = pickOf(withdrawals, c.target);
              if (!w) break;
              const event = c.paidOk
                ? { id: eventId(), type: 'payout.paid', withdrawalId: w.id, payoutId: `po_${w.id}`, amountCents: w.amount }
                : { id: eventId(), type: 'payout.failed', withdrawalId: w.id, payoutId: `po_${w.id}`, reason: 'Account closed.' };
              await deliver(h, event);
              delivered.push(event);
              if (c.paidOk && w.status === 'requested') w.status = 'paid';
              if (!c.paidOk && w.status !== 'failed') w.status = 'failed';
              break;
            }
            case 'repeat': {
              if (!last) break;
              const before = await transactionCount();
              const previous: { again: () => Promise<number>; status: number } = last;
              expect(await previous.again()).toBe(previous.status);
              expect(await transactionCount()).toBe(before);
              break;
            }
            case 'intruder': {
              // The other party attempts the client's or the expert's action.
              const res = await call('POST', `/api/Milestones/${m.id}/${c.pick % 2 ? 'Approve' : 'Submit'}`, c.pick % 2 ? m.contract.expert : m.contract.client, {
                body: c.pick % 2 ? undefined : { note: 'Not mine to do.' },
              });
              expect(res.status).toBe(403);
              break;
            }
          }

          expect(await ledgerProblems(h.db)).toEqual([]);
          const rows = await h.db.kysely.selectFrom('contractMilestones').select(['id', 'status']).where('id', 'in', milestones.map((x) => x.id)).orderBy('id').execute();
          expect(rows.map((r) => [r.id, r.status])).toEqual(milestones.map((x) => [x.id, x.status]));
          if (payments.length) {
            const stored = await h.db.kysely.selectFrom('payments').select(['id', 'status']).where('id', 'in', payments.map((x) => x.id)).orderBy('id').execute();
            expect(stored.map((r) => [r.id, r.status])).toEqual([...payments].sort((x, y) => x.id - y.id).map((x) => [x.id, x.status]));
            const owed = await h.db.kysely.selectFrom('payments').select('id').where('id', 'in', payments.map((x) => x.id)).where('refundBookedAt', 'is not', null).orderBy('id').execute();
            expect(owed.map((r) => r.id)).toEqual(payments.filter((x) => x.refundBooked).map((x) => x.id).sort((x, y) => x - y));
          }
          if (withdrawals.length) {
            const stored = await h.db.kysely.selectFrom('withdrawals').select(['id', 'status']).where('id', 'in', withdrawals.map((x) => x.id)).orderBy('id').execute();
            expect(stored.map((r) => [r.id, r.status])).toEqual([...withdrawals].sort((x, y) => x.id - y.id).map((x) => [x.id, x.status]));
          }
        }
      }),
      { numRuns: runs },
    );
  }, 60_000);
});
