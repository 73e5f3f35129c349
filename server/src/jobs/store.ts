// The jobs table's statements. Every write is one statement (no transaction): on SQLite two connections in one
// thread never wait on each other's open transaction, and on PostgreSQL no lock outlives its statement.
import type { ExpressionBuilder, Generated, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';

export type JobState = 'pending' | 'active' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  /** Times are ISO 8601 UTC text, as everywhere in this schema, so they compare as strings. */
  runAt: string;
  singletonKey: string | null;
  state: JobState;
  /** Runs started so far; also the fencing token of the current lease. */
  attempts: Generated<number>;
  lastError: string | null;
  lockedBy: string | null;
  lockedUntil: string | null;
  createdAt: string;
  finishedAt: string | null;
}

// The app's schema plus the queue's table, kept here so the queue stays one folder.
export type JobTables = Database & { jobs: JobsTable };

export type JobRow = Selectable<JobsTable>;
export type JobsDb = Kysely<JobTables>;

/** Who holds a job: the worker and the attempt it claimed, so a worker whose lease lapsed cannot finish a later run. */
export interface Lease {
  id: number;
  workerId: string;
  attempt: number;
}

export const jobsDb = (db: Kysely<Database>): JobsDb => db.withTables<{ jobs: JobsTable }>();

export interface NewJob {
  name: string;
  payload: unknown;
  runAt: Date;
  singletonKey: string | null;
}

/** The new job's id, or null when its singletonKey already has a job pending or active. */
export async function insertJob(db: JobsDb, job: NewJob, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      name: job.name,
      payload: JSON.stringify(job.payload ?? null),
      runAt: job.runAt.toISOString(),
      singletonKey: job.singletonKey,
      state: 'pending',
      attempts: 0,
      createdAt: now.toISOString(),
    })
    // The only unique index besides the key is the id: a conflict is the singletonKey's.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The pending or active job of a singletonKey, if there is one. */
export async function liveJob(db: JobsDb, name: string, singletonKey: string): Promise<Pick<JobRow, 'id' | 'state' | 'runAt'> | undefined> {
  return db.selectFrom('jobs').select(['id', 'state', 'runAt']).where('name', '=', name).where('singletonKey', '=', singletonKey).where('state', 'in', ['pending', 'active']).executeTakeFirst();
}

/** Moves a pending job to an earlier time; false when it was claimed or moved meanwhile (it is then left as it is). */
export async function moveJobEarlier(db: JobsDb, id: number, from: string, to: Date): Promise<boolean> {
  const result = await db.updateTable('jobs').set({ runAt: to.toISOString() }).where('id', '=', id).where('state', '=', 'pending').where('runAt', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Due: pending and its time has come, or active under a lease that lapsed (its worker died or stalled). */
function isClaimable(eb: ExpressionBuilder<JobTables, 'jobs'>, now: string) {
  return eb.or([eb.and([eb('state', '=', 'pending'), eb('runAt', '<=', now)]), eb.and([eb('state', '=', 'active'), eb('lockedUntil', '<', now)])]);
}

/**
 * Takes the oldest due job of `name` for `workerId` until now + lockMs, counting the attempt. Two workers never take
 * the same run: PostgreSQL skips rows another claim has locked (FOR UPDATE SKIP LOCKED) and re-checks the condition on
 * the row's latest version; SQLite's UPDATE re-checks it under the database's single write lock.
 */
export async function claimJob(db: JobsDb, dialect: Dialect, name: string, workerId: string, now: Date, lockMs: number): Promise<JobRow | undefined> {
  const nowIso = now.toISOString();
  const lease = { state: 'active' as const, lockedBy: workerId, lockedUntil: new Date(now.getTime() + lockMs).toISOString() };
  if (dialect === 'postgres') {
    return db
      .updateTable('jobs')
      .set((eb) => ({ ...lease, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        // Unqualified names inside the subquery refer to its own FROM, the candidate row.
        eb.selectFrom('jobs').select('id').where('name', '=', name).where((c) => isClaimable(c, nowIso)).orderBy('runAt').orderBy('id').limit(1).forUpdate().skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }
  // Two range reads instead of one OR: without ANALYZE statistics SQLite answers the OR by walking every row of the
  // name (done ones included), which grew the claim with the queue's history (5 ms at 20,000 done rows). Each of
  // these reads only due rows through jobs_due (name, state, runAt), in order.
  const [due, lapsed] = await Promise.all([
    db.selectFrom('jobs').select(['id', 'runAt']).where('name', '=', name).where('state', '=', 'pending').where('runAt', '<=', nowIso).orderBy('runAt').orderBy('id').limit(10).execute(),
    db.selectFrom('jobs').select(['id', 'runAt']).where('name', '=', name).where('state', '=', 'active').where('lockedUntil', '<', nowIso).orderBy('runAt').orderBy('id').limit(10).execute(),
  ]);
  const candidates = lapsed.length === 0 ? due : [...due, ...lapsed].sort((a, b) => (a.runAt < b.runAt ? -1 : a.runAt > b.runAt ? 1 : a.id - b.id)).slice(0, 10);
  for (const { id } of candidates) {
    const row = await db
      .updateTable('jobs')
      .set((eb) => ({ ...lease, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => isClaimable(eb, nowIso))
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
  }
  return undefined;
}

function held(lease: Lease) {
  return (eb: ExpressionBuilder<JobTables, 'jobs'>) =>
    eb.and([eb('id', '=', lease.id), eb('state', '=', 'active'), eb('lockedBy', '=', lease.workerId), eb('attempts', '=', lease.attempt)]);
}

/** Extends the lease; false when it is no longer this run's (another worker took the job over). */
export async function renewLease(db: JobsDb, lease: Lease, now: Date, lockMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lockedUntil: new Date(now.getTime() + lockMs).toISOString() })
    .where(held(lease))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the run done; false when the lease was lost (the job is another run's now, and that run decides). */
export async function completeJob(db: JobsDb, lease: Lease, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'done', finishedAt: now.toISOString(), lockedUntil: null })
    .where(held(lease))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a failed run: back to pending at `retryAt`, or failed for good when retryAt is null. */
export async function failJob(db: JobsDb, lease: Lease, error: string, now: Date, retryAt: Date | null): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(
      retryAt
        ? { state: 'pending', runAt: retryAt.toISOString(), lastError: error, lockedUntil: null }
        : { state: 'failed', finishedAt: now.toISOString(), lastError: error, lockedUntil: null },
    )
    .where(held(lease))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
