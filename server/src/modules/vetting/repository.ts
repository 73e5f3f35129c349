// Expert vetting's reads and writes. A request names its documents by id (files the expert uploaded); a decision is
// one conditional UPDATE from 'pending', so two operators deciding at once decide once (PostgreSQL: the second waits
// and then matches nothing; SQLite serialises). The member's `verifiedAt` and the directory's `verified` column
// change in the same transaction as the decision and its audit entry.
import {
  VETTING_LIMITS,
  expertSlug,
  type VettingFileView,
  type VettingOutcome,
  type VettingQueueItemView,
  type VettingRequestInput,
  type VettingRequestStatus,
  type VettingRequestView,
} from '@sciexperts/shared/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/connect';
import type { Database, VettingFilesTable, VettingRequestsTable } from '../../db/schema';
import { refreshExpertSearch } from '../directory/searchIndex';

export type VettingFileRow = Selectable<VettingFilesTable>;
export type VettingRequestRow = Selectable<VettingRequestsTable>;
type Trx = Kysely<Database>;

export const fileView = (f: VettingFileRow): VettingFileView => ({ id: f.id, name: f.name, contentType: f.contentType, size: f.size, createdAt: f.createdAt });

async function filesById(k: Trx, ids: number[]): Promise<Map<number, VettingFileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await k.selectFrom('vettingFiles').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Requests as the contract shows them (the documents joined in one query). */
export async function requestViews(k: Trx, rows: VettingRequestRow[]): Promise<VettingRequestView[]> {
  const files = await filesById(
    k,
    rows.flatMap((r) => (r.degreeFileId === null ? [r.identityFileId] : [r.identityFileId, r.degreeFileId])),
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status as VettingRequestStatus,
    legalName: r.legalName,
    identityFile: fileView(files.get(r.identityFileId)!),
    degree: { title: r.degreeTitle, institution: r.degreeInstitution, year: r.degreeYear, file: r.degreeFileId === null ? null : fileView(files.get(r.degreeFileId)!) },
    affiliation: { institution: r.affiliationInstitution, role: r.affiliationRole },
    orcidId: r.orcidId,
    reReview: r.reviewOf !== null,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    decisionReason: r.decisionReason,
  }));
}

export async function requestView(k: Trx, row: VettingRequestRow): Promise<VettingRequestView> {
  return (await requestViews(k, [row]))[0]!;
}

export async function latestRequest(db: Db, userId: number): Promise<VettingRequestRow | undefined> {
  return db.kysely.selectFrom('vettingRequests').selectAll().where('userId', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findRequest(k: Trx, id: number): Promise<VettingRequestRow | undefined> {
  return k.selectFrom('vettingRequests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOwnFile(db: Db, userId: number, fileId: number): Promise<VettingFileRow | undefined> {
  return db.kysely.selectFrom('vettingFiles').selectAll().where('id', '=', fileId).where('userId', '=', userId).executeTakeFirst();
}

/** A new document of the member's; 'full' past the limit (the caller removes the stored bytes then). */
export async function insertFile(db: Db, userId: number, file: { name: string; contentType: string; size: number; storageKey: string }, now: Date): Promise<VettingFileRow | 'full'> {
  return db.kysely.transaction().execute(async (trx) => {
    const { n } = await trx.selectFrom('vettingFiles').select((eb) => eb.fn.countAll<number | string>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow();
    if (Number(n) >= VETTING_LIMITS.filesPerMember) return 'full';
    return trx.insertInto('vettingFiles').values({ userId, ...file, createdAt: now.toISOString() }).returningAll().executeTakeFirstOrThrow();
  });
}

/** Opens a pending request; undefined when one is pending already (the partial unique index decides a race). */
export async function insertRequest(db: Db, userId: number, input: VettingRequestInput & { legalName: string }, orcidId: string | null, now: Date): Promise<VettingRequestRow | undefined> {
  return db.kysely
    .insertInto('vettingRequests')
    .values({
      userId,
      status: 'pending',
      legalName: input.legalName,
      identityFileId: input.identityFileId,
      degreeTitle: input.degree.title,
      degreeInstitution: input.degree.institution,
      degreeYear: input.degree.year,
      degreeFileId: input.degree.fileId ?? null,
      affiliationInstitution: input.affiliation.institution,
      affiliationRole: input.affiliation.role,
      orcidId,
      reviewOf: null,
      createdAt: now.toISOString(),
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
    })
    .onConflict((oc) => oc.column('userId').where(sql<boolean>`"status" = 'pending'`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Pending requests, the longest-waiting first. */
export async function vettingQueue(db: Db, now: Date): Promise<VettingQueueItemView[]> {
  const rows = await db.kysely
    .selectFrom('vettingRequests as v')
    .innerJoin('users as u', 'u.id', 'v.userId')
    .select(['v.id', 'v.userId', 'v.reviewOf', 'v.createdAt', 'u.firstName', 'u.lastName', 'u.email'])
    .where('v.status', '=', 'pending')
    .orderBy('v.createdAt')
    .orderBy('v.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    expert: { id: r.userId, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email },
    reReview: r.reviewOf !== null,
    createdAt: r.createdAt,
    waitingSeconds: waitingSeconds(r.createdAt, now),
  }));
}

export const waitingSeconds = (since: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 1000));

export async function expertOf(db: Db, userId: number) {
  const u = await db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'email', 'headline', 'verifiedAt']).where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    headline: u.headline ?? '',
    profilePath: `/experts/${u.id}-${expertSlug(u.firstName, u.lastName)}`,
    verified: Boolean(u.verifiedAt),
  };
}

export type DecideResult = { kind: 'decided'; row: VettingRequestRow; repeated: boolean } | { kind: 'stale'; row: VettingRequestRow } | { kind: 'not-found' };

/**
 * Decides a pending request in the caller's transaction: the request, the member's verified mark and the directory
 * move together. The same operator repeating the same decision gets it back (`repeated`); anything else after the
 * first decision is stale.
 */
export async function decide(trx: Trx, dialect: Dialect, id: number, outcome: VettingOutcome, reason: string, by: string, now: Date): Promise<DecideResult> {
  const status = outcome === 'approve' ? 'approved' : 'rejected';
  const at = now.toISOString();
  const updated = await trx
    .updateTable('vettingRequests')
    .set({ status, decidedAt: at, decidedBy: by, decisionReason: reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const row = await findRequest(trx, id);
    if (!row) return { kind: 'not-found' };
    if (row.decidedBy === by && row.status === status) return { kind: 'decided', row, repeated: true };
    return { kind: 'stale', row };
  }
  if (outcome === 'approve') {
    await trx.updateTable('users').set({ verifiedAt: at }).where('id', '=', updated.userId).execute();
    await refreshExpertSearch(trx, dialect, updated.userId);
  }
  return { kind: 'decided', row: updated, repeated: false };
}

/**
 * The name-change rule: a verified member whose first or last name changed is verified no more, and a pending
 * re-review is opened from the approved request's documents (operators see it as a re-review). Call inside the
 * transaction that changed the name, after the change. Does nothing for a member who is not verified.
 */
export async function sendBackToReview(trx: Trx, userId: number, now: Date): Promise<boolean> {
  const user = await trx.selectFrom('users').select(['verifiedAt', 'orcidId']).where('id', '=', userId).executeTakeFirst();
  if (!user?.verifiedAt) return false;
  await trx.updateTable('users').set({ verifiedAt: null }).where('id', '=', userId).execute();
  const approved = await trx.selectFrom('vettingRequests').selectAll().where('userId', '=', userId).where('status', '=', 'approved').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!approved) return true;
  await trx
    .insertInto('vettingRequests')
    .values({
      userId,
      status: 'pending',
      legalName: approved.legalName,
      identityFileId: approved.identityFileId,
      degreeTitle: approved.degreeTitle,
      degreeInstitution: approved.degreeInstitution,
      degreeYear: approved.degreeYear,
      degreeFileId: approved.degreeFileId,
      affiliationInstitution: approved.affiliationInstitution,
      affiliationRole: approved.affiliationRole,
      orcidId: user.orcidId ?? approved.orcidId,
      reviewOf: approved.id,
      createdAt: now.toISOString(),
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
    })
    .onConflict((oc) => oc.column('userId').where(sql<boolean>`"status" = 'pending'`).doNothing())
    .execute();
  return true;
}
