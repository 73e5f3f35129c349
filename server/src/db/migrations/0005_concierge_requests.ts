import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { withId, type Table } from './shared';

/** Concierge requests from /concierge: kept so none is lost if the operator's mail fails. */
export function conciergeRequests(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('conciergeRequests') as Table)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('need', 'text', (c) => c.notNull())
        .addColumn('budget', 'text', (c) => c.notNull())
        .addColumn('deadline', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('mailedAt', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('conciergeRequests').ifExists().execute();
    },
  };
}
