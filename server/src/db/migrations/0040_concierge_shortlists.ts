import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The concierge's answer (docs/decisions/0037-operators-console.md): when an operator sent the shortlist, who, and
 * the experts on it (a JSON array of member ids). Unanswered requests are the operators' queue.
 */
export function conciergeShortlists(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('conciergeRequests').addColumn('answeredAt', 'text').execute();
      await db.schema.alterTable('conciergeRequests').addColumn('answeredBy', 'text').execute();
      await db.schema.alterTable('conciergeRequests').addColumn('shortlist', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['shortlist', 'answeredBy', 'answeredAt']) await db.schema.alterTable('conciergeRequests').dropColumn(column).execute();
    },
  };
}
