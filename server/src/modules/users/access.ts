import { PROFILE_MESSAGES } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { findUserById, type UserRow } from './repository';
import { forbidden, notFound } from '../../http/errors';

/** Another member's profile is readable only while it is public; private and missing look the same (404). */
export async function readableUser(db: Db, viewerId: number, ownerId: number): Promise<UserRow> {
  const row = await findUserById(db, ownerId);
  if (!row || (row.id !== viewerId && row.isProfilePublic !== 1)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return row;
}

/** Writes are allowed on one's own account only. */
export function assertSelf(viewerId: number, targetId: number): void {
  if (viewerId !== targetId) throw forbidden('You can only change your own profile.');
}
