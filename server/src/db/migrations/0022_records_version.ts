import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

const RECORD_TABLES = ['workExperiences', 'educations', 'certifications'] as const;

/**
 * `users.recordsVersion` counts every change to the member's work experience, education and certification rows,
 * kept by triggers so that every writer (the routes, account deletion, seeds, a second API process) bumps it in
 * the transaction of its change. The list routes read it with the owner check they already make and reuse a body
 * built for the same version (docs/decisions/0019-read-path.md).
 */
export function recordsVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('recordsVersion', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'postgres') {
        await sql`
          create function bump_records_version() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') then
              update users set "recordsVersion" = "recordsVersion" + 1 where id = old."userId";
            end if;
            if tg_op in ('INSERT', 'UPDATE') then
              update users set "recordsVersion" = "recordsVersion" + 1 where id = new."userId";
            end if;
            return null;
          end $$`.execute(db);
        for (const table of RECORD_TABLES) {
          await sql`create trigger ${sql.raw(`${table}_records_version`)} after insert or update or delete on ${sql.table(table)} for each row execute function bump_records_version()`.execute(db);
        }
        return;
      }
      for (const table of RECORD_TABLES) {
        const bump = (row: 'new' | 'old') => sql.raw(`update users set "recordsVersion" = "recordsVersion" + 1 where id = ${row}."userId";`);
        await sql`create trigger ${sql.raw(`${table}_records_version_insert`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_records_version_update`)} after update on ${sql.table(table)} begin ${bump('old')} ${bump('new')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_records_version_delete`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of RECORD_TABLES) {
        if (dialect === 'postgres') {
          await sql`drop trigger if exists ${sql.raw(`${table}_records_version`)} on ${sql.table(table)}`.execute(db);
        } else {
          for (const op of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`${table}_records_version_${op}`)}`.execute(db);
        }
      }
      if (dialect === 'postgres') await sql`drop function if exists bump_records_version()`.execute(db);
      await db.schema.alterTable('users').dropColumn('recordsVersion').execute();
    },
  };
}
