import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Members' reports of a profile, a project, a proposal or a message (docs/decisions/0037-operators-console.md).
 * One open report per member and target (a second press is the same report); an operator closes it as dismissed or
 * acted on. The target is named by type and id, without a foreign key: a report outlives a removed message.
 */
export function reports(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('reports') as Table)
        .addColumn('reporterId', 'integer', (c) => userFk(c))
        .addColumn('targetType', 'text', (c) => c.notNull())
        .addColumn('targetId', 'integer', (c) => c.notNull())
        .addColumn('subjectId', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('closedAt', 'text')
        .execute();
      await db.schema.createIndex('reports_open').on('reports').columns(['status', 'createdAt']).execute();
      // One open report per member and target (a partial index: closed ones may repeat).
      await db.schema.createIndex('reports_one_open').on('reports').columns(['reporterId', 'targetType', 'targetId']).unique().where(sql.ref('status'), '=', 'open').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('reports').ifExists().execute();
    },
  };
}
