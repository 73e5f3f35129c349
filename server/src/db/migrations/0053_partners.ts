import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId } from './shared';

/**
 * Partner apps (issue 45, docs/decisions/0050-partner-apps-and-scoped-tokens.md): the registry operators keep
 * (`partners`: origins as a JSON list, the client secret as its SHA-256), the one-use authorization codes of the
 * sign-in popup (`partnerCodes`, by hash), the member's consents with their rotating refresh tokens
 * (`partnerGrants`, by hash). A partner's access token is a session like any other, marked with its partner and
 * grant (so revocation, the cross-process bus and the socket rooms serve it unchanged); a message sent with one
 * keeps the partner's name (`messages.via`).
 */
export function partners(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('partners'))
        .addColumn('clientId', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('origins', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('secretHash', 'text', (c) => c.notNull())
        .addColumn('secretRotatedAt', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('suspendedAt', 'text')
        .execute();
      await withId(dialect, db.schema.createTable('partnerGrants'))
        .addColumn('partnerId', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        .addColumn('userId', 'integer', userFk)
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('refreshHash', 'text', (c) => c.notNull().unique())
        .addColumn('previousRefreshHash', 'text')
        .addColumn('refreshExpiresAt', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('lastUsedAt', 'text')
        .execute();
      await db.schema.createIndex('partner_grants_user').on('partnerGrants').columns(['userId', 'partnerId']).execute();
      await db.schema.createIndex('partner_grants_partner').on('partnerGrants').column('partnerId').execute();
      await db.schema.createIndex('partner_grants_previous').on('partnerGrants').column('previousRefreshHash').execute();
      await db.schema
        .createTable('partnerCodes')
        .addColumn('codeHash', 'text', (c) => c.primaryKey())
        .addColumn('partnerId', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        .addColumn('userId', 'integer', userFk)
        .addColumn('redirectOrigin', 'text', (c) => c.notNull())
        .addColumn('codeChallenge', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('usedAt', 'text')
        .addColumn('grantId', 'integer')
        .execute();
      await db.schema.alterTable('sessions').addColumn('partnerId', 'integer').execute();
      await db.schema.alterTable('sessions').addColumn('grantId', 'integer').execute();
      await db.schema.createIndex('sessions_partner').on('sessions').column('partnerId').execute();
      await db.schema.createIndex('sessions_grant').on('sessions').column('grantId').execute();
      await db.schema.alterTable('messages').addColumn('via', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').dropColumn('via').execute();
      await db.schema.dropIndex('sessions_grant').ifExists().execute();
      await db.schema.dropIndex('sessions_partner').ifExists().execute();
      await db.schema.alterTable('sessions').dropColumn('grantId').execute();
      await db.schema.alterTable('sessions').dropColumn('partnerId').execute();
      await db.schema.dropTable('partnerCodes').execute();
      await db.schema.dropTable('partnerGrants').execute();
      await db.schema.dropTable('partners').execute();
    },
  };
}
