import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk } from './shared';

/**
 * Where an expert's payouts go (docs/decisions/0012-escrow-ledger.md): the account the member connected at the payment
 * provider, one per member, and whether the provider says it can receive money yet. The bank details stay at the
 * provider; we keep its id and the label it gives ("Bank •••• 6789").
 */
export function payoutAccounts(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payoutAccounts')
        .addColumn('userId', 'integer', (c) => userFk(c).primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('accountId', 'text', (c) => c.notNull().unique())
        /** 'pending' until the provider's event says payouts are enabled, then 'ready' (and back if it withdraws that). */
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('label', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('payoutAccounts').ifExists().execute();
    },
  };
}
