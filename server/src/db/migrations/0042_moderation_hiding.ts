import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Operators hide a project or a member's profile (docs/decisions/0037-operators-console.md, "Moderation: hiding"):
 * while `hiddenAt` is set the project is out of the list and search and answers 404 to everyone but its owner (and
 * its contract's expert); while `profileHiddenAt` is set the member is out of the directory and their public profile
 * answers 404 to others. The reason is what the member was told; the owner sees it. Unhiding clears both columns.
 */
export function moderationHiding(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('projects').addColumn('hiddenAt', 'text').execute();
      await db.schema.alterTable('projects').addColumn('hiddenReason', 'text').execute();
      await db.schema.alterTable('users').addColumn('profileHiddenAt', 'text').execute();
      await db.schema.alterTable('users').addColumn('profileHiddenReason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('profileHiddenReason').execute();
      await db.schema.alterTable('users').dropColumn('profileHiddenAt').execute();
      await db.schema.alterTable('projects').dropColumn('hiddenReason').execute();
      await db.schema.alterTable('projects').dropColumn('hiddenAt').execute();
    },
  };
}
