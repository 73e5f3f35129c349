// Members' reports and the operators' queue. A report names its target by type and id; the server checks the
// reporter may see it (404 otherwise, as everywhere) and records who is responsible for it (the subject), so an
// operator can act on that member (suspend) from the queue.
import { ADMIN_LIMITS, type AdminReportView, type AdminReportsView, type ReportInput, type ReportOutcome, type ReportReason, type ReportSort, type ReportTarget } from '@sciexperts/shared/contracts';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { canSee, findProject } from '../projects/repository';

/** What was reported, cut to 280 characters for the console. */
export const excerptOf = (text: string) => (text.length <= 280 ? text : `${text.slice(0, 279).trimEnd()}…`);

/** The member responsible for the target and a short excerpt, or undefined when the reporter cannot see it. */
async function subjectOf(db: Db, reporterId: number, type: ReportTarget, id: number): Promise<{ subjectId: number; excerpt: string } | undefined> {
  const k = db.kysely;
  switch (type) {
    case 'message': {
      // Only the receiver reports a message (the sender may delete their own words elsewhere).
      const m = await k.selectFrom('messages').select(['senderId', 'receiverId', 'text']).where('id', '=', id).executeTakeFirst();
      return m && m.receiverId === reporterId ? { subjectId: m.senderId, excerpt: m.text } : undefined;
    }
    case 'profile': {
      const u = await k.selectFrom('users').select(['id', 'firstName', 'lastName', 'headline', 'deletedAt', 'suspendedAt', 'profileHiddenAt']).where('id', '=', id).executeTakeFirst();
      // A profile others cannot open (suspended, hidden by an operator) is not there to report; one's own still is (400).
      const visible = u && !u.deletedAt && (u.id === reporterId || (!u.suspendedAt && !u.profileHiddenAt));
      return visible ? { subjectId: u.id, excerpt: `${u.firstName} ${u.lastName}: ${u.headline ?? ''}`.trim() } : undefined;
    }
    case 'project': {
      const p = await findProject(db, id);
      return p && (await canSee(db, p, reporterId)) ? { subjectId: p.ownerId, excerpt: `${p.title}: ${p.description}` } : undefined;
    }
    case 'proposal': {
      // The project's owner reads the proposals sent to it.
      const row = await k
        .selectFrom('proposals as pr')
        .innerJoin('projects as p', 'p.id', 'pr.projectId')
        .select(['pr.expertId', 'pr.coverLetter', 'p.ownerId'])
        .where('pr.id', '=', id)
        .executeTakeFirst();
      return row && row.ownerId === reporterId ? { subjectId: row.expertId, excerpt: row.coverLetter } : undefined;
    }
  }
}

export type ReportResult = { kind: 'made'; id: number } | { kind: 'not-found' } | { kind: 'own' } | { kind: 'limit'; retryAfterSeconds: number };

const DAY_MS = 24 * 3600_000;

/**
 * Files a report; the same member reporting the same target while it is open gets that report back. A member files
 * at most `reportsPerDay` in 24 hours, each target counted once however often it was reported (closed and reported
 * again), so one member cannot bury others' reports under their own. The count and the insert are one transaction,
 * serialised per reporter (PostgreSQL: the reporter's row locked; SQLite writes one at a time), so two at once
 * cannot both be the 20th.
 */
export async function fileReport(db: Db, reporterId: number, input: ReportInput, now: Date): Promise<ReportResult> {
  const subject = await subjectOf(db, reporterId, input.targetType, input.targetId);
  if (!subject) return { kind: 'not-found' };
  if (subject.subjectId === reporterId) return { kind: 'own' };
  const note = input.note?.trim() || null;
  return db.kysely.transaction().execute(async (trx): Promise<ReportResult> => {
    if (db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', reporterId).forUpdate().execute();
    const openOne = () =>
      trx
        .selectFrom('reports')
        .select('id')
        .where('reporterId', '=', reporterId)
        .where('targetType', '=', input.targetType)
        .where('targetId', '=', input.targetId)
        .where('status', '=', 'open')
        .executeTakeFirst();
    const open = await openOne();
    if (open) return { kind: 'made', id: open.id };
    const recent = await trx
      .selectFrom('reports')
      .select(['targetType', 'targetId', 'createdAt'])
      .where('reporterId', '=', reporterId)
      .where('createdAt', '>', new Date(now.getTime() - DAY_MS).toISOString())
      .execute();
    // Each target once, at its latest report: it stops counting 24 hours after that.
    const latest = new Map<string, number>();
    for (const r of recent) {
      const key = `${r.targetType}:${r.targetId}`;
      latest.set(key, Math.max(latest.get(key) ?? 0, Date.parse(r.createdAt)));
    }
    if (!latest.has(`${input.targetType}:${input.targetId}`) && latest.size >= ADMIN_LIMITS.reportsPerDay) {
      // The moment enough targets have aged out of the day for one more.
      const times = [...latest.values()].sort((a, b) => a - b);
      const frees = (times[latest.size - ADMIN_LIMITS.reportsPerDay] ?? now.getTime()) + DAY_MS;
      return { kind: 'limit', retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) };
    }
    const inserted = await trx
      .insertInto('reports')
      .values({ reporterId, targetType: input.targetType, targetId: input.targetId, subjectId: subject.subjectId, reason: input.reason, note, status: 'open', createdAt: now.toISOString(), closedAt: null })
      .onConflict((oc) => oc.columns(['reporterId', 'targetType', 'targetId']).where(sql<boolean>`"status" = 'open'`).doNothing())
      .returning('id')
      .executeTakeFirst();
    return { kind: 'made', id: inserted?.id ?? (await openOne())!.id };
  });
}

/**
 * One page of the open reports: the oldest first, or (`reporters`) the targets the most members reported first and
 * then the oldest. Every open report is on some page, so no number of reports puts one out of reach; a page past the
 * last answers the last.
 */
export async function openReports(db: Db, now: Date, asked: { page: number; sort: ReportSort }): Promise<AdminReportsView> {
  const size = ADMIN_LIMITS.reportsPageSize;
  const { n } = await db.kysely
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, asked.page), pages);
  // One open report per member and target (the partial unique index), so the open reports on a target count its reporters.
  const counted = db.kysely
    .selectFrom('reports as c')
    .select((eb) => [
      'c.id',
      eb.fn.countAll<number | string>().over((o) => o.partitionBy(['c.targetType', 'c.targetId'])).as('reporters'),
      eb.fn.min<string>('c.createdAt').over((o) => o.partitionBy(['c.targetType', 'c.targetId'])).as('firstAt'),
    ])
    .where('c.status', '=', 'open')
    .as('counted');
  let q = db.kysely
    .selectFrom('reports as r')
    .innerJoin(counted, 'counted.id', 'r.id')
    .innerJoin('users as rep', 'rep.id', 'r.reporterId')
    .leftJoin('users as sub', 'sub.id', 'r.subjectId')
    .select(['r.id', 'r.targetType', 'r.targetId', 'r.reason', 'r.note', 'r.createdAt', 'r.reporterId', 'rep.firstName as repFirst', 'rep.lastName as repLast', 'r.subjectId', 'sub.firstName as subFirst', 'sub.lastName as subLast', 'sub.email as subEmail', 'counted.reporters']);
  // By reporters: a target's reports together, the target first reported longest ago first among equal counts.
  if (asked.sort === 'reporters') q = q.orderBy('counted.reporters', 'desc').orderBy('counted.firstAt').orderBy('r.targetType').orderBy('r.targetId');
  const rows = await q
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const reports: AdminReportView[] = [];
  for (const r of rows) {
    const target = await excerptFor(db.kysely, r.targetType as ReportTarget, r.targetId);
    reports.push({
      id: r.id,
      targetType: r.targetType as ReportTarget,
      targetId: r.targetId,
      reason: r.reason as ReportReason,
      note: r.note,
      reporter: { id: r.reporterId, name: `${r.repFirst} ${r.repLast}`.trim() },
      subject: r.subjectId !== null && r.subEmail !== null ? { id: r.subjectId, name: `${r.subFirst ?? ''} ${r.subLast ?? ''}`.trim(), email: r.subEmail } : null,
      excerpt: excerptOf(target),
      createdAt: r.createdAt,
      waitingSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(r.createdAt)) / 1000)),
      reporters: Number(r.reporters),
    });
  }
  return { reports, page, pages, total, sort: asked.sort };
}

async function excerptFor(k: Kysely<Database>, type: ReportTarget, id: number): Promise<string> {
  switch (type) {
    case 'message':
      return (await k.selectFrom('messages').select('text').where('id', '=', id).executeTakeFirst())?.text ?? '(removed)';
    case 'profile': {
      const u = await k.selectFrom('users').select(['firstName', 'lastName', 'headline']).where('id', '=', id).executeTakeFirst();
      return u ? `${u.firstName} ${u.lastName}: ${u.headline ?? ''}`.trim() : '(removed)';
    }
    case 'project':
      return (await k.selectFrom('projects').select('title').where('id', '=', id).executeTakeFirst())?.title ?? '(removed)';
    case 'proposal':
      return (await k.selectFrom('proposals').select('coverLetter').where('id', '=', id).executeTakeFirst())?.coverLetter ?? '(removed)';
  }
}

/** Closes an open report in the caller's transaction; false when it was not open. */
export async function closeReport(trx: Kysely<Database>, id: number, outcome: ReportOutcome, at: Date): Promise<boolean> {
  const done = await trx.updateTable('reports').set({ status: outcome, closedAt: at.toISOString() }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
