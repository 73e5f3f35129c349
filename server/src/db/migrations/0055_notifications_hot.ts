import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The bell's order without an index on a column the chat rewrites (docs/decisions/0025-chat-message-cost.md, round
 * three). Every chat message refreshes the receiver's one unread notification from its sender (text, link,
 * createdAt), and `notifications_by_user (userId, createdAt, id)` made each refresh a new row version with an entry
 * in every index of the table: PostgreSQL updates a row in place (a HOT update, no index entry) only when no indexed
 * column changes.
 *
 * `sortedAt` is createdAt for every notification except the one kind a refresh can reach (grouped and unread), where
 * it is null; the database computes it, so no write path can forget it. A refresh leaves it null: nothing indexed
 * changes. Reading the notification (readAt set) gives it its createdAt, which no longer changes. The bell lists the
 * newest by `notifications_newest (userId, sortedAt, id)` and merges the member's few unread grouped notifications
 * (`notifications_one_unread_per_group`), in exactly the old order (repository.ts, listNotifications).
 *
 * PostgreSQL: a stored column (adding it rewrites the table once), and pages filled to 90 % so that a refreshed
 * version fits beside the old one. SQLite: a virtual column (ALTER TABLE cannot add a stored one), indexed.
 */
export function notificationsHot(dialect: Dialect): Migration {
  const sortedAt = sql.raw(`case when "groupKey" is not null and "readAt" is null then null else "createdAt" end`);
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table notifications add column "sortedAt" text generated always as (${sortedAt}) stored`.execute(db);
        await sql`alter table notifications set (fillfactor = 90)`.execute(db);
      } else {
        await sql`alter table notifications add column "sortedAt" text generated always as (${sortedAt}) virtual`.execute(db);
      }
      await db.schema.createIndex('notifications_newest').on('notifications').columns(['userId', 'sortedAt', 'id']).execute();
      await db.schema.dropIndex('notifications_by_user').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('notifications_by_user').on('notifications').columns(['userId', 'createdAt', 'id']).execute();
      await db.schema.dropIndex('notifications_newest').execute();
      if (dialect === 'postgres') await sql`alter table notifications reset (fillfactor)`.execute(db);
      await db.schema.alterTable('notifications').dropColumn('sortedAt').execute();
    },
  };
}
