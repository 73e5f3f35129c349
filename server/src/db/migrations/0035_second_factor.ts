import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The second factor (docs/decisions/0034-second-factor.md), for members and operators alike: an owner is a kind and
 * an id, so there is no foreign key; deleting a member or an operator deletes its rows in code.
 */
export function secondFactor(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('secondFactors')
        .addColumn('ownerKind', 'text', (c) => c.notNull())
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('confirmedAt', 'text')
        .addColumn('lastUsedStep', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('secondFactors_pk', ['ownerKind', 'ownerId'])
        .execute();
      await db.schema
        .createTable('recoveryCodes')
        .addColumn('ownerKind', 'text', (c) => c.notNull())
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        .addColumn('codeHash', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('usedAt', 'text')
        .addPrimaryKeyConstraint('recoveryCodes_pk', ['ownerKind', 'ownerId', 'codeHash'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('recoveryCodes').ifExists().execute();
      await db.schema.dropTable('secondFactors').ifExists().execute();
    },
  };
}
