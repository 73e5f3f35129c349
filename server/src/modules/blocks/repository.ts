import type { BlockedMember } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';

/** Who blocked whom between two members: the chat answers each side differently. */
export type BlockDirection = 'byMe' | 'byThem' | null;

/** Idempotent: a second block of the same member keeps the first one's date (the unique index memberBlocks_once). */
export async function block(db: Db, blockerId: number, blockedId: number, at: Date): Promise<void> {
  await db.kysely
    .insertInto('memberBlocks')
    .values({ blockerId, blockedId, createdAt: at.toISOString() })
    .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
    .execute();
}

export async function unblock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.kysely.deleteFrom('memberBlocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).execute();
}

export async function blocks(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const row = await db.kysely.selectFrom('memberBlocks').select('blockerId').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst();
  return row !== undefined;
}

/** Whether `me` blocked `other` or `other` blocked `me` (mine first: a member who blocked is told so, even if both did). */
export async function blockBetween(db: Db, me: number, other: number): Promise<BlockDirection> {
  const rows = await db.kysely
    .selectFrom('memberBlocks')
    .select('blockerId')
    .where((eb) => eb.or([eb.and([eb('blockerId', '=', me), eb('blockedId', '=', other)]), eb.and([eb('blockerId', '=', other), eb('blockedId', '=', me)])]))
    .execute();
  if (rows.some((r) => r.blockerId === me)) return 'byMe';
  return rows.length > 0 ? 'byThem' : null;
}

/** The members `me` blocked, most recent first (members who deleted their account are left out). */
export async function listBlocked(db: Db, me: number): Promise<BlockedMember[]> {
  const rows = await db.kysely
    .selectFrom('memberBlocks as b')
    .innerJoin('users as u', 'u.id', 'b.blockedId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.profImgUrl', 'b.createdAt'])
    .where('b.blockerId', '=', me)
    .where('u.deletedAt', 'is', null)
    .orderBy('b.createdAt', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, profImgUrl: r.profImgUrl, blockedAt: r.createdAt }));
}
