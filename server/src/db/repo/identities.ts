import type { Db } from '../connect';

export async function findUserIdByIdentity(db: Db, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db.kysely.selectFrom('identities').select('userId').where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
  return row?.userId;
}

export async function linkIdentity(db: Db, userId: number, issuer: string, subject: string): Promise<void> {
  await db.kysely.insertInto('identities').values({ userId, issuer, subject, createdAt: new Date().toISOString() }).execute();
}
