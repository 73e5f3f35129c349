// Operator accounts and their sessions. Operators are not members: their own table, their own opaque tokens (stored
// by sha256, so a copy of the table opens nothing), their own expiry. A member's token is a signed JWT the member
// service issues; it can never match an operator session, which is what makes the console invisible to members.
import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_LIMITS, OPERATOR_ROLES, type OperatorRole } from '@sciexperts/shared/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, OperatorsTable } from '../../db/schema';
import type { PasswordHasher } from '../../auth/passwords';

export type OperatorRow = Selectable<OperatorsTable>;
export interface OperatorIdentity {
  id: number;
  email: string;
  role: OperatorRole;
  sessionId: string;
  /** When this session was opened (with both factors): a password change within minutes of it needs no code. */
  sessionCreatedAt: string;
  /** Still the one-time password from create-operator: the console opens nothing but the password change. */
  passwordChangeRequired: boolean;
}

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `npm run admin -- create-operator <email> <role>`: the only way an operator account comes to be. Returns the
 * one-time password to hand to the operator (printed once, stored only as a hash), or 'exists'.
 */
export async function createOperator(db: Db, hasher: PasswordHasher, email: string, role: OperatorRole, now: Date): Promise<{ operator: OperatorRow; password: string } | 'exists'> {
  const normalised = email.trim().toLowerCase();
  // 24 random bytes: 32 characters of base64url, beyond any guessing; the operator keeps it in a password manager.
  const password = randomBytes(24).toString('base64url');
  const passwordHash = await hasher.hash(password);
  const inserted = await db.kysely
    .insertInto('operators')
    .values({ email: normalised, role, passwordHash, createdAt: now.toISOString(), disabledAt: null, passwordChangedAt: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ? { operator: inserted, password } : 'exists';
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  return db.kysely.selectFrom('operators').selectAll().where('email', '=', email.trim().toLowerCase()).where('disabledAt', 'is', null).executeTakeFirst();
}

/** A new session for an operator who proved password and second factor; the token is returned once. */
export async function openOperatorSession(db: Db, operatorId: number, address: string, now: Date): Promise<{ token: string; expiresAt: string }> {
  const token = `op_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + ADMIN_LIMITS.sessionTtlSeconds * 1000).toISOString();
  await db.kysely.insertInto('operatorSessions').values({ id: hashToken(token), operatorId, createdAt: now.toISOString(), expiresAt, address }).execute();
  return { token, expiresAt };
}

/**
 * What a bearer token is to the console: an operator (with role), an operator's session that has expired, or
 * nothing at all (a member's token, garbage, a session signed out).
 */
export async function operatorOfToken(db: Db, token: string, now: Date): Promise<OperatorIdentity | 'expired' | null> {
  if (!token.startsWith('op_')) return null;
  const sessionId = hashToken(token);
  const row = await db.kysely
    .selectFrom('operatorSessions as s')
    .innerJoin('operators as o', 'o.id', 's.operatorId')
    .select(['o.id', 'o.email', 'o.role', 'o.disabledAt', 'o.passwordChangedAt', 's.expiresAt', 's.createdAt'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.disabledAt !== null || !isOperatorRole(row.role)) return null;
  if (Date.parse(row.expiresAt) <= now.getTime()) return 'expired';
  return { id: row.id, email: row.email, role: row.role, sessionId, sessionCreatedAt: row.createdAt, passwordChangeRequired: row.passwordChangedAt === null };
}

/**
 * Replaces the operator's password if it is still `oldHash` (a concurrent change wins once), marks it chosen by the
 * operator, and ends every other session of theirs. In the caller's transaction, with its audit entry.
 */
export async function replaceOperatorPassword(trx: Kysely<Database>, operatorId: number, oldHash: string, passwordHash: string, keepSessionId: string, now: Date): Promise<boolean> {
  const updated = await trx
    .updateTable('operators')
    .set({ passwordHash, passwordChangedAt: now.toISOString() })
    .where('id', '=', operatorId)
    .where('passwordHash', '=', oldHash)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom('operatorSessions').where('operatorId', '=', operatorId).where('id', '!=', keepSessionId).execute();
  return true;
}

export async function closeOperatorSession(db: Db, sessionId: string): Promise<void> {
  await db.kysely.deleteFrom('operatorSessions').where('id', '=', sessionId).execute();
}
