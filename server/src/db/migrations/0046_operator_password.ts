import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The password create-operator prints is one-time (docs/decisions/0044-operator-sign-in-throttle.md): while
 * `passwordChangedAt` is null the operator's session opens nothing in the console but the password change. Operators
 * made before this migration never changed theirs either, so they are asked at their next sign-in.
 */
export function operatorPassword(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('operators').addColumn('passwordChangedAt', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('operators').dropColumn('passwordChangedAt').execute();
    },
  };
}
