import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { withId, type Table } from './shared';

/**
 * The job queue (docs/decisions/0013-job-queue.md): one row per job, claimed by a lease (lockedBy, lockedUntil).
 * A singletonKey is unique among the jobs still to run (pending or active): a partial unique index, which SQLite and
 * PostgreSQL both enforce; done and failed jobs keep their key as history without blocking a new send.
 */
export function jobs(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('jobs') as Table)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('runAt', 'text', (c) => c.notNull())
        .addColumn('singletonKey', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lastError', 'text')
        .addColumn('lockedBy', 'text')
        .addColumn('lockedUntil', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text')
        .execute();
      await sql`create unique index jobs_one_live_per_key on jobs (name, "singletonKey") where "singletonKey" is not null and state in ('pending', 'active')`.execute(db);
      // The claim: due pending jobs of one name, and active ones whose lease ran out.
      await db.schema.createIndex('jobs_due').on('jobs').columns(['name', 'state', 'runAt']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jobs').ifExists().execute();
    },
  };
}
