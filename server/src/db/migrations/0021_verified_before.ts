import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Accounts made before e-mail verification existed keep working: they count as confirmed since they were made
 * (docs/decisions/0016-account-settings.md). New accounts confirm through the link in their welcome e-mail.
 */
export function verifiedBefore(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update users set "emailVerifiedAt" = "createdAt" where "emailVerifiedAt" is null and "deletedAt" is null`.execute(db);
    },
    async down() {
      // Nothing to undo: the column goes with 0019.
    },
  };
}
