import type { Db } from '../connect';

export async function insertResetToken(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.kysely.insertInto('passwordResetTokens').values({ userId, tokenHash, expiresAt: expiresAt.toISOString(), usedAt: null }).execute();
}

/** Marks the token used and returns its member; the conditional update makes it one-time even under races. */
export async function consumeResetToken(db: Db, tokenHash: string, now = new Date()): Promise<number | undefined> {
  const row = await db.kysely
    .updateTable('passwordResetTokens')
    .set({ usedAt: now.toISOString() })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .returning('userId')
    .executeTakeFirst();
  return row?.userId;
}

export async function deleteResetTokensOf(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('passwordResetTokens').where('userId', '=', userId).execute();
}
