import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Reviews after a contract (docs/decisions/0015-reviews.md): one review per party and contract, hidden from its
 * subject until both are written or the 14 days after the end are over; the contract's end time (the window counts
 * from it) and the moment its window closed; and the directory's copy of each expert's rating, so "Highest rated"
 * reads an index.
 */
/**
 * Contracts that ended before this release: their last timeline event is when they ended (ending cancels the
 * unfunded milestones), else their start. Older than 14 days, their window is simply over.
 */
export async function backfillEndedAt(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE "contracts" SET "endedAt" = COALESCE(
      (SELECT MAX(e."createdAt") FROM "milestoneEvents" e WHERE e."contractId" = "contracts"."id"), "contracts"."createdAt")
    WHERE "status" = 'completed' AND "endedAt" IS NULL`.execute(db);
}

export function reviews(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('reviews') as Table)
        .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('authorId', 'integer', userFk)
        .addColumn('subjectId', 'integer', userFk)
        /** What the subject was on the contract: 'expert' (reviewed by the client) or 'client'. */
        .addColumn('subjectRole', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`"rating" between 1 and 5`))
        .addColumn('text', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        /** Null while hidden from the subject; both reviews of a contract get the same moment. */
        .addColumn('publishedAt', 'text')
        .addColumn('replyText', 'text')
        .addColumn('repliedAt', 'text')
        .execute();
      // Once per party and contract: a second review (or two sent at once) is refused by the database.
      await db.schema.createIndex('reviews_once_per_author').on('reviews').columns(['contractId', 'authorId']).unique().execute();
      // A member's published reviews as one role, newest first, and their count and sum.
      await db.schema.createIndex('reviews_by_subject').on('reviews').columns(['subjectId', 'subjectRole', 'publishedAt']).execute();

      // When the client ended the contract (the review window counts from here) and when its window closed.
      await db.schema.alterTable('contracts').addColumn('endedAt', 'text').execute();
      await db.schema.alterTable('contracts').addColumn('reviewsClosedAt', 'text').execute();
      await backfillEndedAt(db);

      // The directory's copy of each listed expert's rating (rounded to one decimal, as shown), for the sort.
      await db.schema.alterTable('expertListing').addColumn('ratingAverage', dialect === 'postgres' ? 'double precision' : 'real').execute();
      await db.schema.alterTable('expertListing').addColumn('reviewCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'postgres') {
        await sql`CREATE INDEX "expertListing_rating" ON "expertListing" ("ratingAverage" DESC NULLS LAST, "reviewCount" DESC, "userId" DESC)`.execute(db);
      } else {
        // SQLite sorts NULLs first in ascending order, so a descending index puts experts without reviews last.
        await db.schema.createIndex('expertListing_rating').on('expertListing').columns(['ratingAverage desc', 'reviewCount desc', 'userId desc']).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('expertListing_rating').ifExists().execute();
      await db.schema.alterTable('expertListing').dropColumn('reviewCount').execute();
      await db.schema.alterTable('expertListing').dropColumn('ratingAverage').execute();
      await db.schema.alterTable('contracts').dropColumn('reviewsClosedAt').execute();
      await db.schema.alterTable('contracts').dropColumn('endedAt').execute();
      await db.schema.dropTable('reviews').ifExists().execute();
    },
  };
}
