import { PROFILE_MESSAGES } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { compiledOnce, runCompiledOnce } from '../../db/compiledOnce';
import { findUserById, type UserRow } from './repository';
import { forbidden, notFound } from '../../http/errors';

/**
 * Another member's profile is readable only while it is public and not hidden by an operator; private, hidden and
 * missing look the same (404).
 */
function assertReadable<Row extends Pick<UserRow, 'id' | 'isProfilePublic' | 'profileHiddenAt'>>(row: Row | undefined, viewerId: number): Row {
  if (!row || (row.id !== viewerId && (row.isProfilePublic !== 1 || row.profileHiddenAt))) throw notFound(PROFILE_MESSAGES.userNotFound);
  return row;
}

export async function readableUser(db: Db, viewerId: number, ownerId: number): Promise<UserRow> {
  return assertReadable(await findUserById(db, ownerId), viewerId);
}

/** What the list reads need of a readable owner: the id, and the version of their records (migration 0022). */
export interface ReadableOwner {
  id: number;
  recordsVersion: number;
}

type OwnerRow = Pick<UserRow, 'id' | 'isProfilePublic' | 'profileHiddenAt'> & ReadableOwner;

/** The same check for the list reads (records, publications): three columns, not the account row. */
export async function readableOwner(db: Db, viewerId: number, ownerId: number): Promise<ReadableOwner> {
  const build = () => db.kysely.selectFrom('users').select(['id', 'isProfilePublic', 'profileHiddenAt', 'recordsVersion']).where('id', '=', 0);
  // On SQLite outside a transaction, at once (decision 0019: Kysely's lock and promises cost more than the read).
  const now = db.readNow?.<OwnerRow>(compiledOnce(db, 'users.readableOwner', build), [ownerId]);
  const row = assertReadable(now ? now.row : (await runCompiledOnce<OwnerRow>(db, 'users.readableOwner', build, [ownerId])).rows[0], viewerId);
  return { id: row.id, recordsVersion: Number(row.recordsVersion) };
}

/** Writes are allowed on one's own account only. */
export function assertSelf(viewerId: number, targetId: number): void {
  if (viewerId !== targetId) throw forbidden('You can only change your own profile.');
}
