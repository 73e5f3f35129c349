// Queries of the projects domain's tables: projects, proposals, projectInvitations, contracts, contractMilestones,
// projectAttachments. Rows come back as stored; ./views.ts turns them into the contract's shapes in batches.
import { LIVE_PROPOSAL_STATUSES, PROJECT_LIMITS, type Contract, type Project, type ProjectTeaser } from '@sciexperts/shared/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, ProjectAttachmentsTable, ProjectInvitationsTable, ProjectsTable, ProposalsTable } from '../../db/schema';
import type { ProjectFilter, ProjectValues, ProposalValues } from './rules';

export type ProjectRow = Selectable<ProjectsTable>;
export type ProposalRow = Selectable<ProposalsTable>;
export type InvitationRow = Selectable<ProjectInvitationsTable>;
export type AttachmentRow = Selectable<ProjectAttachmentsTable>;
/** A contract as hired, with its milestone rows (what ./views.ts enriches with names). */
export type ContractRow = Omit<Contract, 'projectTitle' | 'client' | 'expert'>;

/** Attachments may be added or removed only while the project is still being set up or looking for an expert. */
export const ATTACHABLE_STATUSES = ['draft', 'open'] as const;

/** Thrown inside the hire transaction when another request got there first: rolls everything back, answers 409. */
export class HireConflict extends Error {}

const budgetOf = (r: ProjectRow): Project['budget'] => ({
  type: r.budgetType as Project['budget']['type'],
  amountCents: r.amountCents,
  minCents: r.minCents,
  maxCents: r.maxCents,
  currency: 'USD',
});

/** The project's own columns; ./views.ts adds its owner, counts, attachments, the fee rate and the viewer's relation. */
export type ProjectBase = Omit<Project, 'owner' | 'proposalCount' | 'newProposalCount' | 'attachments' | 'fee' | 'viewer'>;

export function toProjectBase(r: ProjectRow): ProjectBase {
  return {
    id: r.id,
    ownerId: r.ownerId,
    title: r.title,
    description: r.description,
    service: r.service,
    practiceAreas: JSON.parse(r.practiceAreas) as string[],
    budget: budgetOf(r),
    duration: r.duration,
    deadline: r.deadline,
    visibility: r.visibility as Project['visibility'],
    status: r.status as Project['status'],
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    publishedAt: r.publishedAt,
  };
}

export async function insertProject(db: Db, ownerId: number, v: ProjectValues, now: Date): Promise<ProjectRow> {
  const at = now.toISOString();
  return db.kysely
    .insertInto('projects')
    .values({ ...v, practiceAreas: JSON.stringify(v.practiceAreas), ownerId, status: 'draft', createdAt: at, updatedAt: at, publishedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findProject(db: Db, id: number): Promise<ProjectRow | undefined> {
  return db.kysely.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner sees everything; others a public project once published, an invite-only one only while invited. */
export async function canSee(db: Db, p: ProjectRow, viewerId: number): Promise<boolean> {
  if (p.ownerId === viewerId) return true;
  if (p.status === 'draft') return false;
  // Hidden by an operator: gone for everyone but its owner and the expert hired on it (the contract goes on).
  if (p.hiddenAt) {
    const hired = await db.kysely.selectFrom('contracts').select('id').where('projectId', '=', p.id).where('expertId', '=', viewerId).executeTakeFirst();
    return hired !== undefined;
  }
  // An open project of a suspended member is hidden; one in progress stays with its expert (escrow is resolvable).
  if (p.status === 'open') {
    const owner = await db.kysely.selectFrom('users').select('suspendedAt').where('id', '=', p.ownerId).executeTakeFirst();
    if (owner?.suspendedAt) return false;
  }
  if (p.visibility === 'public') return true;
  const invitation = await db.kysely
    .selectFrom('projectInvitations')
    .select('id')
    .where('projectId', '=', p.id)
    .where('expertId', '=', viewerId)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  if (invitation) return true;
  // An expert who already proposed keeps seeing the project they proposed on.
  const proposal = await db.kysely.selectFrom('proposals').select('id').where('projectId', '=', p.id).where('expertId', '=', viewerId).executeTakeFirst();
  return proposal !== undefined;
}

/** Conditional update: changes the row only in one of `from` states; false when nothing matched. */
export async function updateProjectIf(db: Db, id: number, from: readonly string[], set: Partial<Omit<ProjectRow, 'id'>>): Promise<boolean> {
  const res = await db.kysely.updateTable('projects').set(set).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function projectSet(v: ProjectValues, now: Date): Partial<Omit<ProjectRow, 'id'>> {
  return { ...v, practiceAreas: JSON.stringify(v.practiceAreas), updatedAt: now.toISOString() };
}

/** The word as a LIKE pattern's literal part: its own %, _ and the escape character match only themselves. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Open public projects, filtered; every word must occur (any case) in the title or the description. */
export async function listOpenProjects(db: Db, f: ProjectFilter): Promise<{ total: number; rows: ProjectRow[] }> {
  let q = db.kysely
    .selectFrom('projects')
    .where('status', '=', 'open')
    .where('visibility', '=', 'public')
    // Out of the list and the search while an operator keeps it hidden.
    .where('hiddenAt', 'is', null)
    // A suspended member's open projects disappear while the suspension lasts.
    .where('ownerId', 'not in', (eb) => eb.selectFrom('users').select('id').where('suspendedAt', 'is not', null));
  if (f.service) q = q.where('service', '=', f.service);
  if (f.budgetType) q = q.where('budgetType', '=', f.budgetType);
  if (f.minBudget !== undefined) q = q.where('budgetHigh', '>=', f.minBudget);
  if (f.maxBudget !== undefined) q = q.where('budgetLow', '<=', f.maxBudget);
  if (f.postedSince) q = q.where('publishedAt', '>=', `${f.postedSince}T00:00:00.000Z`);
  for (const word of f.words) {
    const pattern = `%${escapeLike(word)}%`;
    q = q.where((eb) => eb.or([sql<boolean>`lower(${eb.ref('title')}) like ${pattern} escape '\\'`, sql<boolean>`lower(${eb.ref('description')}) like ${pattern} escape '\\'`]));
  }
  if (f.matchingMemberId !== undefined) {
    const offered = db.kysely
      .selectFrom('offeredServices')
      .innerJoin('services', 'services.id', 'offeredServices.serviceId')
      .select('services.name')
      .where('offeredServices.userId', '=', f.matchingMemberId);
    q = q.where('service', 'in', offered);
  }
  const count = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(PROJECT_LIMITS.pageSize)
    .offset((f.page - 1) * PROJECT_LIMITS.pageSize)
    .execute();
  return { total: Number(count.n), rows };
}

export function toTeaser(r: ProjectRow): ProjectTeaser {
  return { title: r.title, service: r.service, budget: budgetOf(r), postedAt: r.publishedAt ?? r.createdAt };
}

export async function projectsOf(db: Db, ownerId: number): Promise<ProjectRow[]> {
  return db.kysely.selectFrom('projects').selectAll().where('ownerId', '=', ownerId).orderBy('id', 'desc').execute();
}

/**
 * Inserts a proposal while the project is open, or returns undefined. The project row is locked first (PostgreSQL
 * `FOR UPDATE`; SQLite serialises transactions), so a proposal never lands after a concurrent Hire declined the rest.
 */
export async function insertProposal(
  db: Db,
  projectId: number,
  expertId: number,
  v: ProposalValues,
  now: Date,
  /** More writes that belong to the new proposal (telling the owner), in its transaction. */
  inTransaction?: (trx: Kysely<Database>, proposal: ProposalRow) => Promise<void>,
): Promise<ProposalRow | undefined> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('projects').select('status').where('id', '=', projectId);
    if (db.dialect === 'postgres') lock = lock.forUpdate();
    const project = await lock.executeTakeFirst();
    if (project?.status !== 'open') return undefined;
    const proposal = await trx
      .insertInto('proposals')
      .values({ ...v, milestones: JSON.stringify(v.milestones), projectId, expertId, status: 'submitted', declineReason: null, createdAt: at, updatedAt: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await inTransaction?.(trx, proposal);
    return proposal;
  });
}

export async function findProposal(db: Db, id: number): Promise<ProposalRow | undefined> {
  return db.kysely.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateProposalIf(
  db: Db,
  id: number,
  from: readonly string[],
  set: Partial<Omit<ProposalRow, 'id'>>,
  /** More writes that belong to this change (telling the expert), in its transaction; only when it happened. */
  inTransaction?: (trx: Kysely<Database>, proposal: ProposalRow) => Promise<void>,
): Promise<boolean> {
  const change = (k: Kysely<Database>) => k.updateTable('proposals').set(set).where('id', '=', id).where('status', 'in', [...from]);
  // An edit or a withdrawal tells nobody: one statement, no transaction.
  if (!inTransaction) return Number((await change(db.kysely).executeTakeFirst()).numUpdatedRows) === 1;
  return db.kysely.transaction().execute(async (trx) => {
    const changed = await change(trx).returningAll().executeTakeFirst();
    if (changed) await inTransaction(trx, changed);
    return changed !== undefined;
  });
}

export async function proposalsOfProject(db: Db, projectId: number): Promise<ProposalRow[]> {
  return db.kysely.selectFrom('proposals').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

export async function proposalsOfExpert(db: Db, expertId: number): Promise<ProposalRow[]> {
  return db.kysely.selectFrom('proposals').selectAll().where('expertId', '=', expertId).orderBy('id', 'desc').execute();
}

/**
 * Hire, in one transaction: the project goes open → in-progress by a conditional UPDATE (the second of two
 * concurrent hires matches no row and throws HireConflict, rolling back), the proposal becomes hired, the other
 * live proposals are declined, and the contract is written with the milestone plan as rows.
 */
export async function hire(
  db: Db,
  proposal: ProposalRow,
  clientId: number,
  now: Date,
  /** More writes that belong to the hire (telling the hired expert and those declined), in its transaction. */
  inTransaction?: (trx: Kysely<Database>, hired: ContractRow, declined: ProposalRow[]) => Promise<void>,
): Promise<ContractRow> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const project = await trx
      .updateTable('projects')
      .set({ status: 'in-progress', updatedAt: at })
      .where('id', '=', proposal.projectId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(project.numUpdatedRows) !== 1) throw new HireConflict();
    // RETURNING gives the proposal as hired, so an edit committed just before is what the contract agrees to.
    const hired = await trx
      .updateTable('proposals')
      .set({ status: 'hired', updatedAt: at })
      .where('id', '=', proposal.id)
      .where('status', 'in', [...LIVE_PROPOSAL_STATUSES])
      .returningAll()
      .executeTakeFirst();
    if (!hired) throw new HireConflict();
    const declined = await trx
      .updateTable('proposals')
      .set({ status: 'declined', updatedAt: at })
      .where('projectId', '=', proposal.projectId)
      .where('id', '!=', proposal.id)
      .where('status', 'in', [...LIVE_PROPOSAL_STATUSES])
      .returningAll()
      .execute();
    const contract = await trx
      .insertInto('contracts')
      .values({ projectId: hired.projectId, proposalId: hired.id, clientId, expertId: hired.expertId, priceType: hired.priceType, priceCents: hired.priceCents, status: 'active', createdAt: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    const plan = JSON.parse(hired.milestones) as ProposalValues['milestones'];
    if (plan.length > 0) {
      await trx
        .insertInto('contractMilestones')
        .values(plan.map((m, i) => ({ contractId: contract.id, position: i + 1, title: m.title, amountCents: m.amountCents, dueDate: m.dueDate, status: 'pending' })))
        .execute();
    }
    const milestones = await trx.selectFrom('contractMilestones').selectAll().where('contractId', '=', contract.id).orderBy('position').execute();
    const row: ContractRow = { ...contract, priceType: contract.priceType as Contract['priceType'], status: 'active' as const, milestones: milestones.map(({ contractId: _c, ...m }) => m) };
    await inTransaction?.(trx, row, declined);
    return row;
  });
}

export async function contractsOf(db: Db, memberId: number): Promise<ContractRow[]> {
  const contracts = await db.kysely
    .selectFrom('contracts')
    .selectAll()
    .where((eb) => eb.or([eb('clientId', '=', memberId), eb('expertId', '=', memberId)]))
    .orderBy('id', 'desc')
    .execute();
  if (contracts.length === 0) return [];
  const milestones = await db.kysely.selectFrom('contractMilestones').selectAll().where('contractId', 'in', contracts.map((c) => c.id)).orderBy('position').execute();
  return contracts.map((c) => ({
    ...c,
    priceType: c.priceType as Contract['priceType'],
    status: c.status as Contract['status'],
    milestones: milestones.filter((m) => m.contractId === c.id).map(({ contractId: _c, ...m }) => m),
  }));
}

export async function insertInvitation(
  db: Db,
  projectId: number,
  expertId: number,
  now: Date,
  /** More writes that belong to the invitation (telling the expert), in its transaction. */
  inTransaction?: (trx: Kysely<Database>, invitation: InvitationRow) => Promise<void>,
): Promise<InvitationRow> {
  return db.kysely.transaction().execute(async (trx) => {
    const invitation = await trx.insertInto('projectInvitations').values({ projectId, expertId, status: 'invited', createdAt: now.toISOString() }).returningAll().executeTakeFirstOrThrow();
    await inTransaction?.(trx, invitation);
    return invitation;
  });
}

export async function invitationsOfProject(db: Db, projectId: number): Promise<InvitationRow[]> {
  return db.kysely.selectFrom('projectInvitations').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

/**
 * The invitations an expert received: not those of a draft, which are held until the owner publishes it, nor those
 * of a project an operator hid (its page is not found for the expert either).
 */
export async function invitationsOfExpert(db: Db, expertId: number): Promise<InvitationRow[]> {
  return db.kysely
    .selectFrom('projectInvitations')
    .selectAll()
    .where('expertId', '=', expertId)
    .where('projectId', 'not in', (eb) => eb.selectFrom('projects').select('id').where((p) => p.or([p('status', '=', 'draft'), p('hiddenAt', 'is not', null)])))
    .orderBy('id', 'desc')
    .execute();
}

/** Draft → open with its publication time, and what belongs to publishing (telling held invitations) in its transaction. */
export async function publishDraft(db: Db, id: number, at: string, inTransaction: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const res = await trx.updateTable('projects').set({ status: 'open', updatedAt: at, publishedAt: at }).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await inTransaction(trx);
    return true;
  });
}

export async function findInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  return db.kysely.selectFrom('projectInvitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function declineInvitationIf(db: Db, id: number): Promise<boolean> {
  const res = await db.kysely.updateTable('projectInvitations').set({ status: 'declined' }).where('id', '=', id).where('status', '=', 'invited').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Records an attachment whose bytes are already stored, under the project row's lock (PostgreSQL `FOR UPDATE`;
 * SQLite serialises transactions): counted and inserted only while the project is a draft or open and holds fewer
 * than the maximum, so two uploads racing for the last place, or an upload racing a Hire or Cancel, cannot both win.
 */
export async function insertAttachment(
  db: Db,
  projectId: number,
  file: { name: string; contentType: string; size: number; storageKey: string },
  now: Date,
): Promise<AttachmentRow | 'locked' | 'full'> {
  return db.kysely.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('projects').select('status').where('id', '=', projectId);
    if (db.dialect === 'postgres') lock = lock.forUpdate();
    const project = await lock.executeTakeFirst();
    if (!project || !(ATTACHABLE_STATUSES as readonly string[]).includes(project.status)) return 'locked';
    const { n } = await trx
      .selectFrom('projectAttachments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PROJECT_LIMITS.attachmentsMax) return 'full';
    return trx
      .insertInto('projectAttachments')
      .values({ projectId, ...file, createdAt: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function findAttachment(db: Db, projectId: number, attachmentId: number): Promise<AttachmentRow | undefined> {
  return db.kysely.selectFrom('projectAttachments').selectAll().where('id', '=', attachmentId).where('projectId', '=', projectId).executeTakeFirst();
}

/** Deletes the row under the project's lock while it is a draft or open; the caller then removes the bytes. */
export async function deleteAttachment(db: Db, projectId: number, attachmentId: number): Promise<AttachmentRow | 'missing' | 'locked'> {
  return db.kysely.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('projects').select('status').where('id', '=', projectId);
    if (db.dialect === 'postgres') lock = lock.forUpdate();
    const project = await lock.executeTakeFirst();
    const row = await trx.selectFrom('projectAttachments').selectAll().where('id', '=', attachmentId).where('projectId', '=', projectId).executeTakeFirst();
    if (!project || !row) return 'missing';
    if (!(ATTACHABLE_STATUSES as readonly string[]).includes(project.status)) return 'locked';
    await trx.deleteFrom('projectAttachments').where('id', '=', row.id).execute();
    return row;
  });
}

/** Which of these stored file names still have a row (the sweep removes the others). */
export async function knownStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // Project attachments and contract files share the folder, so the sweep must know both.
  const rows = await db.kysely
    .selectFrom('projectAttachments')
    .select('storageKey')
    .where('storageKey', 'in', keys)
    .unionAll(db.kysely.selectFrom('contractFiles').select('storageKey').where('storageKey', 'in', keys))
    .execute();
  return new Set(rows.map((r) => r.storageKey));
}
