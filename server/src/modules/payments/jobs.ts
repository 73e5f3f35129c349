// The payments domain's scheduled work, on the app's job queue (docs/decisions/0013-job-queue.md): the automatic
// release of submitted milestones nobody answered, the client's two notices about it, and the retries of provider
// calls that were booked but never acknowledged. Every handler is idempotent (the queue delivers at least once).
import { workspacePagePath } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { Job, JobQueue } from '../../jobs';
import { releaseDueMilestones } from './repository';
import { retryProviderCalls } from './settlement';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const PAYMENT_JOBS = {
  /** Sweeps submitted milestones past their auto-release date (the sweep, not one job a milestone, so a changed AUTO_RELEASE_DAYS applies to all). */
  releaseDue: 'payments.release-due-milestones',
  retryProviderCalls: 'payments.retry-provider-calls',
  /** Tells the client work was submitted and when it will be released on its own. */
  submittedNotice: 'payments.submitted-notice',
  /** Tells the client again a day before the automatic release. */
  releaseReminder: 'payments.release-reminder',
} as const;

export const RELEASE_SWEEP_INTERVAL_MS = 10 * MINUTE_MS;
export const PROVIDER_RETRY_INTERVAL_MS = 5 * MINUTE_MS;

/** Which submission a notice is about: a resubmission after changes is another one, with notices of its own. */
export interface SubmissionRef {
  milestoneId: number;
  submittedAt: string;
}

/**
 * Queues the client's notices for a submission in the transaction that records it, so they exist exactly when the
 * submission does. The reminder waits until a day before the automatic release.
 */
export async function queueSubmissionNotices(jobs: JobQueue, trx: Kysely<Database>, ref: SubmissionRef, autoReleaseDays: number): Promise<void> {
  const key = `${ref.milestoneId}:${ref.submittedAt}`;
  await jobs.send<SubmissionRef>(PAYMENT_JOBS.submittedNotice, ref, { trx, singletonKey: key });
  const releaseAt = Date.parse(ref.submittedAt) + autoReleaseDays * DAY_MS;
  await jobs.send<SubmissionRef>(PAYMENT_JOBS.releaseReminder, ref, { trx, singletonKey: key, runAt: new Date(releaseAt - DAY_MS) });
}

/** The submission still waiting for the client, with what a notice says; undefined once it was answered or resubmitted. */
async function pendingSubmission(db: Db, ref: SubmissionRef) {
  return db.kysely
    .selectFrom('contractMilestones as m')
    .innerJoin('contracts as c', 'c.id', 'm.contractId')
    .innerJoin('projects as p', 'p.id', 'c.projectId')
    .innerJoin('users as client', 'client.id', 'c.clientId')
    .innerJoin('users as expert', 'expert.id', 'c.expertId')
    .select([
      'm.title as milestoneTitle',
      'm.contractId',
      'p.title as projectTitle',
      'client.email as clientEmail',
      'client.firstName as clientFirstName',
      'expert.firstName as expertFirstName',
      'expert.lastName as expertLastName',
    ])
    .where('m.id', '=', ref.milestoneId)
    .where('m.status', '=', 'submitted')
    .where('m.submittedAt', '=', ref.submittedAt)
    .executeTakeFirst();
}

const dateOf = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ms));

/** Registers the handlers and the two sweeps; the queue runs them once it is started (main.ts), or in tests through runDue. */
export function registerPaymentJobs(app: FastifyInstance): void {
  const { jobs, db, mailer, config, clock } = app.ctx;

  jobs.every(PAYMENT_JOBS.releaseDue, RELEASE_SWEEP_INTERVAL_MS, async () => {
    if (!config.payments) return;
    const released = await releaseDueMilestones(db, clock(), config.payments);
    if (released.length > 0) app.log.info({ milestones: released }, 'milestones released automatically');
  });

  jobs.every(PAYMENT_JOBS.retryProviderCalls, PROVIDER_RETRY_INTERVAL_MS, async () => {
    if (!app.ctx.payments) return;
    const result = await retryProviderCalls(db, app.ctx.payments, clock());
    if (result.failures > 0) app.log.warn(result, 'some refunds or payouts are still not acknowledged by the provider; retrying later');
  });

  const notice = (reminder: boolean) => async (job: Job<SubmissionRef>) => {
    const settings = config.payments;
    if (!settings) return;
    const found = await pendingSubmission(db, job.payload);
    // Approved, sent back, disputed or submitted again since: this notice has nothing left to say.
    if (!found) return;
    const releaseOn = dateOf(Date.parse(job.payload.submittedAt) + settings.autoReleaseDays * DAY_MS);
    const expert = `${found.expertFirstName} ${found.expertLastName}`.trim();
    const link = `${config.siteUrl}${workspacePagePath(found.contractId)}`;
    const subject = reminder
      ? `Tomorrow "${found.milestoneTitle}" will be released to ${expert}`
      : `${expert} submitted "${found.milestoneTitle}" for your review`;
    const opening = reminder
      ? `"${found.milestoneTitle}" of "${found.projectTitle}" is still waiting for your review. Unless you approve it, request changes or open a dispute, its payment will be released to ${expert} automatically on ${releaseOn}.`
      : `${expert} submitted the work for "${found.milestoneTitle}" of "${found.projectTitle}". Review it, then approve it, request changes or open a dispute. If you do not answer, the payment held in escrow will be released to ${expert} automatically on ${releaseOn}.`;
    if (job.signal.aborted) return;
    await mailer.send({ to: found.clientEmail, subject, text: `Hello ${found.clientFirstName},\n\n${opening}\n\nOpen the workspace:\n${link}\n` });
  };
  jobs.work<SubmissionRef>(PAYMENT_JOBS.submittedNotice, notice(false));
  jobs.work<SubmissionRef>(PAYMENT_JOBS.releaseReminder, notice(true));
}
