import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Scheduled calls (docs/decisions/0036-scheduled-calls.md): each member's availability, the calls, the
 * five-minute blocks each live call holds in its expert's calendar (a unique index on them is what refuses a double
 * booking, on both dialects, without range types), the private calendar feeds, and the members one member blocked.
 */
export function scheduledCalls(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('callAvailability')
        .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('timeZone', 'text', (c) => c.notNull())
        /** JSON: [{ weekday, start, end }] in the member's time zone. */
        .addColumn('weeklyHours', 'text', (c) => c.notNull())
        /** JSON: [15, 30, 60] */
        .addColumn('lengths', 'text', (c) => c.notNull())
        .addColumn('minNoticeMinutes', 'integer', (c) => c.notNull())
        .addColumn('bufferMinutes', 'integer', (c) => c.notNull())
        /** JSON: ['YYYY-MM-DD'] */
        .addColumn('awayDates', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();

      await (withId(dialect, db.schema.createTable('calls') as Table) as Table)
        .addColumn('expertId', 'integer', userFk)
        .addColumn('clientId', 'integer', userFk)
        /** 'proposed' | 'booked' | 'cancelled' | 'no-show' */
        .addColumn('state', 'text', (c) => c.notNull())
        /** Null while proposed. */
        .addColumn('startsAt', 'text')
        .addColumn('lengthMinutes', 'integer', (c) => c.notNull())
        .addColumn('agenda', 'text', (c) => c.notNull())
        /** JSON: the expert's proposed start times, while proposed. */
        .addColumn('proposedTimes', 'text', (c) => c.notNull())
        .addColumn('rescheduleStartsAt', 'text')
        .addColumn('rescheduleById', 'integer')
        /** The iCalendar UID (stable for the call's life) and SEQUENCE (raised on every change). */
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        /** The meeting room's unguessable name. */
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('cancelReason', 'text')
        .addColumn('cancelledById', 'integer')
        .addColumn('noShowById', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('calls_by_expert').on('calls').columns(['expertId', 'state', 'startsAt']).execute();
      await db.schema.createIndex('calls_by_client').on('calls').columns(['clientId', 'state', 'startsAt']).execute();

      await db.schema
        .createTable('callSlotClaims')
        .addColumn('expertId', 'integer', userFk)
        /** The start of a five-minute block (ISO UTC) the call and its buffer cover. */
        .addColumn('block', 'text', (c) => c.notNull())
        .addColumn('callId', 'integer', (c) => c.notNull().references('calls.id').onDelete('cascade'))
        .execute();
      // The double-booking guard: two live calls of one expert can never hold the same block.
      await db.schema.createIndex('callSlotClaims_once').on('callSlotClaims').columns(['expertId', 'block']).unique().execute();
      await db.schema.createIndex('callSlotClaims_by_call').on('callSlotClaims').column('callId').execute();

      await db.schema
        .createTable('calendarFeeds')
        .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        /** SHA-256 of the secret in the feed's address. */
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('memberBlocks')
        .addColumn('blockerId', 'integer', userFk)
        .addColumn('blockedId', 'integer', userFk)
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('memberBlocks_once').on('memberBlocks').columns(['blockerId', 'blockedId']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['memberBlocks', 'calendarFeeds', 'callSlotClaims', 'calls', 'callAvailability']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
