import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';

/**
 * The console's audit log is filtered by operator, action, object and day, newest first, a page at a time: an index
 * for each filter, ending in the id the pages are cut by. Indexes only; no data changes (the table stays append-only).
 */
export function auditFilters(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('admin_audit_by_operator').on('adminAudit').columns(['operatorId', 'id']).execute();
      await db.schema.createIndex('admin_audit_by_action').on('adminAudit').columns(['action', 'id']).execute();
      await db.schema.createIndex('admin_audit_by_object').on('adminAudit').columns(['objectType', 'objectId', 'id']).execute();
      await db.schema.createIndex('admin_audit_by_time').on('adminAudit').columns(['at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['admin_audit_by_time', 'admin_audit_by_object', 'admin_audit_by_action', 'admin_audit_by_operator']) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
