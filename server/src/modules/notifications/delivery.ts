// Delivering notifications after the change they describe committed: the live push to the member's sockets (every
// tab and device, every API process through the socket adapter), the immediate e-mail once its delay passed and the
// member has not seen it, and the daily digest. Each e-mail is claimed by a conditional UPDATE before it is sent
// (repository.ts), so it goes once however many processes run the jobs.
import {
  API_PATHS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_SETTINGS_PATH,
  NOTIFICATION_TYPE_LABELS,
  UNSUBSCRIBE_PAGE_PATH,
  type NotificationType,
  type UnreadNotifications,
} from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoom } from '../../chat/gateway';
import type { MailMessage } from '../../mail/mailer';
import { NOTIFICATION_JOBS, emailDelayOf, queueImmediateEmail, type EmailPayload, type PushPayload } from './notify';
import * as repo from './repository';

const DAY_MS = 86_400_000;
const SUBJECT_MAX = 120;

const subjectOf = (text: string) => (text.length <= SUBJECT_MAX ? text : `${text.slice(0, SUBJECT_MAX - 1).trimEnd()}…`);

/** The unsubscribe parts every notification e-mail carries (RFC 8058 one-click, and a link for people). */
async function unsubscribeParts(app: FastifyInstance, userId: number, types: readonly NotificationType[]) {
  const { db, config, clock } = app.ctx;
  const token = await repo.createUnsubscribeToken(db, userId, types, clock());
  const oneClick = `${config.publicUrl}${API_PATHS.notificationsUnsubscribe}?token=${encodeURIComponent(token)}`;
  const page = `${config.siteUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  const what = types.length === 1 ? `“${NOTIFICATION_TYPE_LABELS[types[0]!]}” e-mails` : 'these e-mails';
  return {
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    footer: `\n--\nStop ${what}: ${page}\nAll e-mail settings: ${config.siteUrl}${NOTIFICATION_SETTINGS_PATH}\n`,
  };
}

/** Every tab and device of the member learns their unread count (a read in one tab clears the bell in the others). */
export async function announceUnread(app: FastifyInstance, userId: number): Promise<UnreadNotifications> {
  const unread = { unreadCount: await repo.unreadCount(app.ctx.db, userId) };
  app.io.to(userRoom(userId)).emit(NOTIFICATION_EVENTS.read, unread);
  return unread;
}

export function registerNotificationJobs(app: FastifyInstance): void {
  const { jobs, db, mailer, config, clock } = app.ctx;
  const emailDelayMs = emailDelayOf(config);

  jobs.work<PushPayload>(NOTIFICATION_JOBS.push, async (job) => {
    // app.io exists once the HTTP server is attached (always, in buildApp); the push is best effort: the list and
    // the unread count are read from the database, so a member who missed it sees everything on the next load.
    const rows = await db.kysely.selectFrom('notifications').selectAll().where('id', 'in', job.payload.ids).execute();
    for (const row of rows) app.io.to(userRoom(row.userId)).emit(NOTIFICATION_EVENTS.created, repo.toNotification(row));
    // An e-mail owed at once waits the delay; a repeat of a group whose e-mail is still waiting adds nothing (the key).
    for (const row of rows.filter((r) => r.emailState === 'pending')) await queueImmediateEmail(jobs, row, emailDelayMs);
  });

  jobs.work<EmailPayload>(NOTIFICATION_JOBS.email, async (job) => {
    const row = await repo.claimImmediateEmail(db, job.payload.id, clock(), emailDelayMs);
    if (row instanceof Date) {
      // A grouped repeat refreshed it after this job was queued (the chat's later messages queue none): the e-mail
      // waits the delay from what the bell shows now. This job is still running, so the next one needs its own key.
      await jobs.send<EmailPayload>(NOTIFICATION_JOBS.email, job.payload, { runAt: row, singletonKey: `${job.payload.id}@${row.toISOString()}` });
      return;
    }
    if (!row) return;
    const to = await repo.recipientOf(db, row.userId);
    if (!to) return;
    try {
      const unsubscribe = await unsubscribeParts(app, row.userId, [row.type as NotificationType]);
      const message: MailMessage = {
        to: to.email,
        subject: subjectOf(row.text),
        text: `Hello ${to.firstName},\n\n${row.text}\n\nOpen it on SciExperts:\n${config.siteUrl}${row.link}\n${unsubscribe.footer}`,
        headers: unsubscribe.headers,
      };
      await mailer.send(message);
    } catch (err) {
      // Not sent: owed again, and the job's retry claims it again.
      await repo.releaseEmailClaim(db, [row.id], 'pending');
      throw err;
    }
  });

  jobs.every(NOTIFICATION_JOBS.digest, DAY_MS, async () => {
    for (const userId of await repo.digestRecipients(db)) {
      const rows = await repo.claimDigest(db, userId, clock());
      if (rows.length === 0) continue;
      const to = await repo.recipientOf(db, userId);
      if (!to) continue;
      try {
        const unsubscribe = await unsubscribeParts(app, userId, [...new Set(rows.map((r) => r.type as NotificationType))]);
        const lines = rows.map((r) => `• ${r.text}\n  ${config.siteUrl}${r.link}`).join('\n');
        await mailer.send({
          to: to.email,
          subject: rows.length === 1 ? `Your SciExperts day: ${subjectOf(rows[0]!.text)}` : `Your SciExperts day: ${rows.length} updates`,
          text: `Hello ${to.firstName},\n\nWhat happened on SciExperts since your last digest:\n\n${lines}\n${unsubscribe.footer}`,
          headers: unsubscribe.headers,
        });
      } catch (err) {
        await repo.releaseEmailClaim(db, rows.map((r) => r.id), 'digest');
        throw err;
      }
    }
  });
}
