import type { Kysely, Migration } from 'kysely';
import { userFk } from './shared';

/** Stored files and their uploader: only the uploader may point a profile at a file or delete it. */
export function uploads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('fileName', 'text', (c) => c.primaryKey())
        .addColumn('ownerId', 'integer', userFk)
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_owner').on('uploads').column('ownerId').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('uploads').ifExists().execute();
    },
  };
}
