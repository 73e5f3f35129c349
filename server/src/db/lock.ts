import { sql } from 'kysely';
import type { Db } from './connect';

/**
 * Runs fn while holding a PostgreSQL advisory lock named `name` in the current schema, so that several API processes
 * starting at once on one database do the work one after the other (migrations and the seed: the second finds them
 * done). The lock is the session's, held on a connection of its own: a process that dies mid-way drops its
 * connection and with it the lock. SQLite has one process per file and needs none.
 */
export async function withDatabaseLock<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return fn();
  return db.kysely.connection().execute(async (connection) => {
    // Keyed by schema as well: test runs and several sites on one database (one schema each) need not wait for each other.
    const key = sql`hashtextextended(current_schema() || ':' || ${name}, 0)`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
