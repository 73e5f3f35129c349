// The money as operators see it: totals from the ledger (no second copy that could drift), the provider calls that
// were booked but never acknowledged (retry asks again, with the same key: one refund or payout at the provider), and
// the payouts the bank returned.
import type { MoneyOverviewView } from '@sciexperts/shared/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { ACCOUNTS } from '../payments/ledger';

const cents = (v: unknown) => Number(v ?? 0);

export async function moneyOverview(db: Db): Promise<MoneyOverviewView> {
  const k = db.kysely;
  const sumWhere = (pattern: string) =>
    k
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.sum<number | string | null>('amountCents').as('total'))
      .where('account', 'like', pattern)
      .executeTakeFirstOrThrow()
      .then((r) => cents(r.total));
  const movedBy = (kinds: string[], account: string, sign: 1 | -1) =>
    k
      .selectFrom('ledgerEntries as e')
      .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
      .select((eb) => eb.fn.sum<number | string | null>('e.amountCents').as('total'))
      .where('t.kind', 'in', kinds)
      .where('e.account', 'like', account)
      .executeTakeFirstOrThrow()
      .then((r) => sign * cents(r.total));
  const [inEscrowCents, releasedCents, refundedCents, feesCents, waitingForPayoutCents, paidOutCents] = await Promise.all([
    sumWhere('escrow:%'),
    movedBy(['release', 'auto-release'], 'escrow:%', -1),
    movedBy(['refund'], ACCOUNTS.providerCash, 1),
    sumWhere(ACCOUNTS.platformFees),
    sumWhere('expert:%:available'),
    sumWhere('expert:%:paid-out'),
  ]);
  const [refunds, payouts, failed] = await Promise.all([
    k
      .selectFrom('payments')
      .select(['id', 'payerId', 'amountCents', 'refundCents', 'refundBookedAt'])
      .where('status', '=', 'succeeded')
      .where('refundBookedAt', 'is not', null)
      .where('providerRefundId', 'is', null)
      .orderBy('refundBookedAt')
      .execute(),
    k.selectFrom('withdrawals').select(['id', 'expertId', 'amountCents', 'createdAt']).where('status', '=', 'requested').where('providerPayoutId', 'is', null).orderBy('createdAt').execute(),
    k.selectFrom('withdrawals').select(['id', 'expertId', 'amountCents', 'updatedAt', 'failureReason']).where('status', '=', 'failed').orderBy(sql`"updatedAt"`, 'desc').limit(100).execute(),
  ]);
  return {
    totals: { inEscrowCents, releasedCents, refundedCents, feesCents, waitingForPayoutCents, paidOutCents },
    refundsNotAcknowledged: refunds.map((p) => ({ id: p.id, amountCents: p.refundCents ?? p.amountCents, memberId: p.payerId, since: p.refundBookedAt ?? '', reason: null })),
    payoutsNotAcknowledged: payouts.map((w) => ({ id: w.id, amountCents: w.amountCents, memberId: w.expertId, since: w.createdAt, reason: null })),
    failedPayouts: failed.map((w) => ({ id: w.id, amountCents: w.amountCents, memberId: w.expertId, since: w.updatedAt, reason: w.failureReason })),
  };
}
