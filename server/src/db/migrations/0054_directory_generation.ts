import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The directory's generation: one number that every change to `expertListing` moves on, in the changing transaction,
 * by trigger (so no write path can forget it: a profile save, a review published, an account deleted by cascade).
 * Every change to what a search can find or how it ranks rewrites the listing row with the full-text row
 * (searchIndex.ts), so a search's page of ids and its total, read at one generation, hold until the next one: each
 * API process keeps them in memory under that number (directory/searchCache.ts, decision 0019).
 */
export function directoryGeneration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('directoryGeneration')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`"id" = 1`))
        .addColumn('generation', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO "directoryGeneration" ("id", "generation") VALUES (1, 0)`.execute(db);
      if (dialect === 'postgres') {
        // The search_path of the migration stays the function's: its table is this schema's whoever writes.
        await sql`CREATE FUNCTION "bumpDirectoryGeneration"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
          BEGIN UPDATE "directoryGeneration" SET "generation" = "generation" + 1 WHERE "id" = 1; RETURN NULL; END $$`.execute(db);
        // Once per statement: a bulk load of 500 rows moves it once, not 500 times.
        await sql`CREATE TRIGGER "expertListing_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "expertListing"
          FOR EACH STATEMENT EXECUTE FUNCTION "bumpDirectoryGeneration"()`.execute(db);
      } else {
        // SQLite has row triggers only.
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          await sql`CREATE TRIGGER ${sql.raw(`"expertListing_generation_${event.toLowerCase()}"`)} AFTER ${sql.raw(event)} ON "expertListing"
            BEGIN UPDATE "directoryGeneration" SET "generation" = "generation" + 1 WHERE "id" = 1; END`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`DROP TRIGGER IF EXISTS "expertListing_generation" ON "expertListing"`.execute(db);
        await sql`DROP FUNCTION IF EXISTS "bumpDirectoryGeneration"()`.execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`"expertListing_generation_${event}"`)}`.execute(db);
      }
      await db.schema.dropTable('directoryGeneration').ifExists().execute();
    },
  };
}
