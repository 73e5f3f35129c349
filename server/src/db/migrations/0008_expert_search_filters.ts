import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * PostgreSQL: the filters live beside the tsvector (country, fee, service and practice-area ids), so a text search
 * reads one table — the GIN index and the filters combine in one bitmap scan — instead of joining the listing,
 * which led the planner to a sequential scan for common words. SQLite keeps joining `expertListing` (fast there).
 */
export function expertSearchFilters(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE "expertSearch"
        ADD COLUMN "country" text,
        ADD COLUMN "hourlyFee" double precision,
        ADD COLUMN "serviceIds" integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN "areaIds" integer[] NOT NULL DEFAULT '{}'`.execute(db);
      await sql`UPDATE "expertSearch" s SET "country" = u."country", "hourlyFee" = u."hourlyFee",
        "serviceIds" = COALESCE((SELECT array_agg(os."serviceId" ORDER BY os."serviceId") FROM "offeredServices" os WHERE os."userId" = s."userId"), '{}'),
        "areaIds" = COALESCE((SELECT array_agg(opa."practiceAreaId" ORDER BY opa."practiceAreaId") FROM "offeredServices" os JOIN "offeredPracticeAreas" opa ON opa."offeredServiceId" = os."id" WHERE os."userId" = s."userId"), '{}')
        FROM "users" u WHERE u."id" = s."userId"`.execute(db);
      await sql`CREATE INDEX "expertSearch_country" ON "expertSearch" ("country")`.execute(db);
      await sql`CREATE INDEX "expertSearch_services" ON "expertSearch" USING GIN ("serviceIds", "areaIds")`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`DROP INDEX IF EXISTS "expertSearch_services"`.execute(db);
      await sql`DROP INDEX IF EXISTS "expertSearch_country"`.execute(db);
      await sql`ALTER TABLE "expertSearch" DROP COLUMN "areaIds", DROP COLUMN "serviceIds", DROP COLUMN "hourlyFee", DROP COLUMN "country"`.execute(db);
    },
  };
}
