// Disputes as operators see and settle them. Settling is the payments domain's own transition (repository.move:
// one conditional UPDATE from 'disputed', its ledger postings and timeline event in one transaction) with the
// resolution and the audit entry written in that same transaction; the resolution row (one per milestone) is what a
// second operator pressing at the same moment is shown in the 409.
import {
  formatCents,
  type DisputeDetailView,
  type DisputeOutcome,
  type DisputeQueueItemView,
  type DisputeResolutionView,
  type DisputeStatementView,
  type MilestoneEventKind,
  type MilestoneStatus,
  type ContractStatus,
} from '@sciexperts/shared/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, DisputeResolutionsTable } from '../../db/schema';
import { findMilestone, move, type FeeSettings } from '../payments/repository';
import { writeAudit } from './audit';
import type { OperatorIdentity } from './operators';

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();


/** Every disputed milestone, the longest-waiting first. */
export async function disputeQueue(db: Db, now: Date): Promise<DisputeQueueItemView[]> {
  const rows = await db.kysely
    .selectFrom('contractMilestones as m')
    .innerJoin('contracts as c', 'c.id', 'm.contractId')
    .innerJoin('projects as p', 'p.id', 'c.projectId')
    .innerJoin('users as cl', 'cl.id', 'c.clientId')
    .innerJoin('users as ex', 'ex.id', 'c.expertId')
    .select((eb) => [
      'm.id',
      'm.contractId',
      'm.title',
      'm.amountCents',
      'p.title as projectTitle',
      'cl.id as clientId',
      'cl.firstName as clientFirst',
      'cl.lastName as clientLast',
      'cl.email as clientEmail',
      'ex.id as expertId',
      'ex.firstName as expertFirst',
      'ex.lastName as expertLast',
      'ex.email as expertEmail',
      // When it was (last) disputed: the newest 'disputed' event of its timeline.
      eb
        .selectFrom('milestoneEvents as e')
        .select((e) => e.fn.max('e.createdAt').as('at'))
        .whereRef('e.milestoneId', '=', 'm.id')
        .where('e.kind', '=', 'disputed')
        .as('disputedAt'),
    ])
    .where('m.status', '=', 'disputed')
    .execute();
  return rows
    .map((r) => {
      const disputedAt = r.disputedAt ?? now.toISOString();
      return {
        milestoneId: r.id,
        contractId: r.contractId,
        projectTitle: r.projectTitle,
        milestoneTitle: r.title,
        amountCents: r.amountCents,
        client: { id: r.clientId, name: nameOf({ firstName: r.clientFirst, lastName: r.clientLast }), email: r.clientEmail },
        expert: { id: r.expertId, name: nameOf({ firstName: r.expertFirst, lastName: r.expertLast }), email: r.expertEmail },
        disputedAt,
        waitingSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(disputedAt)) / 1000)),
      };
    })
    .sort((a, b) => a.disputedAt.localeCompare(b.disputedAt) || a.milestoneId - b.milestoneId);
}

type ResolutionRow = Selectable<DisputeResolutionsTable>;
const resolutionView = (r: ResolutionRow): DisputeResolutionView => ({
  outcome: r.outcome as DisputeOutcome,
  expertCents: r.expertCents,
  clientCents: r.clientCents,
  reason: r.reason,
  by: r.operatorEmail,
  at: r.at,
});

export async function resolutionOf(db: Db | Kysely<Database>, milestoneId: number): Promise<ResolutionRow | undefined> {
  const k = 'kysely' in db ? db.kysely : db;
  return k.selectFrom('disputeResolutions').selectAll().where('milestoneId', '=', milestoneId).executeTakeFirst();
}

/** The statements of one milestone's dispute, with their files, oldest first. */
export async function statementsOf(db: Db, milestoneId: number, parties: { clientId: number; expertId: number }): Promise<DisputeStatementView[]> {
  const rows = await db.kysely.selectFrom('disputeStatements').selectAll().where('milestoneId', '=', milestoneId).orderBy('id').execute();
  const ids = [...new Set(rows.flatMap((r) => JSON.parse(r.fileIds) as number[]))];
  const files = ids.length === 0 ? [] : await db.kysely.selectFrom('contractFiles').selectAll().where('id', 'in', ids).execute();
  const fileById = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => ({
    id: r.id,
    authorId: r.authorId,
    role: r.authorId === parties.clientId ? ('client' as const) : ('expert' as const),
    text: r.text,
    files: (JSON.parse(r.fileIds) as number[]).flatMap((id) => {
      const f = fileById.get(id);
      return f ? [{ id: f.id, name: f.name, contentType: f.contentType, size: f.size, uploadedBy: f.uploaderId, createdAt: f.createdAt }] : [];
    }),
    createdAt: r.createdAt,
  }));
}

/** Everything an operator reads before deciding: terms, milestone, timeline, delivered files, messages, statements. */
export async function disputeDetail(db: Db, milestoneId: number, fees: FeeSettings): Promise<DisputeDetailView | undefined> {
  const found = await findMilestone(db, milestoneId);
  if (!found) return undefined;
  const { milestone: m, contract: c } = found;
  const [project, client, expert, events, delivered, messages, resolution] = await Promise.all([
    db.kysely.selectFrom('projects').select(['title', 'description']).where('id', '=', c.projectId).executeTakeFirstOrThrow(),
    db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('id', '=', c.clientId).executeTakeFirstOrThrow(),
    db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('id', '=', c.expertId).executeTakeFirstOrThrow(),
    db.kysely.selectFrom('milestoneEvents').selectAll().where('milestoneId', '=', m.id).orderBy('id').execute(),
    db.kysely.selectFrom('contractFiles').selectAll().where('milestoneId', '=', m.id).orderBy('id').execute(),
    db.kysely
      .selectFrom('messages')
      .select(['id', 'senderId', 'text', 'createdAt'])
      .where((eb) =>
        eb.or([
          eb.and([eb('senderId', '=', c.clientId), eb('receiverId', '=', c.expertId)]),
          eb.and([eb('senderId', '=', c.expertId), eb('receiverId', '=', c.clientId)]),
        ]),
      )
      .where('createdAt', '>=', c.createdAt)
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
    resolutionOf(db, m.id),
  ]);
  const disputed = events.filter((e) => e.kind === 'disputed');
  return {
    milestone: { id: m.id, title: m.title, amountCents: m.amountCents, dueDate: m.dueDate, status: m.status as MilestoneStatus },
    contract: {
      id: c.id,
      projectId: c.projectId,
      projectTitle: project.title,
      projectDescription: project.description,
      status: c.status as ContractStatus,
      priceType: c.priceType as 'fixed' | 'hourly',
      priceCents: c.priceCents,
      createdAt: c.createdAt,
      client: { id: client.id, name: nameOf(client), email: client.email },
      expert: { id: expert.id, name: nameOf(expert), email: expert.email },
    },
    disputedAt: disputed[disputed.length - 1]?.createdAt ?? null,
    timeline: events.map((e) => ({ id: e.id, kind: e.kind as MilestoneEventKind, actorId: e.actorId, note: e.note, createdAt: e.createdAt })),
    deliveredFiles: delivered.map((f) => ({ id: f.id, name: f.name, contentType: f.contentType, size: f.size, uploadedBy: f.uploaderId, createdAt: f.createdAt })),
    messages: messages.reverse(),
    statements: await statementsOf(db, m.id, { clientId: c.clientId, expertId: c.expertId }),
    resolution: resolution ? resolutionView(resolution) : null,
    feeBasisPoints: fees.feeBasisPoints,
  };
}

export interface ResolveInput {
  milestoneId: number;
  outcome: DisputeOutcome;
  /** A split only: the expert's part. */
  expertCents?: number;
  reason: string;
  operator: OperatorIdentity;
  address: string;
}

export type ResolveResult =
  | { kind: 'resolved'; resolution: DisputeResolutionView; repeated: boolean; refundPaymentId: number | null }
  | { kind: 'not-found' }
  | { kind: 'bad-split' }
  | { kind: 'stale'; resolution: DisputeResolutionView }
  | { kind: 'not-disputed' };

const TO: Record<DisputeOutcome, MilestoneStatus> = { release: 'released', refund: 'refunded', split: 'split' };

/**
 * Settles a dispute: all to the expert, all back to the client, or a split. Idempotent and race-safe: the milestone
 * leaves 'disputed' once (a conditional UPDATE); the same operator repeating the same decision gets it back
 * (`repeated`), anyone else, or another decision, gets the resolution that won ('stale', a 409).
 */
export async function resolveDisputeAsOperator(db: Db, input: ResolveInput, fees: FeeSettings, now: Date): Promise<ResolveResult> {
  const found = await findMilestone(db, input.milestoneId);
  if (!found) return { kind: 'not-found' };
  const amount = found.milestone.amountCents;
  const expertCents = input.outcome === 'release' ? amount : input.outcome === 'refund' ? 0 : (input.expertCents ?? 0);
  if (input.outcome === 'split' && !(expertCents >= 1 && expertCents <= amount - 1)) {
    // Before anything else: a stale split of a resolved dispute still learns who resolved it.
    const earlier = await resolutionOf(db, input.milestoneId);
    if (earlier) return { kind: 'stale', resolution: resolutionView(earlier) };
    return { kind: 'bad-split' };
  }
  const clientCents = amount - expertCents;
  const at = now.toISOString();
  // In dollars, as the operator decided it and the parties read it.
  const details = `${input.outcome === 'split' ? 'split' : input.outcome === 'release' ? 'released' : 'refunded'} ${formatCents(amount)}: ${formatCents(expertCents)} to the expert, ${formatCents(clientCents)} back to the client`;
  const done = await move(db, {
    milestoneId: input.milestoneId,
    from: ['disputed'],
    to: TO[input.outcome],
    event: { kind: 'resolved', actorId: null, note: input.reason, idempotencyKey: `resolve:${input.milestoneId}` },
    money: input.outcome,
    ...(input.outcome === 'split' ? { expertCents } : {}),
    fees,
    at,
    inTransaction: async (trx) => {
      await trx
        .insertInto('disputeResolutions')
        .values({ milestoneId: input.milestoneId, operatorId: input.operator.id, operatorEmail: input.operator.email, outcome: input.outcome, expertCents, clientCents, reason: input.reason, at })
        .execute();
      await writeAudit(trx, {
        operator: input.operator,
        action: `dispute.${input.outcome}`,
        objectType: 'milestone',
        objectId: input.milestoneId,
        reason: input.reason,
        details,
        address: input.address,
        at: now,
      });
    },
  });
  if (done) {
    const resolution = resolutionView({ milestoneId: input.milestoneId, operatorId: input.operator.id, operatorEmail: input.operator.email, outcome: input.outcome, expertCents, clientCents, reason: input.reason, at });
    return { kind: 'resolved', resolution, repeated: false, refundPaymentId: done.refundPaymentId };
  }
  const earlier = await resolutionOf(db, input.milestoneId);
  if (!earlier) return { kind: 'not-disputed' };
  const same = earlier.operatorId === input.operator.id && earlier.outcome === input.outcome && earlier.expertCents === expertCents;
  return same ? { kind: 'resolved', resolution: resolutionView(earlier), repeated: true, refundPaymentId: null } : { kind: 'stale', resolution: resolutionView(earlier) };
}

