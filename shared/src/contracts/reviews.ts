// Reviews after a contract (docs/decisions/0015-reviews.md): each party reviews the other once, double-blind, and
// both reviews are published together. Limits, messages and the words of a rating, shared by the API and the clients.
// Types are Static<> of the TypeBox schemas in ./schemas/reviews (a type-only import: no run-time cost).
import type { Static } from 'typebox';
import { groupDigits } from './format';
import type * as S from './schemas/reviews';

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  /** Characters of a review's text (optional). */
  textMax: 2000,
  /** Characters of the reviewed member's public reply. */
  replyMax: 2000,
  /** Days after the contract ended during which both parties may write their review. */
  windowDays: 14,
  /** Reviews per page of a member's public list. */
  pageSize: 10,
} as const;

/** What the reviewed member was on the contract: an expert (reviewed by the client) or a client (reviewed by the expert). */
export const REVIEW_ROLES = ['expert', 'client'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

/**
 * Where a contract stands for reviews: 'unavailable' (still active, or it ended without any released milestone),
 * 'open' (within the 14 days after it ended), 'closed' (the 14 days are over, or both parties have written theirs).
 */
export const REVIEW_WINDOW_STATES = ['unavailable', 'open', 'closed'] as const;
export type ReviewWindowState = (typeof REVIEW_WINDOW_STATES)[number];

const textMax = groupDigits(REVIEW_LIMITS.textMax);
const replyMax = groupDigits(REVIEW_LIMITS.replyMax);

export const REVIEW_MESSAGES = {
  contractNotFound: 'This contract is not available.',
  reviewNotFound: 'This review is not available.',
  expertNotFound: 'This profile is not available.',
  notReviewable: 'Reviews open when the contract has ended with at least one released milestone.',
  windowClosed: `The ${REVIEW_LIMITS.windowDays} days to review this contract are over.`,
  alreadyReviewed: 'You have already reviewed this contract. A review cannot be changed.',
  ratingInvalid: `Please choose a rating from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} stars.`,
  textTooLong: `Please keep your review to ${textMax} characters or fewer.`,
  replyRequired: 'Please write your reply.',
  replyTooLong: `Please keep your reply to ${replyMax} characters or fewer.`,
  plainText: 'Please use plain text (no control characters).',
  subjectOnly: 'Only the member this review is about can reply to it.',
  notPublished: 'You can reply once the review is published.',
  alreadyReplied: 'You have already replied to this review. A reply cannot be changed.',
  pageInvalid: 'Page must be a whole number of 1 or more.',
  loadFailed: 'Could not load the reviews. Please try again.',
} as const;

/** When the review window of a contract that ended at `endedAt` closes (ISO time). */
export function reviewWindowEnd(endedAt: string): string {
  return new Date(Date.parse(endedAt) + REVIEW_LIMITS.windowDays * 86_400_000).toISOString();
}

/** An average as the product shows it: one decimal, always ('4.0', '4.8'). */
export function formatRating(average: number): string {
  return average.toFixed(1);
}

/** 4.84 → 4.8: the average every list shows and the directory sorts by. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}

/** '1 review', '12 reviews'. */
export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${groupDigits(count)} reviews`;
}

/** The compact form a card shows: '★ 4.8 (12 reviews)'. */
export function ratingShortText(average: number, count: number): string {
  return `★ ${formatRating(average)} (${reviewCountText(count)})`;
}

/** The same for a screen reader: 'Rated 4.8 out of 5 from 12 reviews'. */
export function ratingLabel(average: number, count: number): string {
  return `Rated ${formatRating(average)} out of ${REVIEW_LIMITS.ratingMax} from ${reviewCountText(count)}`;
}

/** One review's stars: '4 out of 5 stars'. */
export function starsLabel(rating: number): string {
  return `${rating} out of ${REVIEW_LIMITS.ratingMax} stars`;
}

/** The label of each choice of the rating radio group: '1 star: Poor' … '5 stars: Excellent'. */
export const RATING_CHOICE_LABELS: Record<number, string> = {
  1: '1 star: Poor',
  2: '2 stars: Fair',
  3: '3 stars: Good',
  4: '4 stars: Very good',
  5: '5 stars: Excellent',
};

export type ReviewInput = Static<typeof S.ReviewInput>;
export type ReplyInput = Static<typeof S.ReplyInput>;
export type ContractReview = Static<typeof S.ContractReview>;
export type ContractReviews = Static<typeof S.ContractReviews>;
export type PublicReview = Static<typeof S.PublicReview>;
export type ReviewPage = Static<typeof S.ReviewPage>;
export type RatingSummary = Static<typeof S.RatingSummary>;
