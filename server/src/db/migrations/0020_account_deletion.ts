import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * A deleted account (docs/decisions/0016-account-settings.md) keeps its row, emptied of personal data, so what other
 * members and the accounts need stays whole (messages they received, contracts, the ledger): `deletedAt` marks it.
 */
export function accountDeletion(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('deletedAt', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('deletedAt').execute();
    },
  };
}
