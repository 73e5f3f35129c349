// What the reviews domain tells members, written in the transaction of the change (docs/decisions/0014-notifications.md):
// a review to write when a contract ends with released work, and again when the other party has written theirs;
// a review received when it is published. Each carries its event as the source key, so it is told once.
import { reviewWindowEnd, starsLabel, workspacePagePath } from '@sciexperts/shared/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ReviewsTable } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import { memberName, notify, type NewNotification } from '../notifications/notify';

type Trx = Kysely<Database>;
type ReviewRow = Selectable<ReviewsTable>;

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** A contract with its project's title and both parties' names. */
async function contractContext(trx: Trx, contractId: number) {
  return trx
    .selectFrom('contracts as c')
    .innerJoin('projects as p', 'p.id', 'c.projectId')
    .innerJoin('users as client', 'client.id', 'c.clientId')
    .innerJoin('users as expert', 'expert.id', 'c.expertId')
    .select([
      'c.id',
      'c.clientId',
      'c.expertId',
      'c.endedAt',
      'p.title as projectTitle',
      'client.firstName as clientFirstName',
      'client.lastName as clientLastName',
      'expert.firstName as expertFirstName',
      'expert.lastName as expertLastName',
    ])
    .where('c.id', '=', contractId)
    .executeTakeFirstOrThrow();
}
type Context = Awaited<ReturnType<typeof contractContext>>;

const partyOf = (c: Context, id: number) =>
  id === c.clientId ? { firstName: c.clientFirstName, lastName: c.clientLastName } : { firstName: c.expertFirstName, lastName: c.expertLastName };

/**
 * The contract just ended with released work: each party is asked for a review of the other, within the window.
 * Call in the transaction that ends the contract, after its end time is set.
 */
export async function tellReviewsOpen(trx: Trx, jobs: JobQueue, contractId: number, now: Date): Promise<void> {
  const c = await contractContext(trx, contractId);
  if (!c.endedAt) return;
  const until = dateOf(reviewWindowEnd(c.endedAt));
  const ask = (userId: number, otherId: number): NewNotification => {
    const other = partyOf(c, otherId);
    return {
      userId,
      type: 'review-to-write',
      text: `“${c.projectTitle}” has ended. Review ${memberName(other)} by ${until}: your review stays hidden until ${other.firstName} has written theirs, then both are published together.`,
      link: workspacePagePath(c.id),
      sourceKey: `contract:${c.id}:review-to-write`,
    };
  };
  await notify(trx, jobs, [ask(c.clientId, c.expertId), ask(c.expertId, c.clientId)], now);
}

/** The first review of a contract is written: its subject learns one waits for theirs (not what it says). */
export async function tellReviewWritten(trx: Trx, jobs: JobQueue, review: ReviewRow, windowEndsAt: string, now: Date): Promise<void> {
  const c = await contractContext(trx, review.contractId);
  const author = partyOf(c, review.authorId);
  await notify(
    trx,
    jobs,
    [
      {
        userId: review.subjectId,
        type: 'review-to-write',
        text: `${memberName(author)} has reviewed you for “${c.projectTitle}”. Write your review of ${author.firstName} by ${dateOf(windowEndsAt)} to see theirs: both are published together.`,
        link: workspacePagePath(c.id),
        sourceKey: `review:${review.id}:written`,
      },
    ],
    now,
  );
}

/** Reviews just published: each subject is told who reviewed them and with how many stars. */
export async function tellReviewsPublished(trx: Trx, jobs: JobQueue, published: readonly ReviewRow[], now: Date): Promise<void> {
  if (published.length === 0) return;
  const c = await contractContext(trx, published[0]!.contractId);
  await notify(
    trx,
    jobs,
    published.map((review) => ({
      userId: review.subjectId,
      type: 'review-received' as const,
      text: `${memberName(partyOf(c, review.authorId))} reviewed you for “${c.projectTitle}”: ${starsLabel(review.rating)}. ${review.subjectRole === 'expert' ? 'It now shows on your public profile.' : 'It now shows on your projects.'}`,
      link: workspacePagePath(c.id),
      sourceKey: `review:${review.id}:published`,
    })),
    now,
  );
}
