// The reviews domain's reads and writes (docs/decisions/0015-reviews.md). A review is written once per party and
// contract (a unique index), hidden from its subject until published, and published together with the other one:
// in the transaction that writes the second, or by the job that closes the window on day 14. Every write takes the
// contract's row lock first, so a review written at the last moment and the job that closes the window are
// serialised: the later one sees what the earlier did (the window closed, or a review to publish).
import { REVIEW_LIMITS, reviewWindowEnd, type ReviewRole, type ReviewWindowState } from '@sciexperts/shared/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/connect';
import type { ContractsTable, Database, ReviewsTable } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import { tellReviewsPublished, tellReviewWritten } from './notices';
import { refreshListingRating } from './ratings';

export type ReviewRow = Selectable<ReviewsTable>;
export type ContractRow = Selectable<ContractsTable>;
type Trx = Kysely<Database>;

/** The job that publishes what was written once the window is over (queued with the first review of a contract). */
export const CLOSE_WINDOW_JOB = 'reviews.close-window';
export interface CloseWindowPayload {
  contractId: number;
}

export interface ReviewWindow {
  state: ReviewWindowState;
  /** When the 14 days end (ISO); null while unavailable. */
  endsAt: string | null;
}

/** Only a contract that ended with work paid through escrow can be reviewed: at least one released milestone. */
export async function hasReleasedMilestone(db: Kysely<Database>, contractId: number): Promise<boolean> {
  const row = await db.selectFrom('contractMilestones').select('id').where('contractId', '=', contractId).where('status', '=', 'released').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Where the contract stands for reviews at `now`. */
export function windowOf(contract: Pick<ContractRow, 'status' | 'endedAt' | 'reviewsClosedAt'>, released: boolean, now: Date): ReviewWindow {
  if (contract.status !== 'completed' || !contract.endedAt || !released) return { state: 'unavailable', endsAt: null };
  const endsAt = reviewWindowEnd(contract.endedAt);
  const closed = contract.reviewsClosedAt !== null || now.toISOString() >= endsAt;
  return { state: closed ? 'closed' : 'open', endsAt };
}

/** What the subject was on the contract, seen from its author. */
export const subjectRoleOf = (contract: Pick<ContractRow, 'clientId' | 'expertId'>, authorId: number): ReviewRole => (authorId === contract.clientId ? 'expert' : 'client');

function lockContract(trx: Trx, dialect: Dialect, id: number) {
  const q = trx.selectFrom('contracts').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

export async function findContract(db: Db, id: number): Promise<ContractRow | undefined> {
  return db.kysely.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function reviewsOfContract(db: Db, contractId: number): Promise<ReviewRow[]> {
  return db.kysely.selectFrom('reviews').selectAll().where('contractId', '=', contractId).orderBy('id').execute();
}

export async function findReview(db: Db, id: number): Promise<ReviewRow | undefined> {
  return db.kysely.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Publishes every review of the contract still hidden, all with the same moment, and closes its window; refreshes
 * the directory's copy of the expert's rating and tells each subject. Inside the caller's transaction, under the
 * contract's lock. A second call publishes nothing (the UPDATE is conditional).
 */
async function publishContract(trx: Trx, jobs: JobQueue, contractId: number, now: Date): Promise<ReviewRow[]> {
  const at = now.toISOString();
  await trx.updateTable('contracts').set({ reviewsClosedAt: at }).where('id', '=', contractId).where('reviewsClosedAt', 'is', null).execute();
  const published = await trx.updateTable('reviews').set({ publishedAt: at }).where('contractId', '=', contractId).where('publishedAt', 'is', null).returningAll().execute();
  for (const review of published) if (review.subjectRole === 'expert') await refreshListingRating(trx, review.subjectId);
  await tellReviewsPublished(trx, jobs, published, now);
  return published;
}

export type WriteOutcome = { review: ReviewRow; published: boolean } | 'unavailable' | 'closed' | 'already';

/**
 * The author's one review of the other party. Under the contract's lock: refused unless the contract ended with a
 * released milestone less than 14 days ago and its window is still open; refused when the author already wrote
 * one. The second review of a contract publishes both at once; the first queues the job that publishes it when
 * the window closes, and tells the other party their review is awaited. `clock` is read after the lock is held.
 */
export async function writeReview(
  db: Db,
  jobs: JobQueue,
  contractId: number,
  authorId: number,
  input: { rating: number; text: string | null },
  clock: () => Date,
): Promise<WriteOutcome> {
  return db.kysely.transaction().execute(async (trx): Promise<WriteOutcome> => {
    const contract = await lockContract(trx, db.dialect, contractId);
    if (!contract) throw new Error(`contract ${contractId} is missing`);
    const now = clock();
    const window = windowOf(contract, await hasReleasedMilestone(trx, contractId), now);
    if (window.state !== 'open') return window.state;
    const subjectId = authorId === contract.clientId ? contract.expertId : contract.clientId;
    const review = await trx
      .insertInto('reviews')
      .values({
        contractId,
        authorId,
        subjectId,
        subjectRole: subjectRoleOf(contract, authorId),
        rating: input.rating,
        text: input.text,
        createdAt: now.toISOString(),
        publishedAt: null,
        replyText: null,
        repliedAt: null,
      })
      .onConflict((oc) => oc.columns(['contractId', 'authorId']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!review) return 'already';
    const other = await trx.selectFrom('reviews').select('id').where('contractId', '=', contractId).where('authorId', '=', subjectId).executeTakeFirst();
    if (other) {
      const published = await publishContract(trx, jobs, contractId, now);
      return { review: published.find((r) => r.id === review.id) ?? review, published: true };
    }
    await jobs.send<CloseWindowPayload>(CLOSE_WINDOW_JOB, { contractId }, { trx, runAt: new Date(window.endsAt!), singletonKey: `contract:${contractId}` });
    await tellReviewWritten(trx, jobs, review, window.endsAt!, now);
    return { review, published: false };
  });
}

/** The window's end (the job): publishes what was written. Idempotent: a closed window is left alone. */
export async function closeWindow(db: Db, jobs: JobQueue, contractId: number, clock: () => Date): Promise<ReviewRow[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const contract = await lockContract(trx, db.dialect, contractId);
    if (!contract || contract.reviewsClosedAt !== null) return [];
    return publishContract(trx, jobs, contractId, clock());
  });
}

export type ReplyOutcome = ReviewRow | 'missing' | 'not-subject' | 'not-published' | 'already';

/**
 * The reviewed member's one public reply to a published review: one conditional UPDATE. When it changes nothing,
 * the review says why: unknown to the member (not a party of its contract), not theirs to answer, not published
 * yet, or answered already.
 */
export async function replyToReview(db: Db, reviewId: number, memberId: number, text: string, now: Date): Promise<ReplyOutcome> {
  const replied = await db.kysely
    .updateTable('reviews')
    .set({ replyText: text, repliedAt: now.toISOString() })
    .where('id', '=', reviewId)
    .where('subjectId', '=', memberId)
    .where('publishedAt', 'is not', null)
    .where('replyText', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (replied) return replied;
  const review = await findReview(db, reviewId);
  if (!review || (review.subjectId !== memberId && review.authorId !== memberId)) return 'missing';
  if (review.subjectId !== memberId) return 'not-subject';
  if (review.publishedAt === null) return 'not-published';
  return 'already';
}

/** One page of a member's published reviews in one role, newest first, with the reviewer's first name. */
export async function publishedReviewsOf(db: Db, subjectId: number, role: ReviewRole, page: number) {
  return db.kysely
    .selectFrom('reviews as r')
    .innerJoin('users as a', 'a.id', 'r.authorId')
    .select(['r.id', 'r.rating', 'r.text', 'r.publishedAt', 'r.replyText', 'r.repliedAt', 'a.firstName as reviewerFirstName'])
    .where('r.subjectId', '=', subjectId)
    .where('r.subjectRole', '=', role)
    .where('r.publishedAt', 'is not', null)
    .orderBy('r.publishedAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(REVIEW_LIMITS.pageSize)
    .offset((page - 1) * REVIEW_LIMITS.pageSize)
    .execute();
}
