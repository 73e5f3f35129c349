import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk } from './shared';

/**
 * Saved cards (docs/decisions/0028-saved-cards.md). The cards themselves stay at the payment provider, attached to
 * the member's customer there: we keep the customer's id (made once per member, at the first checkout that saves a
 * card) and the names members give their cards. No card number, brand or expiry is stored here.
 */
export function savedCards(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('paymentCustomers')
        .addColumn('userId', 'integer', (c) => userFk(c).primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customerId', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('savedCardNames')
        .addColumn('userId', 'integer', (c) => userFk(c))
        /** The provider's id of the card (a payment method). */
        .addColumn('cardId', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('savedCardNames_pk', ['userId', 'cardId'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('savedCardNames').ifExists().execute();
      await db.schema.dropTable('paymentCustomers').ifExists().execute();
    },
  };
}
