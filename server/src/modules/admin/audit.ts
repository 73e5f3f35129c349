// The operators' audit log: one entry per action, written with the same transaction (trx) as the action itself, so
// an action without its entry (or an entry without its action) cannot exist. Append-only: there is no route that
// changes or removes an entry, and the database refuses UPDATE and DELETE on the table (migration 0037_operators).
import type { AuditAction, AuditEntryView, AuditObjectType, OperatorRole } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { OperatorIdentity } from './operators';

export interface AuditInput {
  operator: Pick<OperatorIdentity, 'id' | 'email' | 'role'>;
  action: AuditAction;
  objectType?: AuditObjectType | null;
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

/** What the console narrows the log to; every field is optional and they combine (AND). */
export interface AuditFilters {
  operatorId?: number;
  action?: AuditAction;
  objectType?: AuditObjectType;
  objectId?: string;
  /** 'YYYY-MM-DD' (UTC), both inclusive. */
  from?: string;
  to?: string;
}

/** The day after an ISO date, as the exclusive end of a range of `at` (ISO timestamps compare as text). */
function dayAfter(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * Newest first, `limit` entries older than `before` (an id) that pass the filters; the next page starts below the last
 * id given, with the same filters. Paging by id rather than by offset: entries written meanwhile do not shift a page.
 */
export async function readAudit(db: Db, before: number | null, limit: number, filters: AuditFilters = {}): Promise<{ entries: AuditEntryView[]; nextBefore: number | null }> {
  let q = db.kysely.selectFrom('adminAudit').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (before !== null) q = q.where('id', '<', before);
  if (filters.operatorId !== undefined) q = q.where('operatorId', '=', filters.operatorId);
  if (filters.action !== undefined) q = q.where('action', '=', filters.action);
  if (filters.objectType !== undefined) q = q.where('objectType', '=', filters.objectType);
  if (filters.objectId !== undefined) q = q.where('objectId', '=', filters.objectId);
  if (filters.from !== undefined) q = q.where('at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to !== undefined) q = q.where('at', '<', dayAfter(filters.to));
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

/** Every operator (disabled ones too: their entries stay in the log), for the log's filter. */
export async function auditOperators(db: Db): Promise<Array<{ id: number; email: string }>> {
  return db.kysely.selectFrom('operators').select(['id', 'email']).orderBy('email').execute();
}
