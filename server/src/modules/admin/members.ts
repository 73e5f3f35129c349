// Members as operators see them: found by name or e-mail, with their account state and contracts — never a
// password hash, a token or a session id.
import { ADMIN_LIMITS, type AdminMemberView } from '@sciexperts/shared/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

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
      'u.isProfilePublic',
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
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    createdAt: r.createdAt,
    signInWith: r.authProvider,
    emailVerified: r.emailVerifiedAt !== null,
    deleted: r.deletedAt !== null,
    profilePublic: Number(r.isProfilePublic) === 1,
    activeSessions: Number(r.activeSessions ?? 0),
    contracts: { asClient: Number(r.asClient ?? 0), asExpert: Number(r.asExpert ?? 0) },
  }));
}

export async function findMember(db: Db, id: number) {
  return db.kysely.selectFrom('users').select(['id', 'email', 'firstName', 'emailVerifiedAt', 'deletedAt']).where('id', '=', id).executeTakeFirst();
}
