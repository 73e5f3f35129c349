import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { withId, type Table } from './shared';

/**
 * A project's attachments (docs/decisions/0010-projects-and-proposals.md): one row per file, whose bytes live in
 * the data directory's private `attachments/` folder under `storageKey` (never a publicly served path). The rows
 * go with their project (cascade); files whose row went that way are removed by the projects module's sweep.
 */
export function projectAttachments(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('projectAttachments') as Table)
        .addColumn('projectId', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storageKey', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projectAttachments_by_project').on('projectAttachments').column('projectId').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('projectAttachments').ifExists().execute();
    },
  };
}
