import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The directory's listing: one narrow row per listed expert (public, with a headline) holding what the search
 * filters and orders by, so the directory without a query, and every filter, read an index instead of scanning
 * the full-text table or the wide users rows. Written with the full-text entry by refreshExpertSearch.
 */
export function expertListing(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('expertListing')
        .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('completeness', 'integer', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('hourlyFee', dialect === 'postgres' ? 'double precision' : 'real')
        .execute();
      await db.schema.createIndex('expertListing_rank').on('expertListing').columns(['completeness desc', 'userId desc']).execute();
      await db.schema.createIndex('expertListing_country').on('expertListing').columns(['country', 'completeness desc', 'userId desc']).execute();
      // The fee sorts put members without a fee last and break ties newest first, each one index scan.
      if (dialect === 'postgres') {
        await sql`CREATE INDEX "expertListing_fee_asc" ON "expertListing" ("hourlyFee" ASC NULLS LAST, "userId" DESC)`.execute(db);
        await sql`CREATE INDEX "expertListing_fee_desc" ON "expertListing" ("hourlyFee" DESC NULLS LAST, "userId" DESC)`.execute(db);
      } else {
        await db.schema.createIndex('expertListing_fee').on('expertListing').columns(['hourlyFee', 'userId desc']).execute();
      }
      // Everyone already in the full-text index is listed.
      if (dialect === 'postgres') {
        await sql`INSERT INTO "expertListing" ("userId", "completeness", "country", "hourlyFee")
          SELECT s."userId", s."completeness", u."country", u."hourlyFee" FROM "expertSearch" s JOIN "users" u ON u."id" = s."userId"`.execute(db);
      } else {
        await sql`INSERT INTO "expertListing" ("userId", "completeness", "country", "hourlyFee")
          SELECT s.rowid, CAST(s."completeness" AS INTEGER), u."country", u."hourlyFee" FROM "expertSearch" s JOIN "users" u ON u."id" = s.rowid`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('expertListing').ifExists().execute();
    },
  };
}
