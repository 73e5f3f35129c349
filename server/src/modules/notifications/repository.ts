// The notifications domain's reads and writes (docs/decisions/0014-notifications.md). Every e-mail is claimed by a
// conditional UPDATE on its emailState before it is sent, so two processes (or a job run twice) never send it twice.
import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_EMAIL_MODES,
  NOTIFICATION_TYPES,
  type EmailMode,
  type Notification,
  type NotificationType,
} from '@sciexperts/shared/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, NotificationsTable } from '../../db/schema';

export type NotificationRow = Selectable<NotificationsTable>;

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type as NotificationType,
  text: row.text,
  link: row.link,
  createdAt: row.createdAt,
  readAt: row.readAt,
});

/**
 * Newest first: a coalesced repeat moves its row's time, not its id, so by time, then id. No index holds createdAt
 * (a chat message's refresh of it would then write an entry in every index: migration 0055), so one statement merges
 * two reads: the newest `limit + 1` by `notifications_newest (userId, sortedAt, id)`, where sortedAt is createdAt
 * for every notification no repeat can refresh, and the member's unread grouped notifications (at most one per
 * group, by `notifications_one_unread_per_group`), whose sortedAt is null. Together they are all of the member's
 * notifications, each once, and the first `limit + 1` of the merge are the first of all of them.
 */
export async function listNotifications(db: Db, userId: number, before: number | null, limit: number): Promise<{ rows: NotificationRow[]; more: boolean }> {
  const k = db.kysely;
  const olderThan = <Q extends { where: (c: 'id', op: '<', v: number) => Q }>(q: Q) => (before === null ? q : q.where('id', '<', before));
  const settled = k
    .selectFrom((eb) =>
      olderThan(eb.selectFrom('notifications').selectAll().where('userId', '=', userId).where('sortedAt', 'is not', null))
        .orderBy('sortedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .as('s'),
    )
    .selectAll();
  const refreshable = olderThan(
    k.selectFrom('notifications').selectAll().where('userId', '=', userId).where('groupKey', 'is not', null).where('readAt', 'is', null),
  );
  const rows = await k
    .selectFrom(settled.unionAll(refreshable).as('n'))
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the member's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const found = await db.kysely.selectFrom('notifications').select('id').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  if (!found) return false;
  await db.kysely.updateTable('notifications').set({ readAt: now.toISOString() }).where('id', '=', id).where('readAt', 'is', null).execute();
  return true;
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<void> {
  await db.kysely.updateTable('notifications').set({ readAt: now.toISOString() }).where('userId', '=', userId).where('readAt', 'is', null).execute();
}

/** Marks the member's unread notifications of a group read (a conversation they opened); how many changed. */
export async function markGroupRead(db: Db, userId: number, groupKey: string, now: Date): Promise<number> {
  const result = await db.kysely
    .updateTable('notifications')
    .set({ readAt: now.toISOString() })
    .where('userId', '=', userId)
    .where('groupKey', '=', groupKey)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function preferencesOf(db: Db, userId: number): Promise<Array<{ type: NotificationType; email: EmailMode }>> {
  const rows = await db.kysely.selectFrom('notificationPreferences').select(['type', 'email']).where('userId', '=', userId).execute();
  const chosen = new Map(rows.map((r) => [r.type, r.email as EmailMode]));
  return NOTIFICATION_TYPES.map((type) => ({ type, email: chosen.get(type) ?? DEFAULT_EMAIL_MODES[type] }));
}

/**
 * Sets the member's e-mail choice for these types. Notifications still waiting for an e-mail follow the new choice:
 * switched off, they get none; moved to the digest, they wait for it.
 */
export async function setPreferences(db: Db, userId: number, choices: ReadonlyArray<{ type: NotificationType; email: EmailMode }>): Promise<void> {
  await db.kysely.transaction().execute((trx) => setPreferencesIn(trx, userId, choices));
}

async function setPreferencesIn(trx: Kysely<Database>, userId: number, choices: ReadonlyArray<{ type: NotificationType; email: EmailMode }>): Promise<void> {
  for (const { type, email } of choices) {
    await trx
      .insertInto('notificationPreferences')
      .values({ userId, type, email })
      .onConflict((oc) => oc.columns(['userId', 'type']).doUpdateSet({ email }))
      .execute();
    const waiting = email === 'off' ? 'off' : email === 'daily' ? 'digest' : null;
    if (waiting) {
      await trx
        .updateTable('notifications')
        .set({ emailState: waiting })
        .where('userId', '=', userId)
        .where('type', '=', type)
        .where('emailState', 'in', ['pending', 'digest'])
        .execute();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// E-mail

export interface Recipient {
  email: string;
  firstName: string;
}

export async function recipientOf(db: Db, userId: number): Promise<Recipient | undefined> {
  return db.kysely.selectFrom('users').select(['email', 'firstName']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Claims one notification's immediate e-mail: the row if it is still owed one, unread, and unchanged for `delayMs`
 * (now marked sent); or the time it is due instead, when a grouped repeat refreshed it since its e-mail was scheduled
 * (the member saw the newer text then, and gets the whole delay to open it); or undefined. A notification read first
 * is marked skipped: the member saw it in the app.
 */
export async function claimImmediateEmail(db: Db, id: number, now: Date, delayMs: number): Promise<NotificationRow | Date | undefined> {
  const claimed = await db.kysely
    .updateTable('notifications')
    .set({ emailState: 'sent', emailedAt: now.toISOString() })
    .where('id', '=', id)
    .where('emailState', '=', 'pending')
    .where('readAt', 'is', null)
    // In the same statement as the other conditions: a repeat committed in between moves createdAt, and no claim.
    .where('createdAt', '<=', new Date(now.getTime() - delayMs).toISOString())
    .returningAll()
    .executeTakeFirst();
  if (claimed) return claimed;
  const row = await db.kysely.selectFrom('notifications').select(['createdAt', 'readAt', 'emailState']).where('id', '=', id).executeTakeFirst();
  if (row?.emailState !== 'pending') return undefined;
  // Still owed and unread, so it changed within the delay: due the delay after its latest change.
  if (row.readAt === null) return new Date(Date.parse(row.createdAt) + delayMs);
  await db.kysely.updateTable('notifications').set({ emailState: 'skipped' }).where('id', '=', id).where('emailState', '=', 'pending').execute();
  return undefined;
}

/** Gives a claimed e-mail back (the mailer failed), so the job's retry can claim it again. */
export async function releaseEmailClaim(db: Db, ids: readonly number[], state: 'pending' | 'digest'): Promise<void> {
  if (ids.length === 0) return;
  await db.kysely.updateTable('notifications').set({ emailState: state, emailedAt: null }).where('id', 'in', [...ids]).where('emailState', '=', 'sent').execute();
}

/** The members with notifications waiting for the digest. */
export async function digestRecipients(db: Db): Promise<number[]> {
  const rows = await db.kysely.selectFrom('notifications').select('userId').distinct().where('emailState', '=', 'digest').execute();
  return rows.map((r) => r.userId);
}

/**
 * Claims one member's digest: their unread notifications waiting for it (now marked sent), oldest first. Those
 * read in the meantime are skipped. Two processes claiming at once split nothing: each row goes to one of them.
 */
export async function claimDigest(db: Db, userId: number, now: Date): Promise<NotificationRow[]> {
  const at = now.toISOString();
  await db.kysely.updateTable('notifications').set({ emailState: 'skipped' }).where('userId', '=', userId).where('emailState', '=', 'digest').where('readAt', 'is not', null).execute();
  const rows = await db.kysely
    .updateTable('notifications')
    .set({ emailState: 'sent', emailedAt: at })
    .where('userId', '=', userId)
    .where('emailState', '=', 'digest')
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

// ---------------------------------------------------------------------------------------------------------------
// One-click unsubscribe

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token for one e-mail, good once, that switches these types' e-mail off. Only its hash is stored. */
export async function createUnsubscribeToken(db: Db, userId: number, types: readonly NotificationType[], now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.kysely
    .insertInto('unsubscribeTokens')
    .values({ tokenHash: hashToken(token), userId, types: [...new Set(types)].join(','), createdAt: now.toISOString(), usedAt: null })
    .execute();
  return token;
}

/**
 * Uses a token: switches its types' e-mail off for its member, once. Undefined for a token that is unknown
 * (forged) or already used.
 */
export async function useUnsubscribeToken(db: Db, token: string, now: Date): Promise<{ userId: number; types: NotificationType[] } | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('unsubscribeTokens')
      .set({ usedAt: now.toISOString() })
      .where('tokenHash', '=', hashToken(token))
      .where('usedAt', 'is', null)
      .returning(['userId', 'types'])
      .executeTakeFirst();
    if (!used) return undefined;
    const types = used.types.split(',').filter((t): t is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(t));
    await setPreferencesIn(trx, used.userId, types.map((type) => ({ type, email: 'off' as const })));
    return { userId: used.userId, types };
  });
}
