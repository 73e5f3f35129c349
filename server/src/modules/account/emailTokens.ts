// The one-time links mailed to an address (docs/decisions/0016-account-settings.md): 'verify' confirms the member's
// address, 'change' makes a new address theirs. Only a SHA-256 of each token is stored, so a leaked database opens
// nothing; a token works once (a conditional UPDATE) and until it expires.
import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_SETTINGS_LIMITS } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';

export type EmailTokenPurpose = 'verify' | 'change';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token for `address`, good for the configured hours; the caller mails it in a link. */
export async function createEmailToken(db: Db, userId: number, purpose: EmailTokenPurpose, address: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACCOUNT_SETTINGS_LIMITS.emailTokenHours * 3600_000).toISOString();
  await db.kysely.insertInto('emailTokens').values({ tokenHash: hashToken(token), userId, purpose, newEmail: address, expiresAt, usedAt: null }).execute();
  return token;
}

/** Spends the member's unused tokens of this purpose (a new request makes an older link useless). */
export async function spendEmailTokens(db: Db, userId: number, purpose: EmailTokenPurpose, now = new Date()): Promise<void> {
  await db.kysely.updateTable('emailTokens').set({ usedAt: now.toISOString() }).where('userId', '=', userId).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
}

/** Uses the token once: its member and address, or undefined when it is unknown, spent or expired. */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now = new Date()): Promise<{ userId: number; address: string } | undefined> {
  const at = now.toISOString();
  const row = await db.kysely
    .updateTable('emailTokens')
    .set({ usedAt: at })
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning(['userId', 'newEmail'])
    .executeTakeFirst();
  return row?.newEmail ? { userId: row.userId, address: row.newEmail } : undefined;
}
