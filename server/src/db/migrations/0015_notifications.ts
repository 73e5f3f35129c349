import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Notifications (docs/decisions/0014-notifications.md): one row per member told about an event, with the state of
 * its e-mail; a member's e-mail choice per type (absent = the type's default); and the one-click unsubscribe tokens,
 * each good once, stored as hashes.
 */
export function notifications(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('notifications') as Table)
        .addColumn('userId', 'integer', userFk)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        /** What coalesces repeats (one unread 'message' notification per sender), or null. */
        .addColumn('groupKey', 'text')
        /** The event it tells about ('milestone-event:12'), once per member: a job that runs twice adds nothing. */
        .addColumn('sourceKey', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('readAt', 'text')
        /** 'pending' (an immediate e-mail waits), 'digest' (waits for the daily digest), 'sent', 'skipped' (seen first), 'off'. */
        .addColumn('emailState', 'text', (c) => c.notNull())
        .addColumn('emailedAt', 'text')
        .execute();
      await db.schema.createIndex('notifications_by_user').on('notifications').columns(['userId', 'createdAt', 'id']).execute();
      // NULLs are distinct in a unique index on both databases: only keyed notifications are held to once.
      await db.schema.createIndex('notifications_once_per_source').on('notifications').columns(['userId', 'sourceKey']).unique().execute();
      // One unread notification per group: a repeat is an upsert on this index (one row lock, no deadlock between
      // concurrent repeats, no duplicate from two inserting at once). Both databases enforce partial indexes.
      await sql`create unique index notifications_one_unread_per_group on notifications ("userId", "groupKey") where "groupKey" is not null and "readAt" is null`.execute(db);
      await db.schema.createIndex('notifications_digest').on('notifications').columns(['emailState', 'userId']).execute();

      await db.schema
        .createTable('notificationPreferences')
        .addColumn('userId', 'integer', userFk)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notificationPreferences_pk', ['userId', 'type'])
        .execute();

      await db.schema
        .createTable('unsubscribeTokens')
        .addColumn('tokenHash', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'integer', userFk)
        /** The types the e-mail was about, comma-separated (a digest covers several). */
        .addColumn('types', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('usedAt', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('unsubscribeTokens').ifExists().execute();
      await db.schema.dropTable('notificationPreferences').ifExists().execute();
      await db.schema.dropTable('notifications').ifExists().execute();
    },
  };
}
