import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Reports cannot be flooded (docs/decisions/0047-report-flooding-and-honest-console.md): filing one counts the
 * reporter's reports of the last 24 hours (by reporter and time), and the operators' queue counts the members who
 * reported each open target (by target). Indexes only; no data changes.
 */
export function reportLimits(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('reports_by_reporter').on('reports').columns(['reporterId', 'createdAt']).execute();
      await db.schema.createIndex('reports_by_target').on('reports').columns(['targetType', 'targetId', 'status']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('reports_by_target').ifExists().execute();
      await db.schema.dropIndex('reports_by_reporter').ifExists().execute();
    },
  };
}
