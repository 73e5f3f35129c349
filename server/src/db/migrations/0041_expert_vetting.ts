import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Expert vetting (docs/decisions/0040-expert-vetting.md). `users.verifiedAt`: set while an operator's approval holds
 * (cleared by a change of name); `users.orcidId`: the iD of the ORCID record the member linked (kept from the ORCID
 * sign-in, so the request can name it). `expertListing.verified` lets the directory filter on it like on the fee.
 * `vettingFiles`: the documents an expert uploaded (private, in the attachments folder); `vettingRequests`: one row
 * per request, at most one pending per member (a partial unique index, so two presses cannot open two).
 */
export function expertVetting(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('verifiedAt', 'text').execute();
      await db.schema.alterTable('users').addColumn('orcidId', 'text').execute();
      await db.schema.alterTable('expertListing').addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('expertListing_verified').on('expertListing').columns(['verified', 'completeness', 'userId']).execute();
      await withId(dialect, db.schema.createTable('vettingFiles') as Table)
        .addColumn('userId', 'integer', (c) => userFk(c))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storageKey', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vettingFiles_user').on('vettingFiles').column('userId').execute();
      await withId(dialect, db.schema.createTable('vettingRequests') as Table)
        .addColumn('userId', 'integer', (c) => userFk(c))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('legalName', 'text', (c) => c.notNull())
        .addColumn('identityFileId', 'integer', (c) => c.notNull().references('vettingFiles.id'))
        .addColumn('degreeTitle', 'text', (c) => c.notNull())
        .addColumn('degreeInstitution', 'text', (c) => c.notNull())
        .addColumn('degreeYear', 'integer', (c) => c.notNull())
        .addColumn('degreeFileId', 'integer', (c) => c.references('vettingFiles.id'))
        .addColumn('affiliationInstitution', 'text', (c) => c.notNull())
        .addColumn('affiliationRole', 'text', (c) => c.notNull())
        .addColumn('orcidId', 'text')
        .addColumn('reviewOf', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('decidedAt', 'text')
        .addColumn('decidedBy', 'text')
        .addColumn('decisionReason', 'text')
        .execute();
      await db.schema.createIndex('vettingRequests_queue').on('vettingRequests').columns(['status', 'createdAt']).execute();
      await db.schema.createIndex('vettingRequests_user').on('vettingRequests').columns(['userId', 'id']).execute();
      await db.schema.createIndex('vettingRequests_one_pending').on('vettingRequests').column('userId').unique().where(sql.ref('status'), '=', 'pending').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('vettingRequests').ifExists().execute();
      await db.schema.dropTable('vettingFiles').ifExists().execute();
      await db.schema.dropIndex('expertListing_verified').ifExists().execute();
      await db.schema.alterTable('expertListing').dropColumn('verified').execute();
      await db.schema.alterTable('users').dropColumn('orcidId').execute();
      await db.schema.alterTable('users').dropColumn('verifiedAt').execute();
    },
  };
}
