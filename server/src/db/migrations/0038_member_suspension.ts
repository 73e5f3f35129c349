import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * An operator suspends a member (docs/decisions/0037-operators-console.md): while `suspendedAt` is set the member
 * cannot sign in, their public profile and open projects are hidden; lifting clears it. The reason is what the
 * member was told.
 */
export function memberSuspension(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('suspendedAt', 'text').execute();
      await db.schema.alterTable('users').addColumn('suspensionReason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('suspensionReason').execute();
      await db.schema.alterTable('users').dropColumn('suspendedAt').execute();
    },
  };
}
