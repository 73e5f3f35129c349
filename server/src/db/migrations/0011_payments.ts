import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { withId, type Table } from './shared';

/**
 * Escrow (docs/decisions/0012-escrow-ledger.md): the double-entry ledger, payments (one row per checkout), the
 * provider's webhook events (each applied once), withdrawals, and the milestones' timeline. The ledger tables have
 * no foreign keys on purpose: they are append-only history and outlive the rows they mention.
 */
export function payments(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('ledgerTransactions') as Table)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('idempotencyKey', 'text', (c) => c.notNull().unique())
        .addColumn('contractId', 'integer')
        .addColumn('milestoneId', 'integer')
        .addColumn('actorId', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await withId(dialect, db.schema.createTable('ledgerEntries') as Table)
        .addColumn('transactionId', 'integer', (c) => c.notNull().references('ledgerTransactions.id'))
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('amountCents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledgerEntries_by_account').on('ledgerEntries').columns(['account', 'transactionId']).execute();
      await db.schema.createIndex('ledgerEntries_by_transaction').on('ledgerEntries').column('transactionId').execute();

      await withId(dialect, db.schema.createTable('payments') as Table)
        .addColumn('milestoneId', 'integer', (c) => c.notNull().references('contractMilestones.id').onDelete('cascade'))
        .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('payerId', 'integer', (c) => c.notNull())
        .addColumn('amountCents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('providerSessionId', 'text')
        .addColumn('checkoutUrl', 'text')
        .addColumn('providerChargeId', 'text')
        .addColumn('providerRefundId', 'text')
        .addColumn('refundBookedAt', 'text')
        .addColumn('idempotencyKey', 'text', (c) => c.notNull().unique())
        .addColumn('failureReason', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_by_milestone').on('payments').column('milestoneId').execute();

      await withId(dialect, db.schema.createTable('webhookEvents') as Table)
        .addColumn('providerEventId', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('receivedAt', 'text', (c) => c.notNull())
        .execute();

      await withId(dialect, db.schema.createTable('withdrawals') as Table)
        .addColumn('expertId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amountCents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('providerPayoutId', 'text')
        .addColumn('failureReason', 'text')
        .addColumn('idempotencyKey', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('withdrawals_by_expert').on('withdrawals').column('expertId').execute();

      await withId(dialect, db.schema.createTable('milestoneEvents') as Table)
        .addColumn('milestoneId', 'integer', (c) => c.notNull().references('contractMilestones.id').onDelete('cascade'))
        .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('actorId', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        // The member's Idempotency-Key (scoped by member): a repeated call finds its first effect here.
        .addColumn('idempotencyKey', 'text', (c) => c.unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('milestoneEvents_by_contract').on('milestoneEvents').columns(['contractId', 'id']).execute();

      await db.schema.alterTable('contractMilestones').addColumn('submittedAt', 'text').execute();
      await db.schema.alterTable('contractMilestones').addColumn('paymentId', 'integer').execute();
      await db.schema.createIndex('contractMilestones_due').on('contractMilestones').columns(['status', 'submittedAt']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('contractMilestones_due').ifExists().execute();
      await db.schema.alterTable('contractMilestones').dropColumn('paymentId').execute();
      await db.schema.alterTable('contractMilestones').dropColumn('submittedAt').execute();
      for (const table of ['milestoneEvents', 'withdrawals', 'webhookEvents', 'payments', 'ledgerEntries', 'ledgerTransactions']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
