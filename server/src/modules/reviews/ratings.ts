// A member's rating: the mean and the count of their published reviews in one role, always computed from the
// reviews themselves (indexed by subject, role and publication), never kept as a running total that could drift.
// The directory keeps one copy per listed expert in `expertListing` for its "Highest rated" order, rewritten in the
// transaction that publishes reviews and whenever the listing row itself is rewritten.
import { roundRating, type RatingSummary, type ReviewRole } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const NONE: RatingSummary = { ratingAverage: null, reviewCount: 0 };

const summary = (count: number | string, sum: number | string | null): RatingSummary => {
  const n = Number(count);
  return n === 0 ? NONE : { ratingAverage: roundRating(Number(sum) / n), reviewCount: n };
};

/** The published reviews of several members in one role, in one query; members without any are absent. */
export async function publishedRatings(db: Kysely<Database>, userIds: readonly number[], role: ReviewRole): Promise<Map<number, RatingSummary>> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['subjectId', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('rating').as('total')])
    .where('subjectId', 'in', wanted)
    .where('subjectRole', '=', role)
    .where('publishedAt', 'is not', null)
    .groupBy('subjectId')
    .execute();
  return new Map(rows.map((r) => [r.subjectId, summary(r.n, r.total)]));
}

export async function publishedRating(db: Kysely<Database>, userId: number, role: ReviewRole): Promise<RatingSummary> {
  return (await publishedRatings(db, [userId], role)).get(userId) ?? NONE;
}

/** Rewrites the directory's copy of an expert's rating (nothing when they are not listed). Call in the publishing transaction. */
export async function refreshListingRating(db: Kysely<Database>, expertId: number): Promise<void> {
  const rating = await publishedRating(db, expertId, 'expert');
  await db.updateTable('expertListing').set({ ratingAverage: rating.ratingAverage, reviewCount: rating.reviewCount }).where('userId', '=', expertId).execute();
}
