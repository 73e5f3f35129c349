import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Invitations name each party's own time: a client who has no availability of their own has the zone their browser
 * sent when they booked or accepted the call (`clientTimeZone`, null for calls made before). A reschedule offers up
 * to three times, like a proposal (`rescheduleTimes`, JSON instants; `rescheduleStartsAt` stays the first of them).
 */
export function callZonesRescheduleTimes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('calls').addColumn('clientTimeZone', 'text').execute();
      await db.schema.alterTable('calls').addColumn('rescheduleTimes', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('calls').dropColumn('rescheduleTimes').execute();
      await db.schema.alterTable('calls').dropColumn('clientTimeZone').execute();
    },
  };
}
