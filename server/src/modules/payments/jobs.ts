// The payments domain's scheduled and after-commit work, on the app's job queue (docs/decisions/0013-job-queue.md):
// telling the parties about each timeline event (the timeline is the outbox: repository.ts queues one job per event
// in the event's transaction), the reminder a day before an automatic release, the automatic release itself, and the
// retries of provider calls that were booked but never acknowledged. Every handler is idempotent (the queue delivers
// at least once): notifications carry the event as their source key, releases are conditional UPDATEs.
import { formatCents, platformFeeCents, workspacePagePath, type MilestoneEventKind } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import { memberName, notify, type NewNotification } from '../notifications/notify';
import { MILESTONE_EVENT_JOB, releaseDueMilestones, type MilestoneEventPayload } from './repository';
import { retryProviderCalls } from './settlement';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const PAYMENT_JOBS = {
  /** Tells the parties about one timeline event (queued by the event itself). */
  milestoneEvent: MILESTONE_EVENT_JOB,
  /** Sweeps submitted milestones past their auto-release date (the sweep, not one job a milestone, so a changed AUTO_RELEASE_DAYS applies to all). */
  releaseDue: 'payments.release-due-milestones',
  retryProviderCalls: 'payments.retry-provider-calls',
  /** Tells the client a day before the automatic release. */
  releaseReminder: 'payments.release-reminder',
} as const;

export const RELEASE_SWEEP_INTERVAL_MS = 10 * MINUTE_MS;
export const PROVIDER_RETRY_INTERVAL_MS = 5 * MINUTE_MS;

/** Which submission a reminder is about: a resubmission after changes is another one, with a reminder of its own. */
export interface SubmissionRef {
  milestoneId: number;
  submittedAt: string;
}

/** Queues the reminder of a submission in the transaction that records it, for a day before the automatic release. */
export async function queueReleaseReminder(jobs: JobQueue, trx: Kysely<Database>, ref: SubmissionRef, autoReleaseDays: number): Promise<void> {
  const releaseAt = Date.parse(ref.submittedAt) + autoReleaseDays * DAY_MS;
  await jobs.send<SubmissionRef>(PAYMENT_JOBS.releaseReminder, ref, { trx, singletonKey: `${ref.milestoneId}:${ref.submittedAt}`, runAt: new Date(releaseAt - DAY_MS) });
}

const dateOf = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ms));
const excerpt = (note: string) => (note.length <= 140 ? note : `${note.slice(0, 139).trimEnd()}…`);

/** A milestone with its contract's parties and project, as the notices name them. */
async function milestoneContext(db: Db | Kysely<Database>, milestoneId: number) {
  const k = 'kysely' in db ? db.kysely : db;
  return k
    .selectFrom('contractMilestones as m')
    .innerJoin('contracts as c', 'c.id', 'm.contractId')
    .innerJoin('projects as p', 'p.id', 'c.projectId')
    .innerJoin('users as client', 'client.id', 'c.clientId')
    .innerJoin('users as expert', 'expert.id', 'c.expertId')
    .select([
      'm.id',
      'm.title',
      'm.amountCents',
      'm.status',
      'm.submittedAt',
      'm.contractId',
      'p.title as projectTitle',
      'c.clientId',
      'c.expertId',
      'client.firstName as clientFirstName',
      'client.lastName as clientLastName',
      'expert.firstName as expertFirstName',
      'expert.lastName as expertLastName',
    ])
    .where('m.id', '=', milestoneId)
    .executeTakeFirst();
}
type MilestoneContext = NonNullable<Awaited<ReturnType<typeof milestoneContext>>>;

/** Who is told what about one timeline event; nothing for the events the actor alone cares about. */
export function eventNotices(
  kind: MilestoneEventKind,
  m: MilestoneContext,
  event: { actorId: number | null; note: string | null },
  settings: { feeBasisPoints: number; autoReleaseDays: number },
  at: number,
  /** An operator's resolution of the dispute (the console), with its reason and parts. */
  split?: { expertCents: number; clientCents: number; reason: string },
): Array<Omit<NewNotification, 'link' | 'sourceKey'>> {
  const client = memberName({ firstName: m.clientFirstName, lastName: m.clientLastName });
  const expert = memberName({ firstName: m.expertFirstName, lastName: m.expertLastName });
  const what = `“${m.title}” of “${m.projectTitle}”`;
  const payout = formatCents(m.amountCents - platformFeeCents(m.amountCents, settings.feeBasisPoints));
  switch (kind) {
    case 'funded':
      return [{ userId: m.expertId, type: 'milestone-funded', text: `${client} funded ${what} (${formatCents(m.amountCents)} in escrow). You can start the work.` }];
    case 'submitted':
      return [
        {
          userId: m.clientId,
          type: 'milestone-submitted',
          text: `${expert} submitted ${what} for your review. Unless you answer, ${formatCents(m.amountCents)} is released to ${expert} automatically on ${dateOf(at + settings.autoReleaseDays * DAY_MS)}.`,
        },
      ];
    case 'changes-requested':
      return [{ userId: m.expertId, type: 'milestone-changes-requested', text: `${client} requested changes to ${what}${event.note ? `: “${excerpt(event.note)}”` : '.'}` }];
    case 'approved':
      return [{ userId: m.expertId, type: 'milestone-released', text: `${client} approved ${what}: ${payout} is in your balance.` }];
    case 'auto-released':
      return [
        { userId: m.expertId, type: 'milestone-released', text: `${what} was released automatically: ${payout} is in your balance.` },
        { userId: m.clientId, type: 'milestone-released', text: `${what} was released to ${expert} automatically after ${settings.autoReleaseDays} days without an answer.` },
      ];
    case 'refunded':
      return [
        {
          userId: m.expertId,
          type: 'milestone-refunded',
          text: event.actorId === m.clientId ? `${client} cancelled ${what}: its ${formatCents(m.amountCents)} went back to them.` : `${what} was refunded by the payment provider.`,
        },
      ];
    case 'disputed':
      return [{ userId: m.expertId, type: 'milestone-disputed', text: `${client} opened a dispute on ${what}. The money stays in escrow until SciExperts resolves it.` }];
    case 'resolved': {
      const released = m.status === 'released';
      // An operator's resolution carries the reason they typed (both parties read it); the server command's does not.
      const reason = split?.reason ? ` Reason: “${excerpt(split.reason)}”` : '';
      const text =
        m.status === 'split' && split
          ? `SciExperts resolved the dispute on ${what} with a split: ${formatCents(split.expertCents)} to ${expert} and ${formatCents(split.clientCents)} back to ${client}.${reason}`
          : released
            ? `SciExperts resolved the dispute on ${what}: it was released to ${expert}.${reason}`
            : `SciExperts resolved the dispute on ${what}: it was refunded to ${client}.${reason}`;
      // Each party's e-mail is of the kind its money is, and its footer offers to stop that kind: a split pays the
      // expert (a release) and gives the client money back (a refund), so the client is not offered to stop
      // "Payment released" e-mails for a refund.
      const type = released || m.status === 'split' ? 'milestone-released' : 'milestone-refunded';
      return [
        { userId: m.expertId, type, text },
        { userId: m.clientId, type: m.status === 'split' ? 'milestone-refunded' : type, text },
      ];
    }
    default:
      // added, accepted, payment-failed, cancelled: the one who acted sees it on the page.
      return [];
  }
}

/** Registers the handlers and the two sweeps; the queue runs them once it is started (main.ts), or in tests through runDue. */
export function registerPaymentJobs(app: FastifyInstance): void {
  const { jobs, db, config, clock } = app.ctx;

  jobs.work<MilestoneEventPayload>(PAYMENT_JOBS.milestoneEvent, async (job) => {
    const settings = config.payments;
    if (!settings) return;
    const event = await db.kysely.selectFrom('milestoneEvents').selectAll().where('id', '=', job.payload.eventId).executeTakeFirst();
    if (!event) return;
    const m = await milestoneContext(db, event.milestoneId);
    if (!m) return;
    const resolution =
      event.kind === 'resolved' ? await db.kysely.selectFrom('disputeResolutions').select(['expertCents', 'clientCents', 'reason']).where('milestoneId', '=', m.id).executeTakeFirst() : undefined;
    const notices = eventNotices(event.kind as MilestoneEventKind, m, event, settings, Date.parse(event.createdAt), resolution);
    if (notices.length === 0) return;
    const link = workspacePagePath(m.contractId);
    await db.kysely.transaction().execute((trx) =>
      notify(trx, jobs, notices.map((n) => ({ ...n, link, sourceKey: `milestone-event:${event.id}` })), clock()),
    );
  });

  jobs.work<SubmissionRef>(PAYMENT_JOBS.releaseReminder, async (job) => {
    const settings = config.payments;
    if (!settings) return;
    const m = await milestoneContext(db, job.payload.milestoneId);
    // Approved, sent back, disputed or submitted again since: nothing left to remind of.
    if (!m || m.status !== 'submitted' || m.submittedAt !== job.payload.submittedAt) return;
    const expert = memberName({ firstName: m.expertFirstName, lastName: m.expertLastName });
    const releaseOn = dateOf(Date.parse(job.payload.submittedAt) + settings.autoReleaseDays * DAY_MS);
    await db.kysely.transaction().execute((trx) =>
      notify(
        trx,
        jobs,
        [
          {
            userId: m.clientId,
            type: 'auto-release-coming',
            text: `Tomorrow (${releaseOn}) ${formatCents(m.amountCents)} for “${m.title}” of “${m.projectTitle}” is released to ${expert} automatically, unless you approve it, request changes or open a dispute.`,
            link: workspacePagePath(m.contractId),
            sourceKey: `auto-release-coming:${m.id}:${job.payload.submittedAt}`,
          },
        ],
        clock(),
      ),
    );
  });

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
}
