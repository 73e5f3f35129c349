import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { withId, type Table } from './shared';

/**
 * The release registry (docs/decisions/0049-versioned-remote-releases.md). `releases`: one row per registered version
 * of a remote, never changed (the database refuses UPDATE and DELETE). `releaseChannels`: per remote, what is live
 * and the canary, with a generation bumped by every change (the page servers' ETag). `releaseEvents`: every change,
 * append-only like the operators' audit log. `releaseStats`: page loads and error reports per remote and version.
 */
export function releases(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('releases') as Table)
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('filesHash', 'text', (c) => c.notNull())
        .addColumn('commit', 'text')
        /** JSON: [{ name, requiredVersion, singleton }] from the manifest. */
        .addColumn('shared', 'text', (c) => c.notNull())
        .addColumn('runtimeVersion', 'text', (c) => c.notNull())
        .addColumn('exposesHash', 'text', (c) => c.notNull())
        .addColumn('releasedBy', 'text', (c) => c.notNull())
        .addColumn('releasedAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('releases_remote_version', ['remote', 'version'])
        .execute();
      await db.schema
        .createTable('releaseChannels')
        .addColumn('remote', 'text', (c) => c.primaryKey())
        .addColumn('liveVersion', 'text')
        .addColumn('canaryVersion', 'text')
        .addColumn('canaryPercent', 'integer')
        .addColumn('canarySince', 'text')
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await withId(dialect, db.schema.createTable('releaseEvents') as Table)
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('version', 'text')
        .addColumn('previousVersion', 'text')
        .addColumn('canaryPercent', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('details', 'text')
        .addColumn('reason', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('releaseEvents_by_remote').on('releaseEvents').columns(['remote', 'id']).execute();
      await db.schema
        .createTable('releaseStats')
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('pageLoads', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('releaseStats_pk', ['remote', 'version'])
        .execute();
      if (dialect === 'postgres') {
        await sql`create function release_rows_append_only() returns trigger language plpgsql as $$
          begin raise exception 'releases and their history are never changed'; end $$`.execute(db);
        await sql`create trigger releases_append_only before update or delete on "releases" for each row execute function release_rows_append_only()`.execute(db);
        await sql`create trigger release_events_append_only before update or delete on "releaseEvents" for each row execute function release_rows_append_only()`.execute(db);
      } else {
        for (const table of ['releases', 'releaseEvents']) {
          await sql`create trigger ${sql.raw(`${table}_no_update`)} before update on ${sql.table(table)} begin select raise(abort, 'releases and their history are never changed'); end`.execute(db);
          await sql`create trigger ${sql.raw(`${table}_no_delete`)} before delete on ${sql.table(table)} begin select raise(abort, 'releases and their history are never changed'); end`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('releaseStats').ifExists().execute();
      await db.schema.dropTable('releaseEvents').ifExists().execute();
      await db.schema.dropTable('releaseChannels').ifExists().execute();
      await db.schema.dropTable('releases').ifExists().execute();
      if (dialect === 'postgres') await sql`drop function if exists release_rows_append_only()`.execute(db);
    },
  };
}
