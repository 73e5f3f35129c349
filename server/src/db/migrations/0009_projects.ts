import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Projects and proposals (docs/decisions/0010-projects-and-proposals.md): projects, proposals (the milestone plan
 * as JSON until hired), invitations, contracts and their milestone rows. One live proposal per expert and project
 * is a partial unique index, which both SQLite and PostgreSQL enforce.
 */
export function projects(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('projects') as Table)
        .addColumn('ownerId', 'integer', userFk)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('practiceAreas', 'text', (c) => c.notNull())
        .addColumn('budgetType', 'text', (c) => c.notNull())
        .addColumn('amountCents', 'integer')
        .addColumn('minCents', 'integer')
        .addColumn('maxCents', 'integer')
        .addColumn('budgetLow', 'integer', (c) => c.notNull())
        .addColumn('budgetHigh', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('duration', 'text')
        .addColumn('deadline', 'text')
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addColumn('publishedAt', 'text')
        .execute();
      await db.schema.createIndex('projects_open_by_age').on('projects').columns(['status', 'visibility', 'publishedAt']).execute();
      await db.schema.createIndex('projects_by_owner').on('projects').column('ownerId').execute();

      await withId(dialect, db.schema.createTable('proposals') as Table)
        .addColumn('projectId', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('expertId', 'integer', userFk)
        .addColumn('coverLetter', 'text', (c) => c.notNull())
        .addColumn('priceType', 'text', (c) => c.notNull())
        .addColumn('priceCents', 'integer', (c) => c.notNull())
        .addColumn('duration', 'text', (c) => c.notNull())
        .addColumn('milestones', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('declineReason', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index proposals_one_live on proposals ("projectId", "expertId") where status in ('submitted', 'shortlisted', 'hired')`.execute(db);
      await db.schema.createIndex('proposals_by_expert').on('proposals').column('expertId').execute();

      await withId(dialect, db.schema.createTable('projectInvitations') as Table)
        .addColumn('projectId', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('expertId', 'integer', userFk)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('projectInvitations_once', ['projectId', 'expertId'])
        .execute();
      await db.schema.createIndex('projectInvitations_by_expert').on('projectInvitations').column('expertId').execute();

      await withId(dialect, db.schema.createTable('contracts') as Table)
        .addColumn('projectId', 'integer', (c) => c.notNull().unique().references('projects.id').onDelete('cascade'))
        .addColumn('proposalId', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
        .addColumn('clientId', 'integer', userFk)
        .addColumn('expertId', 'integer', userFk)
        .addColumn('priceType', 'text', (c) => c.notNull())
        .addColumn('priceCents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await withId(dialect, db.schema.createTable('contractMilestones') as Table)
        .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('amountCents', 'integer', (c) => c.notNull())
        .addColumn('dueDate', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['contractMilestones', 'contracts', 'projectInvitations', 'proposals', 'projects']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
