// Reviews after a contract (docs/decisions/0015-reviews.md). Server-only at run time. The rating's range, the
// lengths and plain text are checked by server/src/modules/reviews/rules.ts, which answers 400 by field with the
// sentences of REVIEW_MESSAGES.
import { Type } from 'typebox';
import { REVIEW_LIMITS as L, REVIEW_ROLES, REVIEW_WINDOW_STATES } from '../reviews';
import { Nullable, StringChoice } from './common';

export const ReviewInput = Type.Object(
  {
    rating: Type.Integer({ description: `Stars, ${L.ratingMin} to ${L.ratingMax}.` }),
    text: Type.Optional(Nullable(Type.String({ description: `Optional plain text, at most ${L.textMax} characters.` }))),
  },
  { additionalProperties: false, title: 'ReviewInput' },
);

export const ReplyInput = Type.Object(
  { text: Type.String({ description: `Plain text, 1 to ${L.replyMax} characters.` }) },
  { additionalProperties: false, title: 'ReplyInput' },
);

const Reply = Type.Object({ text: Type.String(), createdAt: Type.String() }, { title: 'ReviewReply' });

/** A review as one of the contract's two parties reads it (its author at any time; its subject once published). */
export const ContractReview = Type.Object(
  {
    id: Type.Integer(),
    authorId: Type.Integer(),
    subjectId: Type.Integer(),
    subjectRole: StringChoice(REVIEW_ROLES),
    rating: Type.Integer({ minimum: L.ratingMin, maximum: L.ratingMax }),
    text: Nullable(Type.String()),
    createdAt: Type.String(),
    publishedAt: Nullable(Type.String({ description: 'null while it waits for the other review or the end of the window.' })),
    reply: Nullable(Reply),
  },
  { title: 'ContractReview' },
);

export const ContractReviews = Type.Object(
  {
    contractId: Type.Integer(),
    state: StringChoice(REVIEW_WINDOW_STATES, { description: "'unavailable': active, or ended without a released milestone; 'open': reviews may be written; 'closed'." }),
    windowEndsAt: Nullable(Type.String({ description: 'When the 14 days to review end (ISO time); null while unavailable.' })),
    subject: Type.Object(
      { id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), role: StringChoice(REVIEW_ROLES) },
      { description: 'The other party: the member the viewer reviews.' },
    ),
    mine: Nullable(ContractReview),
    theirs: Nullable(ContractReview),
    theirsWritten: Type.Boolean({ description: 'The other party has written their review (its content stays hidden until both are published).' }),
    canWrite: Type.Boolean(),
    canReply: Type.Boolean({ description: "The viewer may post the one public reply to the other party's published review." }),
  },
  { title: 'ContractReviews' },
);

export const RatingSummary = Type.Object(
  {
    ratingAverage: Nullable(Type.Number({ description: 'Mean of the published reviews, one decimal; null without any.' })),
    reviewCount: Type.Integer({ description: 'Published reviews.' }),
  },
  { title: 'RatingSummary' },
);

/** A published review as anyone who may see the member reads it: the reviewer by first name only. */
export const PublicReview = Type.Object(
  {
    id: Type.Integer(),
    rating: Type.Integer({ minimum: L.ratingMin, maximum: L.ratingMax }),
    text: Nullable(Type.String()),
    publishedAt: Type.String(),
    reviewerFirstName: Type.String(),
    reply: Nullable(Reply),
  },
  { title: 'PublicReview' },
);

export const ReviewPage = Type.Object(
  {
    ratingAverage: Nullable(Type.Number()),
    reviewCount: Type.Integer({ description: 'Every published review (all pages).' }),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    results: Type.Array(PublicReview, { description: 'Newest first.' }),
  },
  { title: 'ReviewPage' },
);

export const ReviewPageQuery = Type.Object(
  { page: Type.Optional(Type.String({ maxLength: 20, description: '1-based page number.' })) },
  { additionalProperties: false },
);
