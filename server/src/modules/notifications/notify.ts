// How the other domains tell a member something happened. `notify` writes the notifications in the caller's
// transaction (so there is one exactly when the change it describes committed) and queues their delivery on the job
// queue in that same transaction. That job pushes them to the member's sockets and queues the e-mail the member
// chose for the type (immediately, after a short delay that lets a member who saw it in the app skip it; in the
// daily digest; or none). docs/decisions/0014-notifications.md.
import { DEFAULT_EMAIL_MODES, type EmailMode, type NotificationType } from '@sciexperts/shared/contracts';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Config } from '../../config';
import type { Database, NotificationsTable } from '../../db/schema';
import type { JobQueue } from '../../jobs';

export interface NewNotification {
  /** Who is told. */
  userId: number;
  type: NotificationType;
  /** The sentence the bell and the e-mail show, complete in itself ("Ada Lovelace sent a proposal for “Cohort study”."). */
  text: string;
  /** The site path where it happened (/profile/workspace/12). */
  link: string;
  /**
   * Repeats with the same key, while one is still unread, refresh that one instead of adding another (one
   * notification for ten messages from the same sender).
   */
  groupKey?: string;
  /**
   * The event this tells about ('milestone-event:12'): a member is told about it once, so a job that derives
   * notifications from events may run again without adding any.
   */
  sourceKey?: string;
}

/** A member as the notices name them: 'Ada Lovelace'. */
export const memberName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const NOTIFICATION_JOBS = {
  /** Pushes new notifications to their members' sockets (every process's sockets, through the adapter). */
  push: 'notifications.push',
  /** Sends one notification's immediate e-mail unless it was read first. */
  email: 'notifications.email',
  /** Sends each member's daily digest. */
  digest: 'notifications.digest',
} as const;

export interface PushPayload {
  ids: number[];
}
export interface EmailPayload {
  id: number;
}

type Trx = Kysely<Database>;

/** What a notification owes by e-mail, from the member's choice for its type. */
export const EMAIL_STATE_BY_MODE: Record<EmailMode, 'pending' | 'digest' | 'off'> = { immediately: 'pending', daily: 'digest', off: 'off' };

/**
 * The member's choice for the type, read by the INSERT itself (one round trip less for every notification): the
 * state their chosen mode asks for, or the type's default when they chose nothing.
 */
function emailStateOf(item: NewNotification) {
  const byDefault = EMAIL_STATE_BY_MODE[DEFAULT_EMAIL_MODES[item.type]];
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.fn.coalesce(
      eb
        .selectFrom('notificationPreferences')
        .select((p) =>
          p
            .case('email')
            .when('immediately')
            .then(EMAIL_STATE_BY_MODE.immediately)
            .when('daily')
            .then(EMAIL_STATE_BY_MODE.daily)
            .else(EMAIL_STATE_BY_MODE.off)
            .end()
            .as('state'),
        )
        .where('notificationPreferences.userId', '=', item.userId)
        .where('notificationPreferences.type', '=', item.type),
      eb.val(byDefault),
    );
}

/** How long an immediate e-mail waits by default, so that a member who sees the notification in the app first gets none. */
const DEFAULT_EMAIL_DELAY_MS = 120_000;
export const emailDelayOf = (config: Pick<Config, 'notificationEmailDelayMs'>) => config.notificationEmailDelayMs ?? DEFAULT_EMAIL_DELAY_MS;

/** Queues the immediate e-mail of a notification that owes one ('pending'), due the delay after its time. */
export async function queueImmediateEmail(jobs: JobQueue, row: { id: number; createdAt: string }, emailDelayMs: number, trx?: Trx): Promise<void> {
  const runAt = new Date(Date.parse(row.createdAt) + emailDelayMs);
  await jobs.send<EmailPayload>(NOTIFICATION_JOBS.email, { id: row.id }, { runAt, singletonKey: String(row.id), ...(trx ? { trx } : {}) });
}

type Written = Selectable<NotificationsTable>;

/** Writes the notifications (a coalesced repeat refreshes its row); the rows written. */
async function write(trx: Trx, items: readonly NewNotification[], now: Date): Promise<Written[]> {
  const at = now.toISOString();
  const rows: Written[] = [];
  for (const item of items) {
    const insert = trx.insertInto('notifications').values((eb) => ({
      userId: item.userId,
      type: item.type,
      text: item.text,
      link: item.link,
      groupKey: item.groupKey ?? null,
      sourceKey: item.sourceKey ?? null,
      createdAt: at,
      readAt: null,
      emailState: emailStateOf(item)(eb),
      emailedAt: null,
    }));
    const row = await (item.groupKey
      ? // The unread one of this group, if any, becomes the newest: its text and time change; its e-mail is owed
        // once (still 'pending' if not sent yet, and then its job is already queued).
        insert.onConflict((oc) =>
          oc
            .columns(['userId', 'groupKey'])
            .where('groupKey', 'is not', null)
            .where('readAt', 'is', null)
            .doUpdateSet({ text: item.text, link: item.link, createdAt: at }),
        )
      : // Already told about this event: nothing new.
        insert.onConflict((oc) => oc.doNothing())
    )
      .returningAll()
      .executeTakeFirst();
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * Tells members about an event, inside the transaction that makes the change. Returns the ids written (a coalesced
 * repeat returns the id it refreshed). Call it with the transaction of the change, never after it.
 */
export async function notify(trx: Trx, jobs: JobQueue, items: readonly NewNotification[], now: Date): Promise<number[]> {
  if (items.length === 0) return [];
  const ids = (await write(trx, items, now)).map((r) => r.id);
  if (ids.length === 0) return [];
  // The push job also queues the immediate e-mails (it knows the configured delay).
  await jobs.send<PushPayload>(NOTIFICATION_JOBS.push, { ids }, { trx });
  return ids;
}

