// The payments domain's reads as the contract shows them: the workspace of a contract, a member's balance and
// statement, withdrawals. Every figure of money is derived from the ledger (or the milestone's own amount).
import {
  platformFeeCents,
  type Balance,
  type ContractFile,
  type ContractStatus,
  type LedgerKind,
  type MilestoneEventKind,
  type MilestoneStatus,
  type PaymentStatus,
  type StatementLine,
  type Withdrawal,
  type WithdrawalStatus,
  type Workspace,
} from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { memberSummaries } from '../projects/views';
import { ACCOUNTS, balance, balances, paymentOfFundingKey } from './ledger';
import { filesOf, type ContractFileRow, type ContractRecord, type ReleaseSettings, type WithdrawalRow } from './repository';

const DAY_MS = 86_400_000;

function pick<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`${what} ${String(key)} is missing`);
  return value;
}

/** The contract as `viewerId` (one of its two parties) works on it: milestones, fee, timeline and escrow. */
export async function workspaceView(db: Db, contract: ContractRecord, viewerId: number, settings: ReleaseSettings): Promise<Workspace> {
  const [milestones, payments, events, members, project, escrowCents, files] = await Promise.all([
    db.kysely.selectFrom('contractMilestones').selectAll().where('contractId', '=', contract.id).orderBy('position').orderBy('id').execute(),
    db.kysely.selectFrom('payments').select(['id', 'milestoneId', 'status', 'failureReason']).where('contractId', '=', contract.id).orderBy('id').execute(),
    db.kysely.selectFrom('milestoneEvents').selectAll().where('contractId', '=', contract.id).orderBy('id').execute(),
    memberSummaries(db, [contract.clientId, contract.expertId]),
    db.kysely.selectFrom('projects').select('title').where('id', '=', contract.projectId).executeTakeFirst(),
    balance(db, ACCOUNTS.escrow(contract.id)),
    filesOf(db, contract.id),
  ]);
  // The attempt the member cares about: the one that funded the milestone, else the latest.
  const latestPayment = new Map<number, (typeof payments)[number]>();
  for (const p of payments) latestPayment.set(p.milestoneId, p);
  return {
    contract: {
      id: contract.id,
      projectId: contract.projectId,
      projectTitle: project?.title ?? '',
      status: contract.status as ContractStatus,
      priceType: contract.priceType as Workspace['contract']['priceType'],
      priceCents: contract.priceCents,
      createdAt: contract.createdAt,
      client: pick(members, contract.clientId, 'client'),
      expert: pick(members, contract.expertId, 'expert'),
    },
    viewerRole: contract.clientId === viewerId ? 'client' : 'expert',
    milestones: milestones.map((m) => {
      const feeCents = platformFeeCents(m.amountCents, settings.feeBasisPoints);
      const payment = (m.paymentId !== null ? payments.find((p) => p.id === m.paymentId) : undefined) ?? latestPayment.get(m.id);
      return {
        id: m.id,
        position: m.position,
        title: m.title,
        amountCents: m.amountCents,
        feeCents,
        payoutCents: m.amountCents - feeCents,
        dueDate: m.dueDate,
        status: m.status as MilestoneStatus,
        submittedAt: m.submittedAt,
        autoReleaseAt: m.status === 'submitted' && m.submittedAt ? new Date(Date.parse(m.submittedAt) + settings.autoReleaseDays * DAY_MS).toISOString() : null,
        payment: payment ? { id: payment.id, status: payment.status as PaymentStatus, failureReason: payment.failureReason } : null,
      };
    }),
    events: events.map((e) => ({
      id: e.id,
      milestoneId: e.milestoneId,
      kind: e.kind as MilestoneEventKind,
      actorId: e.actorId,
      note: e.note,
      fileIds: files.filter((f) => f.eventId === e.id).map((f) => f.id),
      createdAt: e.createdAt,
    })),
    files: files.map(fileView),
    escrowCents,
    fee: { basisPoints: settings.feeBasisPoints },
    autoReleaseDays: settings.autoReleaseDays,
  };
}

export function fileView(f: ContractFileRow): ContractFile {
  return { id: f.id, name: f.name, contentType: f.contentType, size: f.size, uploadedBy: f.uploaderId, createdAt: f.createdAt, milestoneId: f.milestoneId };
}

async function contractIdsOf(db: Db, memberId: number, as: 'client' | 'either'): Promise<number[]> {
  let q = db.kysely.selectFrom('contracts').select('id');
  q = as === 'client' ? q.where('clientId', '=', memberId) : q.where((eb) => eb.or([eb('clientId', '=', memberId), eb('expertId', '=', memberId)]));
  return (await q.execute()).map((r) => r.id);
}

export async function balanceView(db: Db, memberId: number): Promise<Balance> {
  const escrows = (await contractIdsOf(db, memberId, 'client')).map(ACCOUNTS.escrow);
  const totals = await balances(db, [ACCOUNTS.available(memberId), ACCOUNTS.paidOut(memberId), ...escrows]);
  return {
    availableCents: totals.get(ACCOUNTS.available(memberId)) ?? 0,
    inEscrowCents: escrows.reduce((sum, a) => sum + (totals.get(a) ?? 0), 0),
    paidOutCents: totals.get(ACCOUNTS.paidOut(memberId)) ?? 0,
  };
}

/**
 * Every ledger entry on the member's own accounts (available, paid-out) and on the escrow of each contract they are
 * a party to, with the account's running balance after it, on a release the platform's fee, and on the member's own
 * fundings the payment whose receipt they can get. Newest first.
 */
export async function statementLines(db: Db, memberId: number): Promise<StatementLine[]> {
  const contractIds = await contractIdsOf(db, memberId, 'either');
  const own = new Map<string, StatementLine['account']>([
    [ACCOUNTS.available(memberId), 'available'],
    [ACCOUNTS.paidOut(memberId), 'paid-out'],
    ...contractIds.map((id) => [ACCOUNTS.escrow(id), 'escrow'] as const),
  ]);
  const entries = await db.kysely
    .selectFrom('ledgerEntries')
    .innerJoin('ledgerTransactions', 'ledgerTransactions.id', 'ledgerEntries.transactionId')
    .select([
      'ledgerEntries.id as entryId',
      'ledgerEntries.account',
      'ledgerEntries.amountCents',
      'ledgerTransactions.id as transactionId',
      'ledgerTransactions.kind',
      'ledgerTransactions.createdAt',
      'ledgerTransactions.contractId',
      'ledgerTransactions.milestoneId',
      'ledgerTransactions.idempotencyKey',
      'ledgerTransactions.actorId',
    ])
    .where('ledgerEntries.account', 'in', [...own.keys()])
    .orderBy('ledgerEntries.id')
    .execute();
  if (entries.length === 0) return [];
  const transactionIds = [...new Set(entries.map((e) => e.transactionId))];
  const milestoneIds = [...new Set(entries.flatMap((e) => (e.milestoneId === null ? [] : [e.milestoneId])))];
  const [fees, milestones, projects] = await Promise.all([
    db.kysely.selectFrom('ledgerEntries').select(['transactionId', 'amountCents']).where('account', '=', ACCOUNTS.platformFees).where('transactionId', 'in', transactionIds).execute(),
    milestoneIds.length ? db.kysely.selectFrom('contractMilestones').select(['id', 'title']).where('id', 'in', milestoneIds).execute() : [],
    contractIds.length
      ? db.kysely.selectFrom('contracts').innerJoin('projects', 'projects.id', 'contracts.projectId').select(['contracts.id', 'projects.title']).where('contracts.id', 'in', contractIds).execute()
      : [],
  ]);
  const feeOf = new Map(fees.map((f) => [f.transactionId, f.amountCents]));
  const milestoneTitle = new Map(milestones.map((m) => [m.id, m.title]));
  const projectTitle = new Map(projects.map((p) => [p.id, p.title]));
  const running = new Map<string, number>();
  const lines = entries.map((e): StatementLine => {
    const after = (running.get(e.account) ?? 0) + e.amountCents;
    running.set(e.account, after);
    // A funding's actor is the member who paid it: only they get its receipt, not the expert who sees the same escrow.
    const receiptPaymentId = e.kind === 'funding' && e.actorId === memberId ? paymentOfFundingKey(e.idempotencyKey) : null;
    return {
      transactionId: e.transactionId,
      createdAt: e.createdAt,
      kind: e.kind as LedgerKind,
      account: pick(own, e.account, 'account'),
      contractId: e.contractId,
      milestoneId: e.milestoneId,
      projectTitle: e.contractId === null ? null : (projectTitle.get(e.contractId) ?? null),
      milestoneTitle: e.milestoneId === null ? null : (milestoneTitle.get(e.milestoneId) ?? null),
      amountCents: e.amountCents,
      feeCents: feeOf.get(e.transactionId) ?? (e.kind === 'release' || e.kind === 'auto-release' ? 0 : null),
      balanceCents: after,
      ...(receiptPaymentId === null ? {} : { receiptPaymentId }),
    };
  });
  return lines.reverse();
}

export function withdrawalView(w: WithdrawalRow): Withdrawal {
  return { id: w.id, amountCents: w.amountCents, status: w.status as WithdrawalStatus, failureReason: w.failureReason, createdAt: w.createdAt, updatedAt: w.updatedAt };
}
