// Single-use, expiring challenges (docs/decisions/0034-second-factor.md): the token between a sign-in's password and
// code steps, the WebAuthn challenges, and the links of security e-mails. Only a SHA-256 of a token is stored; a token
// is spent by a conditional UPDATE, so two requests with the same one cannot both pass.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect';

export type ChallengePurpose = 'secondFactor' | 'passkeyRegister' | 'passkeyLogin' | 'stepUpPasskey' | 'signInAlert' | 'payoutChange' | 'securityChange';

export const hashChallenge = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface Challenge {
  userId: number | null;
  sessionId: string | null;
  data: string | null;
}

export async function createChallenge(
  db: Db,
  purpose: ChallengePurpose,
  fields: { userId: number | null; sessionId?: string | null; data?: string | null; token?: string },
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = fields.token ?? randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('authChallenges')
    .values({
      tokenHash: hashChallenge(token),
      purpose,
      userId: fields.userId,
      sessionId: fields.sessionId ?? null,
      data: fields.data ?? null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      usedAt: null,
    })
    .execute();
  return token;
}

/** A live challenge, without spending it (the code step may be retried after a wrong code). */
export async function peekChallenge(db: Db, token: string, purpose: ChallengePurpose, now: Date): Promise<Challenge | undefined> {
  return db.kysely
    .selectFrom('authChallenges')
    .select(['userId', 'sessionId', 'data'])
    .where('tokenHash', '=', hashChallenge(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
}

/** Spends the challenge once: what it held, or undefined when it is unknown, spent or expired. */
export async function consumeChallenge(db: Db, token: string, purpose: ChallengePurpose, now: Date): Promise<Challenge | undefined> {
  const at = now.toISOString();
  return db.kysely
    .updateTable('authChallenges')
    .set({ usedAt: at })
    .where('tokenHash', '=', hashChallenge(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning(['userId', 'sessionId', 'data'])
    .executeTakeFirst();
}

/** Spent and expired rows are of no use to anyone; dropped now and then so the table stays small. */
export async function pruneChallenges(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.kysely
    .deleteFrom('authChallenges')
    .where((eb) => eb.or([eb('expiresAt', '<', dayAgo), eb('usedAt', '<', dayAgo)]))
    .execute();
}
