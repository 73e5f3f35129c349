import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The concierge's shortlist as a project draft (docs/decisions/0041-reconciliation-and-concierge-drafts.md): the
 * member whose confirmed e-mail is the request's claims it once (`draftMemberId`, a conditional update), and the
 * draft made from it (`draftProjectId`). No foreign keys: the request outlives a deleted draft or account.
 */
export function conciergeDrafts(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('conciergeRequests').addColumn('draftMemberId', 'integer').execute();
      await db.schema.alterTable('conciergeRequests').addColumn('draftProjectId', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['draftProjectId', 'draftMemberId']) await db.schema.alterTable('conciergeRequests').dropColumn(column).execute();
    },
  };
}
