import { PROFILE_MESSAGES } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { runCompiledOnce } from '../../db/compiledOnce';
import { findUserById, type UserRow } from './repository';
import { forbidden, notFound } from '../../http/errors';

/** Another member's profile is readable only while it is public; private and missing look the same (404). */
function assertReadable<Row extends Pick<UserRow, 'id' | 'isProfilePublic'>>(row: Row | undefined, viewerId: number): Row {
  if (!row || (row.id !== viewerId && row.isProfilePublic !== 1)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return row;
}

export async function readableUser(db: Db, viewerId: number, ownerId: number): Promise<UserRow> {
  return assertReadable(await findUserById(db, ownerId), viewerId);
}

/** The same check for reads that need only the owner's id (the record and publication lists): two columns, not the account row. */
export async function readableOwnerId(db: Db, viewerId: number, ownerId: number): Promise<number> {
  const build = () => db.kysely.selectFrom('users').select(['id', 'isProfilePublic']).where('id', '=', 0);
  const { rows } = await runCompiledOnce<Pick<UserRow, 'id' | 'isProfilePublic'>>(db, 'users.readableOwner', build, [ownerId]);
  return assertReadable(rows[0], viewerId).id;
}

/** Writes are allowed on one's own account only. */
export function assertSelf(viewerId: number, targetId: number): void {
  if (viewerId !== targetId) throw forbidden('You can only change your own profile.');
}
