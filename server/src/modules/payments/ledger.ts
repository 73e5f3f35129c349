// The double-entry ledger (docs/decisions/0012-escrow-ledger.md). Money is only ever written here, inside the
// database transaction of the state change it pays for; balances are sums of entries, never stored.
import type { LedgerKind } from '@sciexperts/shared/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/connect';
import type { Database, LedgerTransactionsTable } from '../../db/schema';

export type LedgerTransaction = Selectable<LedgerTransactionsTable>;

export const ACCOUNTS = {
  /** Money the provider holds for us: debited (−) when a card pays, credited (+) when a refund leaves. */
  providerCash: 'provider:cash',
  escrow: (contractId: number) => `escrow:contract:${contractId}`,
  available: (expertId: number) => `expert:${expertId}:available`,
  paidOut: (expertId: number) => `expert:${expertId}:paid-out`,
  platformFees: 'platform:fees',
} as const;

/** The ledger key of a payment's funding: the statement and the receipt find the payment from it. */
export const fundingKey = (paymentId: number): string => `checkout:${paymentId}`;

/** The payment a funding transaction took in, from its key (null for any other key). */
export function paymentOfFundingKey(key: string): number | null {
  const match = /^checkout:(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** Escrow, an expert's available balance and the platform's fees can never be below zero. */
export function mustStayNonNegative(account: string): boolean {
  return account.startsWith('escrow:') || /^expert:\d+:available$/.test(account) || account === ACCOUNTS.platformFees;
}

/** A refused posting: the whole database transaction rolls back. */
export class LedgerError extends Error {
  constructor(
    message: string,
    readonly account?: string,
    readonly balanceCents?: number,
  ) {
    super(message);
  }
}

export interface Posting {
  kind: LedgerKind;
  /** What makes this movement unique: the same key twice is the same movement (the first one is returned). */
  idempotencyKey: string;
  contractId: number | null;
  milestoneId: number | null;
  actorId: number | null;
  entries: Array<{ account: string; amountCents: number }>;
  createdAt: string;
}

/**
 * Writes one balanced transaction with `trx` (a Kysely transaction the caller owns). Refuses entries that do not sum
 * to zero (or are not whole cents), and any posting that would take a never-negative account below zero: those
 * accounts are locked first on PostgreSQL (an advisory lock per account, in a fixed order), so two concurrent debits
 * cannot both see the old balance; SQLite runs one write transaction at a time. A key already used returns that
 * transaction and writes nothing (`created: false`).
 */
export async function post(trx: Kysely<Database>, dialect: Dialect, p: Posting): Promise<{ transaction: LedgerTransaction; created: boolean }> {
  const entries = p.entries.filter((e) => e.amountCents !== 0);
  if (entries.length < 2) throw new LedgerError('A ledger transaction needs at least two non-zero entries.');
  if (entries.some((e) => !Number.isSafeInteger(e.amountCents))) throw new LedgerError('Ledger amounts are whole cents.');
  if (entries.reduce((sum, e) => sum + e.amountCents, 0) !== 0) throw new LedgerError(`The entries of ${p.idempotencyKey} do not sum to zero.`);

  const existing = await trx.selectFrom('ledgerTransactions').selectAll().where('idempotencyKey', '=', p.idempotencyKey).executeTakeFirst();
  if (existing) return { transaction: existing, created: false };

  const debited = [...new Set(entries.filter((e) => e.amountCents < 0 && mustStayNonNegative(e.account)).map((e) => e.account))].sort();
  if (dialect === 'postgres') {
    for (const account of debited) await sql`select pg_advisory_xact_lock(hashtext(${account}))`.execute(trx);
  }

  // A concurrent posting of the same key (PostgreSQL waits for it) makes this insert a no-op: return that one.
  const inserted = await trx
    .insertInto('ledgerTransactions')
    .values({ kind: p.kind, idempotencyKey: p.idempotencyKey, contractId: p.contractId, milestoneId: p.milestoneId, actorId: p.actorId, createdAt: p.createdAt })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    const winner = await trx.selectFrom('ledgerTransactions').selectAll().where('idempotencyKey', '=', p.idempotencyKey).executeTakeFirstOrThrow();
    return { transaction: winner, created: false };
  }

  for (const account of debited) {
    const delta = entries.filter((e) => e.account === account).reduce((sum, e) => sum + e.amountCents, 0);
    const after = (await balance(trx, account)) + delta;
    if (after < 0) throw new LedgerError(`${account} would go below zero (${after}).`, account, after - delta);
  }
  await trx
    .insertInto('ledgerEntries')
    .values(entries.map((e) => ({ transactionId: inserted.id, account: e.account, amountCents: e.amountCents })))
    .execute();
  return { transaction: inserted, created: true };
}

/** The sum of an account's entries (0 for an account never used). Takes a Db or a transaction. */
export async function balance(db: Db | Kysely<Database>, account: string): Promise<number> {
  const k = 'kysely' in db ? db.kysely : db;
  const row = await k
    .selectFrom('ledgerEntries')
    .select((eb) => eb.fn.sum<number | string | null>('amountCents').as('total'))
    .where('account', '=', account)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Balances of several accounts in one query (missing ones are 0). */
export async function balances(db: Db, accounts: string[]): Promise<Map<string, number>> {
  const result = new Map(accounts.map((a) => [a, 0]));
  if (accounts.length === 0) return result;
  const rows = await db.kysely
    .selectFrom('ledgerEntries')
    .select((eb) => ['account', eb.fn.sum<number | string>('amountCents').as('total')])
    .where('account', 'in', accounts)
    .groupBy('account')
    .execute();
  for (const r of rows) result.set(r.account, Number(r.total));
  return result;
}
