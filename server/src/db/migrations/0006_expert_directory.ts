import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The expert directory: a country on the profile, a flag on seeded demo members, and the full-text index of
 * listed experts (public, with a headline), written by refreshExpertSearch in the transaction of each change.
 * SQLite: an FTS5 table keyed by rowid = users.id (columns weighted by bm25 at query time). PostgreSQL: a table
 * of weighted tsvectors with a GIN index. Both hold `completeness`, the order of the directory without a query.
 */
export function expertDirectory(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('country', 'text').execute();
      await db.schema.alterTable('users').addColumn('isDemo', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('users_country').on('users').columns(['country', 'hourlyFee']).execute();
      await db.schema.createIndex('users_fee').on('users').column('hourlyFee').execute();
      await db.schema.createIndex('offered_services_service').on('offeredServices').columns(['serviceId', 'userId']).execute();
      await db.schema.createIndex('offered_practice_areas_area').on('offeredPracticeAreas').columns(['practiceAreaId', 'offeredServiceId']).execute();
      if (dialect === 'postgres') {
        await db.schema
          .createTable('expertSearch')
          .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('document', sql`tsvector`, (c) => c.notNull())
          .addColumn('completeness', 'integer', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX "expertSearch_document" ON "expertSearch" USING GIN ("document")`.execute(db);
        await db.schema.createIndex('expertSearch_completeness').on('expertSearch').columns(['completeness desc', 'userId desc']).execute();
      } else {
        await sql`CREATE VIRTUAL TABLE "expertSearch" USING fts5(name, headline, other, summary, completeness UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(db);
        // A virtual table has no foreign key: a deleted member leaves the index with the row.
        await sql`CREATE TRIGGER "users_expertSearch_delete" AFTER DELETE ON "users" BEGIN DELETE FROM "expertSearch" WHERE rowid = OLD.id; END`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`DROP TRIGGER IF EXISTS "users_expertSearch_delete"`.execute(db);
      await db.schema.dropTable('expertSearch').ifExists().execute();
      for (const index of ['offered_practice_areas_area', 'offered_services_service', 'users_fee', 'users_country']) await db.schema.dropIndex(index).ifExists().execute();
      await db.schema.alterTable('users').dropColumn('isDemo').execute();
      await db.schema.alterTable('users').dropColumn('country').execute();
    },
  };
}
