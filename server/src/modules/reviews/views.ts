// The reviews domain's rows as the contract shows them. Double-blind: a review reaches its subject only once
// published; before that the subject learns only that it was written (theirsWritten), never what it says.
import { REVIEW_LIMITS, type ContractReview, type ContractReviews, type PublicReview, type RatingSummary, type ReviewPage, type ReviewRole } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { hasReleasedMilestone, publishedReviewsOf, reviewsOfContract, subjectRoleOf, windowOf, type ContractRow, type ReviewRow } from './repository';

const reply = (r: { replyText: string | null; repliedAt: string | null }) => (r.replyText !== null && r.repliedAt !== null ? { text: r.replyText, createdAt: r.repliedAt } : null);

export const contractReviewView = (r: ReviewRow): ContractReview => ({
  id: r.id,
  authorId: r.authorId,
  subjectId: r.subjectId,
  subjectRole: r.subjectRole as ReviewRole,
  rating: r.rating,
  text: r.text,
  createdAt: r.createdAt,
  publishedAt: r.publishedAt,
  reply: reply(r),
});

/** The contract's reviews as `viewerId` (one of its two parties) may see them at `now`. */
export async function contractReviewsView(db: Db, contract: ContractRow, viewerId: number, now: Date): Promise<ContractReviews> {
  const otherId = viewerId === contract.clientId ? contract.expertId : contract.clientId;
  const [rows, released, other] = await Promise.all([
    reviewsOfContract(db, contract.id),
    hasReleasedMilestone(db.kysely, contract.id),
    db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName']).where('id', '=', otherId).executeTakeFirstOrThrow(),
  ]);
  const window = windowOf(contract, released, now);
  const mine = rows.find((r) => r.authorId === viewerId) ?? null;
  const theirsRow = rows.find((r) => r.authorId === otherId) ?? null;
  // Unpublished, the other party's review is theirs alone: not its rating, not its text, not its id.
  const theirs = theirsRow && theirsRow.publishedAt !== null ? theirsRow : null;
  return {
    contractId: contract.id,
    state: window.state,
    windowEndsAt: window.endsAt,
    subject: { id: other.id, firstName: other.firstName, lastName: other.lastName, role: subjectRoleOf(contract, viewerId) },
    mine: mine ? contractReviewView(mine) : null,
    theirs: theirs ? contractReviewView(theirs) : null,
    theirsWritten: theirsRow !== null,
    canWrite: window.state === 'open' && mine === null,
    canReply: theirs !== null && theirs.replyText === null,
  };
}

/** One page of a member's published reviews in one role, with their rating. */
export async function reviewPageView(db: Db, subjectId: number, role: ReviewRole, rating: RatingSummary, page: number): Promise<ReviewPage> {
  const rows = await publishedReviewsOf(db, subjectId, role, page);
  return {
    ...rating,
    page,
    pageSize: REVIEW_LIMITS.pageSize,
    results: rows.map(
      (r): PublicReview => ({ id: r.id, rating: r.rating, text: r.text, publishedAt: r.publishedAt!, reviewerFirstName: r.reviewerFirstName, reply: reply(r) }),
    ),
  };
}
