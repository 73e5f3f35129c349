import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Files shared in a contract's workspace (docs/decisions/0012-escrow-ledger.md): either party uploads, both download.
 * The bytes live beside the project attachments (one folder, one orphan sweep); a file delivered with a submission
 * names that milestone and its timeline event.
 */
export function contractFiles(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('contractFiles') as Table)
        .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('uploaderId', 'integer', userFk)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storageKey', 'text', (c) => c.notNull().unique())
        .addColumn('milestoneId', 'integer')
        .addColumn('eventId', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contractFiles_by_contract').on('contractFiles').columns(['contractId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('contractFiles').ifExists().execute();
    },
  };
}
