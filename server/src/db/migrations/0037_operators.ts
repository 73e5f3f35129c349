import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { withId, type Table } from './shared';

/**
 * The operators' console (docs/decisions: the console's authorization and audit log). Operators are accounts of
 * their own, not members; their sessions are opaque tokens stored by hash. The audit log is append-only: the
 * database itself refuses an UPDATE or DELETE of an entry, so no route, bug or future code path can rewrite it.
 * Disputes gain the parties' statements and the operator's resolution (one per milestone: the race guard of
 * two operators deciding at once); a payment refunded in part (a split) records how much.
 */
export function operators(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('operators') as Table)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('passwordHash', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('disabledAt', 'text')
        .execute();
      await db.schema
        .createTable('operatorSessions')
        // sha256 of the token: a copy of the table opens no console.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('operatorId', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .execute();
      // No foreign keys: the log outlives what it mentions.
      await withId(dialect, db.schema.createTable('adminAudit') as Table)
        .addColumn('operatorId', 'integer', (c) => c.notNull())
        .addColumn('operatorEmail', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('objectType', 'text')
        .addColumn('objectId', 'text')
        .addColumn('reason', 'text')
        .addColumn('details', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') {
        await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
          begin raise exception 'the audit log is append-only'; end $$`.execute(db);
        await sql`create trigger admin_audit_append_only before update or delete on "adminAudit" for each row execute function admin_audit_append_only()`.execute(db);
      } else {
        await sql`create trigger admin_audit_no_update before update on "adminAudit" begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
        await sql`create trigger admin_audit_no_delete before delete on "adminAudit" begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
      }

      await withId(dialect, db.schema.createTable('disputeStatements') as Table)
        .addColumn('milestoneId', 'integer', (c) => c.notNull().references('contractMilestones.id').onDelete('cascade'))
        .addColumn('contractId', 'integer', (c) => c.notNull())
        .addColumn('authorId', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        /** JSON array of contract file ids. */
        .addColumn('fileIds', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('disputeStatements_by_milestone').on('disputeStatements').columns(['milestoneId', 'id']).execute();

      await db.schema
        .createTable('disputeResolutions')
        .addColumn('milestoneId', 'integer', (c) => c.primaryKey())
        .addColumn('operatorId', 'integer', (c) => c.notNull())
        .addColumn('operatorEmail', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('expertCents', 'integer', (c) => c.notNull())
        .addColumn('clientCents', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();

      /** A split returns only part of the payment; null: all of it. */
      await db.schema.alterTable('payments').addColumn('refundCents', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('payments').dropColumn('refundCents').execute();
      await db.schema.dropTable('disputeResolutions').ifExists().execute();
      await db.schema.dropTable('disputeStatements').ifExists().execute();
      await db.schema.dropTable('adminAudit').ifExists().execute();
      if (dialect === 'postgres') await sql`drop function if exists admin_audit_append_only()`.execute(db);
      await db.schema.dropTable('operatorSessions').ifExists().execute();
      await db.schema.dropTable('operators').ifExists().execute();
    },
  };
}
