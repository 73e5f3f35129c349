import type { Kysely, Migration } from 'kysely';
import { userFk } from './shared';

/** Chat read marks: one row per (reader, counterpart) holding the newest message id the reader has seen. */
export function chatReads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chatReads')
        .addColumn('userId', 'integer', userFk)
        .addColumn('counterpartId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('lastReadId', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('chatReads_pk', ['userId', 'counterpartId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chatReads').ifExists().execute();
    },
  };
}
