import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { HttpError } from '../../http/errors';

export async function createSession(
  db: Db,
  userId: number,
  ttlSeconds: number,
  now = new Date(),
  userAgent: string | null = null,
  /** A partner app's chat-scoped session (docs/decisions/0050-partner-apps-and-scoped-tokens.md). */
  partner: { partnerId: number; grantId: number } | null = null,
): Promise<{ id: string; expiresAt: Date }> {
  // Every way in (password, identity provider, second factor) ends here: a suspended member gets no session.
  const member = await db.kysely.selectFrom('users').select('suspendedAt').where('id', '=', userId).executeTakeFirst();
  if (member?.suspendedAt) throw new HttpError(401, ADMIN_MESSAGES.accountSuspended);
  const id = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.kysely
    .insertInto('sessions')
    .values({ id, userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString(), userAgent: userAgent?.slice(0, 400) ?? null, lastUsedAt: now.toISOString(), ...(partner ?? {}) })
    .execute();
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

export async function deleteSessions(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.kysely.deleteFrom('sessions').where('id', 'in', ids).execute();
}

/** Records a session's use; at most one write a minute per session (the condition), so reads stay reads. */
export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  await db.kysely
    .updateTable('sessions')
    .set({ lastUsedAt: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', minuteAgo)]))
    .execute();
}

export async function sessionsOf(db: Db, userId: number, now = new Date(), options: { ownOnly?: boolean } = {}) {
  let q = db.kysely
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastUsedAt', 'userAgent'])
    .where('userId', '=', userId);
  // The member's list of sign-ins leaves out partners' tokens: those are under "Connected partners".
  if (options.ownOnly) q = q.where('partnerId', 'is', null);
  return q
    .where('expiresAt', '>', now.toISOString())
    .orderBy('lastUsedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Which of these sessions still exist and have not expired; one query per 500 ids. */
export async function activeSessionIds(db: Db, ids: readonly string[], now = new Date()): Promise<Set<string>> {
  const active = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .where('expiresAt', '>', now.toISOString())
      .execute();
    for (const r of rows) active.add(r.id);
  }
  return active;
}

export async function findUserIdByIdentity(db: Db, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db.kysely.selectFrom('identities').select('userId').where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
  return row?.userId;
}

export async function linkIdentity(db: Db, userId: number, issuer: string, subject: string): Promise<void> {
  await db.kysely.insertInto('identities').values({ userId, issuer, subject, createdAt: new Date().toISOString() }).execute();
}

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
