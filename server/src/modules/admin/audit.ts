// The operators' audit log: one entry per action, written with the same transaction (trx) as the action itself, so
// an action without its entry (or an entry without its action) cannot exist. Append-only: there is no route that
// changes or removes an entry, and the database refuses UPDATE and DELETE on the table (migration 0037_operators).
import type { AuditAction, AuditEntryView, OperatorRole } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { OperatorIdentity } from './operators';

export interface AuditInput {
  operator: Pick<OperatorIdentity, 'id' | 'email' | 'role'>;
  action: AuditAction;
  objectType?: string | null;
  objectId?: string | number | null;
  reason?: string | null;
  details?: string | null;
  address: string;
  at: Date;
}

export async function writeAudit(trx: Kysely<Database>, e: AuditInput): Promise<void> {
  await trx
    .insertInto('adminAudit')
    .values({
      operatorId: e.operator.id,
      operatorEmail: e.operator.email,
      role: e.operator.role,
      action: e.action,
      objectType: e.objectType ?? null,
      objectId: e.objectId === null || e.objectId === undefined ? null : String(e.objectId),
      reason: e.reason ?? null,
      details: e.details ?? null,
      address: e.address,
      at: e.at.toISOString(),
    })
    .execute();
}

/** Newest first, `limit` entries older than `before` (an id); the next page starts below the last id given. */
export async function readAudit(db: Db, before: number | null, limit: number): Promise<{ entries: AuditEntryView[]; nextBefore: number | null }> {
  let q = db.kysely.selectFrom('adminAudit').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (before !== null) q = q.where('id', '<', before);
  const rows = await q.execute();
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      operatorId: r.operatorId,
      operatorEmail: r.operatorEmail,
      role: r.role as OperatorRole,
      action: r.action as AuditAction,
      objectType: r.objectType,
      objectId: r.objectId,
      reason: r.reason,
      details: r.details,
      address: r.address,
      at: r.at,
    })),
    nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
