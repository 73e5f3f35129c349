// The calls to the provider that follow a committed ledger movement: returning a payment (refund) and paying an
// expert (payout). They run after the database transaction (never holding its locks over the network), carry a key
// derived from the row (`refund:payment:<id>`, `payout:<id>`), so asking twice is one refund or payout at the
// provider, and are retried by retryProviderCalls until the provider has acknowledged them.
import type { Db } from '../../db/connect';
import type { PaymentProvider } from './provider';

/** Asks the provider to return a payment whose refund is booked and not yet acknowledged; false when none is due. */
export async function sendRefund(db: Db, provider: PaymentProvider, paymentId: number): Promise<boolean> {
  const p = await db.kysely
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .where('refundBookedAt', 'is not', null)
    .where('providerRefundId', 'is', null)
    .executeTakeFirst();
  if (!p) return false;
  const { refundId } = await provider.refund({ paymentId: p.id, chargeId: p.providerChargeId ?? '', amountCents: p.refundCents ?? p.amountCents, idempotencyKey: `refund:payment:${p.id}` });
  await db.kysely.updateTable('payments').set({ providerRefundId: refundId }).where('id', '=', p.id).where('providerRefundId', 'is', null).execute();
  return true;
}

/** Asks the provider to pay a requested withdrawal it has not acknowledged yet; false when none is due. */
export async function sendPayout(db: Db, provider: PaymentProvider, withdrawalId: number): Promise<boolean> {
  const w = await db.kysely
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .where('status', '=', 'requested')
    .where('providerPayoutId', 'is', null)
    .executeTakeFirst();
  if (!w) return false;
  const { payoutId } = await provider.payout({ withdrawalId: w.id, destination: w.destination, amountCents: w.amountCents, idempotencyKey: `payout:${w.id}` });
  await db.kysely.updateTable('withdrawals').set({ providerPayoutId: payoutId }).where('id', '=', w.id).where('providerPayoutId', 'is', null).execute();
  return true;
}

/**
 * For the job queue: asks the provider again for every refund and payout booked at least `graceMs` ago that it has
 * not acknowledged (the first call failed, or the process stopped in between). Failures are left for the next run.
 */
export async function retryProviderCalls(
  db: Db,
  provider: PaymentProvider,
  now: Date,
  graceMs = 60_000,
): Promise<{ refunds: number; payouts: number; failures: number }> {
  const before = new Date(now.getTime() - graceMs).toISOString();
  const refunds = await db.kysely
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'succeeded')
    .where('refundBookedAt', '<=', before)
    .where('providerRefundId', 'is', null)
    .orderBy('id')
    .execute();
  const payouts = await db.kysely
    .selectFrom('withdrawals')
    .select('id')
    .where('status', '=', 'requested')
    .where('providerPayoutId', 'is', null)
    .where('createdAt', '<=', before)
    .orderBy('id')
    .execute();
  const result = { refunds: 0, payouts: 0, failures: 0 };
  for (const { id } of refunds) {
    try {
      if (await sendRefund(db, provider, id)) result.refunds += 1;
    } catch {
      result.failures += 1;
    }
  }
  for (const { id } of payouts) {
    try {
      if (await sendPayout(db, provider, id)) result.payouts += 1;
    } catch {
      result.failures += 1;
    }
  }
  return result;
}
