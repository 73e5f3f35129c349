// The payments domain's writes (docs/decisions/0012-escrow-ledger.md). Every change of a milestone is one
// conditional UPDATE on its current status inside a database transaction that also writes its ledger entries and
// its timeline event: 0 rows changed means another request got there first, and nothing is written.
import { ESCROW_HELD_STATUSES, PAYMENT_LIMITS, platformFeeCents, type MilestoneEventKind, type MilestoneStatus, type ResolveOutcome } from '@sciexperts/shared/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/connect';
import type { ContractFilesTable, ContractMilestonesTable, ContractsTable, Database, MilestoneEventsTable, PaymentsTable, PayoutAccountsTable, WithdrawalsTable } from '../../db/schema';
import { ACCOUNTS, fundingKey, post } from './ledger';
import type { ProviderEvent } from './provider';
import { insertJob, jobsDb } from '../../jobs/store';
import type { JobQueue } from '../../jobs';
import { hasReleasedMilestone } from '../reviews/repository';
import { tellReviewsOpen } from '../reviews/notices';

/** The job each timeline event queues (its handler is in payments/jobs.ts). */
export const MILESTONE_EVENT_JOB = 'payments.milestone-event';
export interface MilestoneEventPayload {
  eventId: number;
}

export type MilestoneRow = Selectable<ContractMilestonesTable>;
export type ContractRecord = Selectable<ContractsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type EventRow = Selectable<MilestoneEventsTable>;

/** What a release needs from the configuration. */
export interface FeeSettings {
  feeBasisPoints: number;
}
export interface ReleaseSettings extends FeeSettings {
  autoReleaseDays: number;
}

const HELD = [...ESCROW_HELD_STATUSES];
const DAY_MS = 86_400_000;

export async function findContract(db: Db, id: number): Promise<ContractRecord | undefined> {
  return db.kysely.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMilestone(db: Db, id: number): Promise<{ milestone: MilestoneRow; contract: ContractRecord } | undefined> {
  const milestone = await db.kysely.selectFrom('contractMilestones').selectAll().where('id', '=', id).executeTakeFirst();
  const contract = milestone && (await findContract(db, milestone.contractId));
  return milestone && contract ? { milestone, contract } : undefined;
}

export async function eventByKey(db: Db, key: string): Promise<EventRow | undefined> {
  return db.kysely.selectFrom('milestoneEvents').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

export async function paymentByKey(db: Db, key: string): Promise<PaymentRow | undefined> {
  return db.kysely.selectFrom('payments').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

export async function withdrawalByKey(db: Db, key: string): Promise<WithdrawalRow | undefined> {
  return db.kysely.selectFrom('withdrawals').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

export async function findWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return db.kysely.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function withdrawalsOf(db: Db, expertId: number): Promise<WithdrawalRow[]> {
  return db.kysely.selectFrom('withdrawals').selectAll().where('expertId', '=', expertId).orderBy('id', 'desc').execute();
}

type Trx = Kysely<Database>;

/** Locks a row for the rest of the transaction on PostgreSQL; SQLite runs one write transaction at a time. */
function lockContract(trx: Trx, dialect: Dialect, id: number) {
  const q = trx.selectFrom('contracts').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

async function addEvent(
  trx: Trx,
  e: { milestoneId: number; contractId: number; actorId: number | null; kind: MilestoneEventKind; note?: string | null; idempotencyKey?: string | null; at: string },
): Promise<void> {
  const { id } = await trx
    .insertInto('milestoneEvents')
    .values({ milestoneId: e.milestoneId, contractId: e.contractId, actorId: e.actorId, kind: e.kind, note: e.note ?? null, idempotencyKey: e.idempotencyKey ?? null, createdAt: e.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The timeline is this domain's outbox: every event also queues the job that tells the parties about it, in the
  // same transaction, so they are told exactly when the change committed (payments/jobs.ts).
  const at = new Date(e.at);
  await insertJob(jobsDb(trx), { name: MILESTONE_EVENT_JOB, payload: { eventId: id } satisfies MilestoneEventPayload, runAt: at, singletonKey: null }, at);
}

// ---------------------------------------------------------------------------------------------------------------
// Ledger movements (always inside the transaction of the change they pay for)

/** Escrow → the expert's available balance less the fee, and the fee → the platform. Keyed by milestone: once, ever. */
async function bookRelease(
  trx: Trx,
  dialect: Dialect,
  m: MilestoneRow,
  contract: ContractRecord,
  kind: 'release' | 'auto-release',
  actorId: number | null,
  fees: FeeSettings,
  at: string,
  partCents = m.amountCents,
) {
  // A split releases only the expert's part, and the fee is taken on that part alone.
  const fee = platformFeeCents(partCents, fees.feeBasisPoints);
  await post(trx, dialect, {
    kind,
    idempotencyKey: `release:milestone:${m.id}`,
    contractId: contract.id,
    milestoneId: m.id,
    actorId,
    entries: [
      { account: ACCOUNTS.escrow(contract.id), amountCents: -partCents },
      { account: ACCOUNTS.available(contract.expertId), amountCents: partCents - fee },
      { account: ACCOUNTS.platformFees, amountCents: fee },
    ],
    createdAt: at,
  });
}

/**
 * Escrow → back to the provider, for one payment, and the payment marked as owed back (`refundBookedAt`), so the
 * provider is asked (now, or by retryProviderCalls) to return it. Keyed by payment: once, ever.
 */
async function bookRefund(trx: Trx, dialect: Dialect, payment: PaymentRow, actorId: number | null, at: string, partCents?: number) {
  // A split returns part of the payment: the provider is asked for that part (refundCents), the ledger books it.
  const amountCents = partCents ?? payment.amountCents;
  await trx
    .updateTable('payments')
    .set({ refundBookedAt: at, updatedAt: at, ...(partCents === undefined ? {} : { refundCents: partCents }) })
    .where('id', '=', payment.id)
    .where('refundBookedAt', 'is', null)
    .execute();
  await post(trx, dialect, {
    kind: 'refund',
    idempotencyKey: `refund:payment:${payment.id}`,
    contractId: payment.contractId,
    milestoneId: payment.milestoneId,
    actorId,
    entries: [
      { account: ACCOUNTS.escrow(payment.contractId), amountCents: -amountCents },
      { account: ACCOUNTS.providerCash, amountCents },
    ],
    createdAt: at,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Milestone transitions

export interface Move {
  milestoneId: number;
  from: readonly MilestoneStatus[];
  to: MilestoneStatus;
  event: { kind: MilestoneEventKind; actorId: number | null; note?: string | null; idempotencyKey: string | null };
  /** Columns changed with the status. */
  set?: Partial<Pick<MilestoneRow, 'submittedAt'>>;
  /** Only while it was submitted at or before this time (the auto-release). */
  submittedBefore?: string;
  /** The money this change moves, written in the same transaction. */
  money?: 'release' | 'auto-release' | 'refund' | 'split';
  /** A split: the part released to the expert (the rest of the milestone's amount is refunded to the client). */
  expertCents?: number;
  fees?: FeeSettings;
  at: string;
  /** More writes that belong to this change (the jobs it queues), in its transaction. */
  inTransaction?: (trx: Trx, milestone: MilestoneRow) => Promise<void>;
}

/**
 * One transition: the conditional UPDATE, its ledger posting and its timeline event, in one transaction.
 * Returns the milestone as changed (and the payment to return to the payer, for a refund), or undefined when the
 * milestone was not in a `from` state (nothing written). A unique violation (the member's key used for another
 * change at the same moment) rolls everything back and is thrown.
 */
export async function move(db: Db, m: Move): Promise<{ milestone: MilestoneRow; refundPaymentId: number | null } | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('contractMilestones')
      .set({ status: m.to, ...m.set })
      .where('id', '=', m.milestoneId)
      .where('status', 'in', [...m.from]);
    if (m.submittedBefore !== undefined) q = q.where('submittedAt', '<=', m.submittedBefore);
    const moved = await q.returningAll().executeTakeFirst();
    if (!moved) return undefined;
    const contract = await trx.selectFrom('contracts').selectAll().where('id', '=', moved.contractId).executeTakeFirstOrThrow();
    let refundPaymentId: number | null = null;
    if (m.money === 'release' || m.money === 'auto-release') {
      if (!m.fees) throw new Error('A release needs the fee settings.');
      await bookRelease(trx, db.dialect, moved, contract, m.money, m.event.actorId, m.fees, m.at);
    } else if (m.money === 'refund') {
      if (moved.paymentId === null) throw new Error(`Milestone ${moved.id} holds money but names no payment.`);
      const payment = await trx.selectFrom('payments').selectAll().where('id', '=', moved.paymentId).executeTakeFirstOrThrow();
      await bookRefund(trx, db.dialect, payment, m.event.actorId, m.at);
      refundPaymentId = payment.id;
    } else if (m.money === 'split') {
      const expertCents = m.expertCents;
      if (!m.fees || expertCents === undefined || !(expertCents > 0 && expertCents < moved.amountCents)) throw new Error('A split needs the fee settings and a part strictly inside the amount.');
      if (moved.paymentId === null) throw new Error(`Milestone ${moved.id} holds money but names no payment.`);
      const payment = await trx.selectFrom('payments').selectAll().where('id', '=', moved.paymentId).executeTakeFirstOrThrow();
      await bookRelease(trx, db.dialect, moved, contract, 'release', m.event.actorId, m.fees, m.at, expertCents);
      await bookRefund(trx, db.dialect, payment, m.event.actorId, m.at, moved.amountCents - expertCents);
      refundPaymentId = payment.id;
    }
    await addEvent(trx, { milestoneId: moved.id, contractId: moved.contractId, ...m.event, at: m.at });
    await m.inTransaction?.(trx, moved);
    return { milestone: moved, refundPaymentId };
  });
}

/**
 * Releases every submitted milestone the client left unanswered for `autoReleaseDays` (for the job queue). Safe to
 * run in several processes at once: each release is a conditional UPDATE (and its ledger key is per milestone), so
 * a milestone is released once. Returns the ids released by this call.
 */
export async function releaseDueMilestones(db: Db, now: Date, settings: ReleaseSettings): Promise<number[]> {
  const cutoff = new Date(now.getTime() - settings.autoReleaseDays * DAY_MS).toISOString();
  const due = await db.kysely.selectFrom('contractMilestones').select('id').where('status', '=', 'submitted').where('submittedAt', '<=', cutoff).orderBy('id').execute();
  const released: number[] = [];
  for (const { id } of due) {
    const done = await move(db, {
      milestoneId: id,
      from: ['submitted'],
      to: 'released',
      submittedBefore: cutoff,
      event: { kind: 'auto-released', actorId: null, idempotencyKey: `auto-release:${id}` },
      money: 'auto-release',
      fees: settings,
      at: now.toISOString(),
    });
    if (done) released.push(id);
  }
  return released;
}

/**
 * An operator settles a disputed milestone (the admin command): release it to the expert, or refund the client.
 * 'not-disputed' when it is not (or no longer) disputed.
 */
export async function resolveDispute(
  db: Db,
  milestoneId: number,
  outcome: ResolveOutcome,
  fees: FeeSettings,
  now: Date,
): Promise<{ milestone: MilestoneRow; refundPaymentId: number | null } | 'not-found' | 'not-disputed'> {
  const found = await findMilestone(db, milestoneId);
  if (!found) return 'not-found';
  const done = await move(db, {
    milestoneId,
    from: ['disputed'],
    to: outcome === 'release' ? 'released' : 'refunded',
    event: { kind: 'resolved', actorId: null, note: outcome, idempotencyKey: `resolve:${milestoneId}` },
    money: outcome === 'release' ? 'release' : 'refund',
    fees,
    at: now.toISOString(),
  });
  return done ?? 'not-disputed';
}

// ---------------------------------------------------------------------------------------------------------------
// Milestones added after hiring, and ending a contract

/** The client proposes one more milestone on an active contract ('proposed' until the expert accepts it). */
export async function addMilestone(
  db: Db,
  contractId: number,
  input: { title: string; amountCents: number; dueDate: string },
  actorId: number,
  key: string,
  now: Date,
): Promise<MilestoneRow | 'inactive' | 'full'> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const contract = await lockContract(trx, db.dialect, contractId);
    if (contract?.status !== 'active') return 'inactive';
    const { n, last } = await trx
      .selectFrom('contractMilestones')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('position').as('last')])
      .where('contractId', '=', contractId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PAYMENT_LIMITS.milestonesMax) return 'full';
    const milestone = await trx
      .insertInto('contractMilestones')
      .values({ contractId, position: Number(last ?? 0) + 1, title: input.title, amountCents: input.amountCents, dueDate: input.dueDate, status: 'proposed' })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addEvent(trx, { milestoneId: milestone.id, contractId, actorId, kind: 'added', idempotencyKey: key, at });
    return milestone;
  });
}

/**
 * The client ends the contract: refused while any milestone holds money (funded, submitted, disputed); milestones
 * never funded (pending, proposed) are cancelled; the contract (with its end time) and its project become
 * completed. 'already' when it had ended before (ending is naturally idempotent). When work was released, both
 * parties are asked for a review in the same transaction (docs/decisions/0015-reviews.md).
 */
export async function endContract(db: Db, jobs: JobQueue, contractId: number, actorId: number, now: Date): Promise<'ended' | 'already' | 'money-held'> {
  const at = now.toISOString();
  const HoldsMoney = class extends Error {};
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const contract = await lockContract(trx, db.dialect, contractId);
      if (!contract) throw new Error(`contract ${contractId} is missing`);
      if (contract.status !== 'active') return 'already';
      // Cancel first, count after: the UPDATE waits for a funding in flight, so the count then sees it funded.
      const cancelled = await trx
        .updateTable('contractMilestones')
        .set({ status: 'cancelled' })
        .where('contractId', '=', contractId)
        .where('status', 'in', ['pending', 'proposed'])
        .returning(['id'])
        .execute();
      const held = await trx.selectFrom('contractMilestones').select('id').where('contractId', '=', contractId).where('status', 'in', HELD).executeTakeFirst();
      if (held) throw new HoldsMoney();
      for (const { id } of cancelled) await addEvent(trx, { milestoneId: id, contractId, actorId, kind: 'cancelled', at });
      await trx.updateTable('contracts').set({ status: 'completed', endedAt: at }).where('id', '=', contractId).where('status', '=', 'active').execute();
      await trx.updateTable('projects').set({ status: 'completed', updatedAt: at }).where('id', '=', contract.projectId).where('status', '=', 'in-progress').execute();
      if (await hasReleasedMilestone(trx, contractId)) await tellReviewsOpen(trx, jobs, contractId, now);
      return 'ended';
    });
  } catch (err) {
    if (err instanceof HoldsMoney) return 'money-held';
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Funding

/** The payment row of a checkout, created once per member key (a repeat or a concurrent twin returns the same row). */
export async function createPayment(db: Db, m: MilestoneRow, payerId: number, key: string, now: Date): Promise<PaymentRow> {
  const at = now.toISOString();
  const inserted = await db.kysely
    .insertInto('payments')
    .values({ milestoneId: m.id, contractId: m.contractId, payerId, amountCents: m.amountCents, status: 'pending', idempotencyKey: key, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await db.kysely.selectFrom('payments').selectAll().where('idempotencyKey', '=', key).executeTakeFirstOrThrow());
}

export async function attachCheckout(db: Db, paymentId: number, session: { sessionId: string; url: string }, now: Date): Promise<PaymentRow> {
  await db.kysely
    .updateTable('payments')
    .set({ providerSessionId: session.sessionId, checkoutUrl: session.url, updatedAt: now.toISOString() })
    .where('id', '=', paymentId)
    .where('checkoutUrl', 'is', null)
    .execute();
  return db.kysely.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------------------------
// Provider events (the webhook)

export interface EventEffect {
  duplicate: boolean;
  /** A payment whose return the provider must now be asked for. */
  refundPaymentId: number | null;
  /** Something an operator must look at (logged by the route). */
  anomaly: string | null;
}

/**
 * Applies one verified provider event, exactly once: the event id is recorded in the same transaction as its
 * effect (a second delivery finds it and changes nothing), and every effect is itself a conditional UPDATE, so
 * events out of order or about the same payment under another id have no second effect.
 */
export async function applyEvent(db: Db, event: ProviderEvent, now: Date): Promise<EventEffect> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('webhookEvents')
      .values({ providerEventId: event.id, type: event.type, receivedAt: at })
      .onConflict((oc) => oc.column('providerEventId').doNothing())
      .returning('id')
      .executeTakeFirst();
    const effect: EventEffect = { duplicate: !fresh, refundPaymentId: null, anomaly: null };
    if (!fresh) return effect;
    switch (event.type) {
      case 'checkout.succeeded': {
        // Pending, or failed and then paid after all (events out of order): what the provider charged is what counts.
        const payment = await trx
          .updateTable('payments')
          .set({ status: 'succeeded', providerChargeId: event.chargeId, amountCents: event.amountCents, failureReason: null, updatedAt: at })
          .where('id', '=', event.paymentId)
          .where('status', 'in', ['pending', 'failed'])
          .returningAll()
          .executeTakeFirst();
        if (!payment) return effect;
        await post(trx, db.dialect, {
          kind: 'funding',
          idempotencyKey: fundingKey(payment.id),
          contractId: payment.contractId,
          milestoneId: payment.milestoneId,
          actorId: payment.payerId,
          entries: [
            { account: ACCOUNTS.providerCash, amountCents: -payment.amountCents },
            { account: ACCOUNTS.escrow(payment.contractId), amountCents: payment.amountCents },
          ],
          createdAt: at,
        });
        const funded = await trx
          .updateTable('contractMilestones')
          .set({ status: 'funded', paymentId: payment.id })
          .where('id', '=', payment.milestoneId)
          .where('status', '=', 'pending')
          .where('amountCents', '=', payment.amountCents)
          .returningAll()
          .executeTakeFirst();
        if (funded) {
          await addEvent(trx, { milestoneId: funded.id, contractId: funded.contractId, actorId: payment.payerId, kind: 'funded', at });
        } else {
          // Paid twice (two checkouts), paid after the contract ended, or a different amount: give it back.
          await bookRefund(trx, db.dialect, payment, null, at);
          effect.refundPaymentId = payment.id;
        }
        return effect;
      }
      case 'payout-account.updated': {
        // Unknown accounts (made for a member who since left, or not ours) are acknowledged and ignored.
        await trx
          .updateTable('payoutAccounts')
          .set({ status: event.ready ? 'ready' : 'pending', label: event.label?.slice(0, 200) ?? null, updatedAt: at })
          .where('accountId', '=', event.accountId)
          .execute();
        return effect;
      }
      case 'checkout.failed': {
        const payment = await trx
          .updateTable('payments')
          .set({ status: 'failed', failureReason: event.reason.slice(0, 500), updatedAt: at })
          .where('id', '=', event.paymentId)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
        if (payment) await addEvent(trx, { milestoneId: payment.milestoneId, contractId: payment.contractId, actorId: null, kind: 'payment-failed', note: payment.failureReason, at });
        return effect;
      }
      case 'refund.succeeded': {
        const payment = await trx
          .updateTable('payments')
          .set({ status: 'refunded', providerRefundId: event.refundId, updatedAt: at })
          .where('id', '=', event.paymentId)
          .where('status', '=', 'succeeded')
          .returningAll()
          .executeTakeFirst();
        if (!payment || payment.refundBookedAt !== null) return effect;
        // Refunded at the provider without us (its dashboard): if the money is still in escrow, the milestone is refunded.
        const refunded = await trx
          .updateTable('contractMilestones')
          .set({ status: 'refunded' })
          .where('paymentId', '=', payment.id)
          .where('status', 'in', HELD)
          .returningAll()
          .executeTakeFirst();
        if (refunded) {
          await bookRefund(trx, db.dialect, payment, null, at);
          await addEvent(trx, { milestoneId: refunded.id, contractId: refunded.contractId, actorId: null, kind: 'refunded', note: 'Refunded by the payment provider.', at });
        } else {
          effect.anomaly = `payment ${payment.id} was refunded at the provider, but its milestone no longer holds the money: reconcile by hand`;
        }
        return effect;
      }
      case 'payout.paid': {
        await trx
          .updateTable('withdrawals')
          .set({ status: 'paid', providerPayoutId: event.payoutId, updatedAt: at })
          .where('id', '=', event.withdrawalId)
          .where('status', '=', 'requested')
          .execute();
        return effect;
      }
      case 'payout.failed': {
        // Also after 'paid': a bank can return a payout days later. The money comes back to the available balance.
        const w = await trx
          .updateTable('withdrawals')
          .set({ status: 'failed', failureReason: event.reason.slice(0, 500), updatedAt: at })
          .where('id', '=', event.withdrawalId)
          .where('status', 'in', ['requested', 'paid'])
          .returningAll()
          .executeTakeFirst();
        if (w) {
          await post(trx, db.dialect, {
            kind: 'payout-reversal',
            idempotencyKey: `payout-failed:${w.id}`,
            contractId: null,
            milestoneId: null,
            actorId: null,
            entries: [
              { account: ACCOUNTS.paidOut(w.expertId), amountCents: -w.amountCents },
              { account: ACCOUNTS.available(w.expertId), amountCents: w.amountCents },
            ],
            createdAt: at,
          });
        }
        return effect;
      }
      default:
        return effect;
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Withdrawals

/**
 * Records a withdrawal and moves its amount from the expert's available balance to paid-out, in one transaction;
 * the ledger refuses it (LedgerError, nothing written) when it is more than available. A repeat of the member's
 * key returns the first withdrawal (`created: false`).
 */
export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

export async function payoutAccountOf(db: Db, userId: number): Promise<PayoutAccountRow | undefined> {
  return db.kysely.selectFrom('payoutAccounts').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Keeps the account the provider made for the member; the first one stays if two requests raced (the provider's key is the member, so both got the same). */
export async function savePayoutAccount(db: Db, userId: number, provider: string, accountId: string, now: Date): Promise<PayoutAccountRow> {
  const at = now.toISOString();
  await db.kysely
    .insertInto('payoutAccounts')
    .values({ userId, provider, accountId, status: 'pending', label: null, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  return (await payoutAccountOf(db, userId))!;
}

export async function requestWithdrawal(db: Db, expertId: number, amountCents: number, key: string, destination: string, now: Date): Promise<{ withdrawal: WithdrawalRow; created: boolean }> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('withdrawals')
      .values({ expertId, amountCents, status: 'requested', destination, idempotencyKey: key, createdAt: at, updatedAt: at })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return { withdrawal: await trx.selectFrom('withdrawals').selectAll().where('idempotencyKey', '=', key).executeTakeFirstOrThrow(), created: false };
    await post(trx, db.dialect, {
      kind: 'withdrawal',
      idempotencyKey: `withdrawal:${inserted.id}`,
      contractId: null,
      milestoneId: null,
      actorId: expertId,
      entries: [
        { account: ACCOUNTS.available(expertId), amountCents: -amountCents },
        { account: ACCOUNTS.paidOut(expertId), amountCents },
      ],
      createdAt: at,
    });
    return { withdrawal: inserted, created: true };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shared files of a contract's workspace

export type ContractFileRow = Selectable<ContractFilesTable>;

export async function filesOf(db: Db, contractId: number): Promise<ContractFileRow[]> {
  return db.kysely.selectFrom('contractFiles').selectAll().where('contractId', '=', contractId).orderBy('id', 'desc').execute();
}

export async function findFile(db: Db, contractId: number, fileId: number): Promise<ContractFileRow | undefined> {
  return db.kysely.selectFrom('contractFiles').selectAll().where('id', '=', fileId).where('contractId', '=', contractId).executeTakeFirst();
}

/** Records a stored file under the contract's lock while it is active and has room; the caller removes the bytes otherwise. */
export async function insertFile(
  db: Db,
  contractId: number,
  uploaderId: number,
  file: { name: string; contentType: string; size: number; storageKey: string },
  now: Date,
): Promise<ContractFileRow | 'locked' | 'full'> {
  return db.kysely.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('contracts').select('status').where('id', '=', contractId);
    if (db.dialect === 'postgres') lock = lock.forUpdate();
    const contract = await lock.executeTakeFirst();
    if (!contract || contract.status !== 'active') return 'locked';
    const { n } = await trx.selectFrom('contractFiles').select((eb) => eb.fn.countAll<number | string>().as('n')).where('contractId', '=', contractId).executeTakeFirstOrThrow();
    if (Number(n) >= PAYMENT_LIMITS.contractFilesMax) return 'full';
    return trx
      .insertInto('contractFiles')
      .values({ contractId, uploaderId, ...file, milestoneId: null, eventId: null, createdAt: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Removes the uploader's own file while the contract is active and the file was not delivered; the caller removes the bytes. */
export async function deleteFile(db: Db, contractId: number, fileId: number, memberId: number): Promise<ContractFileRow | 'missing' | 'locked' | 'not-yours' | 'delivered'> {
  return db.kysely.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('contracts').select('status').where('id', '=', contractId);
    if (db.dialect === 'postgres') lock = lock.forUpdate();
    const contract = await lock.executeTakeFirst();
    const file = await trx.selectFrom('contractFiles').selectAll().where('id', '=', fileId).where('contractId', '=', contractId).executeTakeFirst();
    if (!contract || !file) return 'missing';
    if (file.uploaderId !== memberId) return 'not-yours';
    if (contract.status !== 'active') return 'locked';
    if (file.milestoneId !== null) return 'delivered';
    await trx.deleteFrom('contractFiles').where('id', '=', fileId).execute();
    return file;
  });
}

/** Raised inside a submission's transaction when its files cannot all be delivered: everything rolls back. */
export class DeliveryFilesUnavailable extends Error {}

/**
 * Marks files as delivered with a submission, in the submission's transaction: each must be the expert's, of this
 * contract, and not delivered before (one conditional UPDATE; fewer rows than asked rolls the submission back).
 */
export async function deliverFiles(trx: Trx, milestone: MilestoneRow, expertId: number, fileIds: readonly number[], eventKey: string): Promise<void> {
  if (fileIds.length === 0) return;
  const event = await trx.selectFrom('milestoneEvents').select('id').where('idempotencyKey', '=', eventKey).executeTakeFirstOrThrow();
  const marked = await trx
    .updateTable('contractFiles')
    .set({ milestoneId: milestone.id, eventId: event.id })
    .where('id', 'in', [...fileIds])
    .where('contractId', '=', milestone.contractId)
    .where('uploaderId', '=', expertId)
    .where('eventId', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== fileIds.length) throw new DeliveryFilesUnavailable();
}
