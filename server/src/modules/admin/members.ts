// Members as operators see them: found by name or e-mail, with their account state and contracts — never a
// password hash, a token or a session id.
import { ADMIN_LIMITS, LIVE_PROPOSAL_STATUSES, type AdminMemberProjectView, type AdminMemberView } from '@sciexperts/shared/contracts';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { refreshExpertSearch, writeExpertSearch } from '../directory/searchIndex';

/** LIKE with the member's text taken literally (% and _ escaped). */
const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchMembers(db: Db, query: string, now: Date): Promise<AdminMemberView[]> {
  const like = likeOf(query.trim());
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
    ])
    .where((eb) =>
      eb.or([
        eb(sql`lower(${sql.ref('u.email')})`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(${sql.ref('u.firstName')} || ' ' || ${sql.ref('u.lastName')})`, 'like', sql`${like} escape '\\'`),
      ]),
    )
    .orderBy('u.id', 'desc')
    .limit(ADMIN_LIMITS.membersPageMax)
    .execute();
  const projects = await projectsOf(db, rows.map((r) => r.id));
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
  }));
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
