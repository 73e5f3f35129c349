import { API_PATHS, pathTo } from '../contracts/paths';
import { REVIEW_MESSAGES, type ContractReviews, type ReviewInput, type ReviewPage } from '../contracts/reviews';
import { request } from './http';

/**
 * What the client says when the server gave no message of its own (status 0: not reached). The server's
 * messages (REVIEW_MESSAGES: 409 outside the window or a second time, 400 by field) win when it answers.
 */
const FAILED = {
  load: REVIEW_MESSAGES.loadFailed,
  write: 'Failed to save your review. Please try again.',
  reply: 'Failed to post your reply. Please try again.',
} as const;

/**
 * Reviews after a contract (docs/decisions/0015-reviews.md). A contract's reviews need a session (its two parties);
 * an expert's published reviews are public (the token, when there is one, lets the owner read their own while
 * their profile is hidden); a client's come with a project the member may see.
 */
export const reviewsApi = {
  forContract: (contractId: number) => request<ContractReviews>('get', pathTo(API_PATHS.contractReviews, { id: contractId }), { fallbackError: FAILED.load }),
  /** The member's one review of the other party; it stays hidden from them until both are written or the window closes. */
  write: (contractId: number, body: ReviewInput) => request<ContractReviews>('post', pathTo(API_PATHS.contractReviews, { id: contractId }), { json: body, fallbackError: FAILED.write }),
  /** The reviewed member's one public reply to a published review. */
  reply: (reviewId: number, text: string) => request<ContractReviews>('post', pathTo(API_PATHS.reviewReply, { id: reviewId }), { json: { text }, fallbackError: FAILED.reply }),
  ofExpert: (expertId: number, page = 1) =>
    request<ReviewPage>('get', pathTo(API_PATHS.expertReviews, { id: expertId }, { page: page > 1 ? page : undefined }), { fallbackError: FAILED.load }),
  ofProjectOwner: (projectId: number, page = 1) =>
    request<ReviewPage>('get', pathTo(API_PATHS.projectClientReviews, { id: projectId }, { page: page > 1 ? page : undefined }), { fallbackError: FAILED.load }),
};

export type ReviewsApi = typeof reviewsApi;
