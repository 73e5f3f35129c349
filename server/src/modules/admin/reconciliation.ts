// The reconciliation report (docs/decisions/0041-reconciliation-and-concierge-drafts.md): the movements the ledger
// booked with the payment provider (card charges, refunds, payouts to experts) side by side with the provider's own
// records, and every difference: an amount that differs, an outcome that differs, a record the ledger does not have,
// a booking the provider does not have. The ledger is read, never changed: a difference is for a person to settle.
import type { ProviderMovement, ReconciliationDifferenceView, ReconciliationView } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { ACCOUNTS } from '../payments/ledger';
import type { PaymentProvider, ProviderRecord } from '../payments/provider';

/** A movement as the ledger booked it, with the provider's id our rows keep of it (null until acknowledged). */
export interface LedgerMovement {
  movement: ProviderMovement;
  /** The payment (charge, refund) or the withdrawal (payout). */
  ourId: number;
  providerId: string | null;
  amountCents: number;
  /** A payout the bank returned is booked back (payout-reversal): failed; everything else booked succeeded. */
  status: 'succeeded' | 'failed';
  at: string;
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const NAMES: Record<ProviderMovement, { what: string; of: string }> = {
  charge: { what: 'Charge', of: 'payment' },
  refund: { what: 'Refund', of: 'payment' },
  payout: { what: 'Payout', of: 'withdrawal' },
};
const named = (m: ProviderMovement, ourId: number | null, providerId: string | null) =>
  `${NAMES[m].what}${ourId !== null ? ` of ${NAMES[m].of} #${ourId}` : ''}${providerId ? ` (${providerId})` : ''}`;

/** What the ledger booked with the provider: from the ledger's own transactions and the provider ids our rows keep. */
export async function ledgerMovements(db: Db): Promise<LedgerMovement[]> {
  const k = db.kysely;
  const cash = (kinds: string[]) =>
    k
      .selectFrom('ledgerTransactions as t')
      .innerJoin('ledgerEntries as e', 'e.transactionId', 't.id')
      .select(['t.idempotencyKey', 't.createdAt', 'e.amountCents'])
      .where('t.kind', 'in', kinds)
      .where('e.account', '=', ACCOUNTS.providerCash)
      .execute();
  const [fundings, refunds, withdrawals] = await Promise.all([
    cash(['funding']),
    cash(['refund']),
    k
      .selectFrom('ledgerTransactions as t')
      .innerJoin('ledgerEntries as e', 'e.transactionId', 't.id')
      .select(['t.idempotencyKey', 't.createdAt', 'e.amountCents'])
      .where('t.kind', '=', 'withdrawal')
      .where('e.account', 'like', 'expert:%:paid-out')
      .execute(),
  ]);
  const idIn = (key: string, pattern: RegExp) => Number(pattern.exec(key)?.[1] ?? NaN);
  const paymentIds = [...fundings.map((f) => idIn(f.idempotencyKey, /^checkout:(\d+)$/)), ...refunds.map((r) => idIn(r.idempotencyKey, /^refund:payment:(\d+)$/))].filter(Number.isSafeInteger);
  const withdrawalIds = withdrawals.map((w) => idIn(w.idempotencyKey, /^withdrawal:(\d+)$/)).filter(Number.isSafeInteger);
  const [payments, payouts, reversed] = await Promise.all([
    paymentIds.length ? k.selectFrom('payments').select(['id', 'providerChargeId', 'providerRefundId']).where('id', 'in', [...new Set(paymentIds)]).execute() : [],
    withdrawalIds.length ? k.selectFrom('withdrawals').select(['id', 'providerPayoutId']).where('id', 'in', withdrawalIds).execute() : [],
    k.selectFrom('ledgerTransactions').select('idempotencyKey').where('kind', '=', 'payout-reversal').execute(),
  ]);
  const payment = new Map(payments.map((p) => [p.id, p]));
  const payout = new Map(payouts.map((w) => [w.id, w.providerPayoutId]));
  const returned = new Set(reversed.map((r) => idIn(r.idempotencyKey, /^payout-failed:(\d+)$/)));
  const out: LedgerMovement[] = [];
  for (const f of fundings) {
    const id = idIn(f.idempotencyKey, /^checkout:(\d+)$/);
    out.push({ movement: 'charge', ourId: id, providerId: payment.get(id)?.providerChargeId ?? null, amountCents: -Number(f.amountCents), status: 'succeeded', at: f.createdAt });
  }
  for (const r of refunds) {
    const id = idIn(r.idempotencyKey, /^refund:payment:(\d+)$/);
    out.push({ movement: 'refund', ourId: id, providerId: payment.get(id)?.providerRefundId ?? null, amountCents: Number(r.amountCents), status: 'succeeded', at: r.createdAt });
  }
  for (const w of withdrawals) {
    const id = idIn(w.idempotencyKey, /^withdrawal:(\d+)$/);
    out.push({ movement: 'payout', ourId: id, providerId: payout.get(id) ?? null, amountCents: Number(w.amountCents), status: returned.has(id) ? 'failed' : 'succeeded', at: w.createdAt });
  }
  return out;
}

/**
 * Pairs the two sides and lists every difference, the oldest first. A provider record pairs with the ledger's movement
 * of the same kind that names the same payment or withdrawal, or else that keeps the same provider id; each movement
 * pairs once (a second charge for one payment is a record the ledger does not have).
 */
export function compareMovements(ledger: LedgerMovement[], provider: ProviderRecord[]): { matched: number; differences: ReconciliationDifferenceView[] } {
  const byOurId = new Map<string, LedgerMovement>();
  const byProviderId = new Map<string, LedgerMovement>();
  for (const m of ledger) {
    byOurId.set(`${m.movement}:${m.ourId}`, m);
    if (m.providerId) byProviderId.set(`${m.movement}:${m.providerId}`, m);
  }
  const paired = new Set<LedgerMovement>();
  const differences: ReconciliationDifferenceView[] = [];
  let matched = 0;
  for (const r of provider) {
    const candidates = [r.ourId !== null ? byOurId.get(`${r.movement}:${r.ourId}`) : undefined, byProviderId.get(`${r.movement}:${r.providerId}`)];
    const m = candidates.find((c) => c !== undefined && !paired.has(c));
    const base = { movement: r.movement, providerId: r.providerId, providerCents: r.amountCents, providerStatus: r.status };
    if (!m) {
      differences.push({
        ...base,
        kind: 'missing-in-ledger',
        ourId: r.ourId,
        ledgerCents: null,
        ledgerStatus: null,
        at: r.createdAt,
        description: `${named(r.movement, r.ourId, r.providerId)}: ${dollars(r.amountCents)} at the provider (${r.status}), nothing in the ledger.`,
      });
      continue;
    }
    paired.add(m);
    const pair = { ...base, ourId: m.ourId, providerId: m.providerId ?? r.providerId, ledgerCents: m.amountCents, ledgerStatus: m.status, at: m.at };
    const name = named(m.movement, m.ourId, pair.providerId);
    let same = true;
    if (m.amountCents !== r.amountCents) {
      same = false;
      differences.push({ ...pair, kind: 'amount', description: `${name}: ${dollars(m.amountCents)} in the ledger, ${dollars(r.amountCents)} at the provider.` });
    }
    if (m.status !== r.status) {
      same = false;
      differences.push({ ...pair, kind: 'status', description: `${name}: ${m.status} in the ledger, ${r.status} at the provider.` });
    }
    if (same) matched += 1;
  }
  for (const m of ledger) {
    if (paired.has(m)) continue;
    const unacknowledged = m.providerId === null && m.movement !== 'charge' ? ' (the provider never acknowledged it: retry it)' : '';
    differences.push({
      kind: 'missing-at-provider',
      movement: m.movement,
      ourId: m.ourId,
      providerId: m.providerId,
      ledgerCents: m.amountCents,
      providerCents: null,
      ledgerStatus: m.status,
      providerStatus: null,
      at: m.at,
      description: `${named(m.movement, m.ourId, m.providerId)}: ${dollars(m.amountCents)} booked in the ledger, not at the provider${unacknowledged}.`,
    });
  }
  differences.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { matched, differences };
}

/** Runs the report now: the provider's records (every page) against the ledger. Throws ProviderCallFailed when unreachable. */
export async function reconcile(db: Db, provider: PaymentProvider, now: Date): Promise<ReconciliationView> {
  const [records, ledger] = await Promise.all([provider.listRecords(), ledgerMovements(db)]);
  const { matched, differences } = compareMovements(ledger, records);
  return { provider: provider.name, ranAt: now.toISOString(), ledgerCount: ledger.length, providerCount: records.length, matched, differences };
}
