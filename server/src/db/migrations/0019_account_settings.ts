import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk } from './shared';

/**
 * Account settings (docs/decisions/0016-account-settings.md): what a session was opened with and when it was last
 * used (for the member's list of sessions), when the member's e-mail address was confirmed, and the one-time
 * e-mail links (stored as hashes) that confirm a new address.
 */
export function accountSettings(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('userAgent', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('lastUsedAt', 'text').execute();
      await db.schema.createIndex('sessions_by_user').on('sessions').columns(['userId']).execute();
      await db.schema.alterTable('users').addColumn('emailVerifiedAt', 'text').execute();
      await db.schema
        .createTable('emailTokens')
        .addColumn('tokenHash', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'integer', userFk)
        /** 'change': confirms newEmail as the member's address. */
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('newEmail', 'text')
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('usedAt', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('emailTokens').ifExists().execute();
      await db.schema.alterTable('users').dropColumn('emailVerifiedAt').execute();
      await db.schema.dropIndex('sessions_by_user').ifExists().execute();
      await db.schema.alterTable('sessions').dropColumn('lastUsedAt').execute();
      await db.schema.alterTable('sessions').dropColumn('userAgent').execute();
    },
  };
}
