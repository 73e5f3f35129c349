// Members as operators see them: found by name or e-mail, with their account state, contracts and the reports about
// them — never a password hash, a token or a session id.
import {
  ADMIN_LIMITS,
  LIVE_PROPOSAL_STATUSES,
  type AdminMemberProjectView,
  type AdminMemberReportView,
  type AdminMemberView,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
} from '@sciexperts/shared/contracts';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { refreshExpertSearch, writeExpertSearch } from '../directory/searchIndex';
import { excerptOf } from './reports';

/** LIKE with the member's text taken literally (% and _ escaped). */
const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `withReports`: the operator's role reads reports (finance does not: their `reports` is null). */
export async function searchMembers(db: Db, query: string, now: Date, options: { withReports: boolean }): Promise<AdminMemberView[]> {
  return membersWhere(db, { like: likeOf(query.trim()) }, now, options);
}

/** One member's page in the console, as the search shows them; undefined when there is no such member. */
export async function memberPage(db: Db, id: number, now: Date, options: { withReports: boolean }): Promise<AdminMemberView | undefined> {
  return (await membersWhere(db, { id }, now, options))[0];
}

async function membersWhere(db: Db, which: { like: string } | { id: number }, now: Date, { withReports }: { withReports: boolean }): Promise<AdminMemberView[]> {
  const rows = await db.kysely
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.createdAt',
      'u.authProvider',
      'u.emailVerifiedAt',
      'u.deletedAt',
      'u.suspendedAt',
      'u.suspensionReason',
      'u.isProfilePublic',
      'u.profileHiddenAt',
      'u.profileHiddenReason',
      eb.selectFrom('sessions as s').select((s) => s.fn.countAll<number | string>().as('n')).whereRef('s.userId', '=', 'u.id').where('s.expiresAt', '>', now.toISOString()).as('activeSessions'),
      eb.selectFrom('contracts as c').select((c) => c.fn.countAll<number | string>().as('n')).whereRef('c.clientId', '=', 'u.id').as('asClient'),
      eb.selectFrom('contracts as c').select((c) => c.fn.countAll<number | string>().as('n')).whereRef('c.expertId', '=', 'u.id').as('asExpert'),
      eb.selectFrom('reports as r').select((r) => r.fn.countAll<number | string>().as('n')).whereRef('r.reporterId', '=', 'u.id').as('reportsFiled'),
      eb.selectFrom('reports as r').select((r) => r.fn.countAll<number | string>().as('n')).whereRef('r.subjectId', '=', 'u.id').as('reportsAbout'),
    ])
    .where((eb) =>
      'id' in which
        ? eb('u.id', '=', which.id)
        : eb.or([
            eb(sql`lower(${sql.ref('u.email')})`, 'like', sql`${which.like} escape '\\'`),
            eb(sql`lower(${sql.ref('u.firstName')} || ' ' || ${sql.ref('u.lastName')})`, 'like', sql`${which.like} escape '\\'`),
          ]),
    )
    .orderBy('u.id', 'desc')
    .limit(ADMIN_LIMITS.membersPageMax)
    .execute();
  const ids = rows.map((r) => r.id);
  const [projects, reports] = await Promise.all([projectsOf(db, ids), withReports ? reportsAbout(db, ids) : null]);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    createdAt: r.createdAt,
    signInWith: r.authProvider,
    emailVerified: r.emailVerifiedAt !== null,
    deleted: r.deletedAt !== null,
    suspended: r.suspendedAt ? { at: r.suspendedAt, reason: r.suspensionReason ?? '' } : null,
    profilePublic: Number(r.isProfilePublic) === 1,
    profileHidden: r.profileHiddenAt ? { at: r.profileHiddenAt, reason: r.profileHiddenReason ?? '' } : null,
    projects: (projects.get(r.id) ?? []).slice(0, MEMBER_PROJECTS_MAX),
    activeSessions: Number(r.activeSessions ?? 0),
    contracts: { asClient: Number(r.asClient ?? 0), asExpert: Number(r.asExpert ?? 0) },
    reports: reports ? { about: reports.get(r.id) ?? [], aboutCount: Number(r.reportsAbout ?? 0), filed: Number(r.reportsFiled ?? 0) } : null,
  }));
}

/**
 * The reports whose subject is one of these members (the sender of a message, the owner of a project, the expert of a
 * proposal, the member of a profile), open and closed, the newest `memberReportsMax` of each, with what was reported.
 */
async function reportsAbout(db: Db, subjectIds: number[]): Promise<Map<number, AdminMemberReportView[]>> {
  const bySubject = new Map<number, AdminMemberReportView[]>();
  if (subjectIds.length === 0) return bySubject;
  const k = db.kysely;
  const newest = k
    .selectFrom('reports as r')
    .select((eb) => [
      'r.id',
      'r.subjectId',
      'r.targetType',
      'r.targetId',
      'r.reason',
      'r.note',
      'r.status',
      'r.createdAt',
      'r.closedAt',
      eb.fn.agg<number>('row_number').over((over) => over.partitionBy('r.subjectId').orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc')).as('rank'),
    ])
    .where('r.subjectId', 'in', subjectIds)
    .as('n');
  const rows = await k
    .selectFrom(newest)
    // What was reported, by its type (each target is at most one row).
    .leftJoin('messages as m', (j) => j.onRef('m.id', '=', 'n.targetId').on('n.targetType', '=', 'message'))
    .leftJoin('projects as p', (j) => j.onRef('p.id', '=', 'n.targetId').on('n.targetType', '=', 'project'))
    .leftJoin('proposals as pr', (j) => j.onRef('pr.id', '=', 'n.targetId').on('n.targetType', '=', 'proposal'))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'n.targetId').on('n.targetType', '=', 'profile'))
    .select(['n.id', 'n.subjectId', 'n.targetType', 'n.targetId', 'n.reason', 'n.note', 'n.status', 'n.createdAt', 'n.closedAt', 'm.text', 'p.title', 'pr.coverLetter', 'u.firstName', 'u.lastName', 'u.headline'])
    .where('n.rank', '<=', ADMIN_LIMITS.memberReportsMax)
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  for (const r of rows) {
    const target =
      r.targetType === 'message' ? r.text : r.targetType === 'project' ? r.title : r.targetType === 'proposal' ? r.coverLetter : r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}: ${r.headline ?? ''}`.trim() : null;
    const list = bySubject.get(r.subjectId!) ?? [];
    list.push({
      id: r.id,
      targetType: r.targetType as ReportTarget,
      targetId: r.targetId,
      target: excerptOf(target ?? '(removed)'),
      reason: r.reason as ReportReason,
      note: r.note,
      status: r.status as ReportStatus,
      createdAt: r.createdAt,
      closedAt: r.closedAt,
    });
    bySubject.set(r.subjectId!, list);
  }
  return bySubject;
}

const MEMBER_PROJECTS_MAX = 20;

/** The members' projects (drafts left out: nobody else sees them), newest first, with the hiding an operator did. */
async function projectsOf(db: Db, ownerIds: number[]): Promise<Map<number, AdminMemberProjectView[]>> {
  const byOwner = new Map<number, AdminMemberProjectView[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db.kysely
    .selectFrom('projects')
    .select(['id', 'ownerId', 'title', 'status', 'hiddenAt', 'hiddenReason'])
    .where('ownerId', 'in', ownerIds)
    .where('status', '!=', 'draft')
    .orderBy('id', 'desc')
    .execute();
  for (const p of rows) {
    const list = byOwner.get(p.ownerId) ?? [];
    list.push({ id: p.id, title: p.title, status: p.status as AdminMemberProjectView['status'], hidden: p.hiddenAt ? { at: p.hiddenAt, reason: p.hiddenReason ?? '' } : null });
    byOwner.set(p.ownerId, list);
  }
  return byOwner;
}

export async function findMember(db: Db, id: number) {
  return db.kysely.selectFrom('users').select(['id', 'email', 'firstName', 'emailVerifiedAt', 'deletedAt', 'suspendedAt']).where('id', '=', id).executeTakeFirst();
}

/**
 * Suspends a member in one transaction with its audit entry: no more sign-in, sessions deleted, public profile out of
 * the directory, open projects hidden (by the projects' own queries), live proposals withdrawn. Contracts, escrow and
 * the ledger are untouched: an operator can still resolve their disputes. 'already' when suspended before.
 */
export async function suspendMember(db: Db, id: number, reason: string, at: Date, audit: (trx: Kysely<Database>, details: string) => Promise<void>): Promise<'done' | 'already'> {
  const when = at.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const changed = await trx.updateTable('users').set({ suspendedAt: when, suspensionReason: reason }).where('id', '=', id).where('suspendedAt', 'is', null).executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return 'already';
    await trx.deleteFrom('sessions').where('userId', '=', id).execute();
    const withdrawn = await trx
      .updateTable('proposals')
      .set({ status: 'withdrawn', updatedAt: when })
      .where('expertId', '=', id)
      .where('status', 'in', [...LIVE_PROPOSAL_STATUSES])
      .executeTakeFirst();
    await writeExpertSearch(trx, db.dialect, id, undefined);
    await audit(trx, `${Number(withdrawn.numUpdatedRows)} proposals withdrawn`);
    return 'done';
  });
}

/** Lifts a suspension: sign-in works again and the profile is listed again if it qualifies (withdrawn proposals stay). */
export async function liftSuspension(db: Db, id: number, audit: (trx: Kysely<Database>) => Promise<void>): Promise<'done' | 'not-suspended'> {
  return db.kysely.transaction().execute(async (trx) => {
    const changed = await trx.updateTable('users').set({ suspendedAt: null, suspensionReason: null }).where('id', '=', id).where('suspendedAt', 'is not', null).executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return 'not-suspended';
    await refreshExpertSearch(trx, db.dialect, id);
    await audit(trx);
    return 'done';
  });
}
