import { randomBytes } from 'node:crypto';
import type { Db } from '../connect';

export async function createSession(db: Db, userId: number, ttlSeconds: number, now = new Date()): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.kysely.insertInto('sessions').values({ id, userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() }).execute();
  // Expired rows are useless; pruning here keeps the table small without a timer.
  await db.kysely.deleteFrom('sessions').where('expiresAt', '<', now.toISOString()).execute();
  return { id, expiresAt };
}

export async function isSessionActive(db: Db, id: string, userId: number, now = new Date()): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('userId', '=', userId).execute();
}
