import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/connect';
import { claimJob, completeJob, failJob, insertJob, jobsDb, liveJob, moveJobEarlier, renewLease, type JobRow, type JobsDb, type Lease } from './store';
import type { JobHandler, JobLog, JobQueue, SendOptions, WorkOptions } from './types';
import { inSpan } from '../observability/spans';

export interface JobQueueOptions {
  /** "Now" for due times, leases and back-off; tests move it by hand. */
  clock?: () => Date;
  /** Names this process in lockedBy; unique per process by default. */
  workerId?: string;
  /** Failed runs and lost leases (the job row keeps lastError either way). */
  log?: JobLog;
}

const DEFAULTS: Required<Omit<WorkOptions, 'heartbeatMs'>> = {
  pollMs: 2000,
  maxAttempts: 5,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60 * 1000,
  lockMs: 5 * 60 * 1000,
};

/** The singletonKey of a periodic job's next run: one waiting run per name across all processes. */
export const PERIODIC_KEY = 'every';

interface Worker {
  name: string;
  handler: JobHandler<unknown>;
  options: Required<WorkOptions>;
  /** Set while the worker is on the clock; undefined when stopped. */
  loop?: Promise<void>;
  wake?: () => void;
}

const silent: JobLog = { warn: () => undefined, error: () => undefined };

/** The job queue over the app's own database (PostgreSQL or SQLite); see JobQueue and docs/decisions/0013-job-queue.md. */
export function createJobQueue(db: Db, options: JobQueueOptions = {}): JobQueue {
  return new TableJobQueue(db, options);
}

class TableJobQueue implements JobQueue {
  private readonly jobs: JobsDb;
  private readonly clock: () => Date;
  private readonly workerId: string;
  private readonly log: JobLog;
  private readonly workers = new Map<string, Worker>();
  private readonly periodic = new Map<string, number>();
  /** runDue calls under way, which stop() waits for as it waits for the loops. */
  private readonly drains = new Set<Promise<number>>();
  private started = false;

  constructor(
    private readonly db: Db,
    options: JobQueueOptions,
  ) {
    this.jobs = jobsDb(db.kysely);
    this.clock = options.clock ?? (() => new Date());
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.log = options.log ?? silent;
  }

  async send<T>(name: string, payload: T, options: SendOptions = {}): Promise<number | null> {
    if (!name) throw new Error('A job needs a name.');
    const now = this.clock();
    const runAt = options.runAt ?? now;
    if (Number.isNaN(runAt.getTime())) throw new Error(`Job ${name}: runAt is not a valid date.`);
    const target = options.trx ? jobsDb(options.trx) : this.jobs;
    const id = await insertJob(target, { name, payload, runAt, singletonKey: options.singletonKey ?? null }, now);
    // A job due now need not wait for this process's next poll (other processes find it at theirs).
    if (id !== null && runAt <= now) this.workers.get(name)?.wake?.();
    return id;
  }

  work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    if (this.workers.has(name)) throw new Error(`Job ${name} already has a handler.`);
    const resolved = { ...DEFAULTS, ...options };
    const worker: Worker = {
      name,
      handler: handler as JobHandler<unknown>,
      options: { ...resolved, heartbeatMs: options.heartbeatMs ?? Math.max(1, Math.floor(resolved.lockMs / 3)) },
    };
    this.workers.set(name, worker);
    if (this.started) worker.loop = this.runLoop(worker);
  }

  every(name: string, intervalMs: number, handler: JobHandler<null>, options: WorkOptions = {}): void {
    if (!(intervalMs > 0)) throw new Error(`Job ${name}: the interval must be positive.`);
    this.periodic.set(name, intervalMs);
    this.work(name, handler, options);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const worker of this.workers.values()) worker.loop ??= this.runLoop(worker);
  }

  async stop(): Promise<void> {
    this.started = false;
    const loops: Promise<unknown>[] = [...this.drains];
    for (const worker of this.workers.values()) {
      worker.wake?.();
      if (worker.loop) loops.push(worker.loop);
    }
    await Promise.all(loops);
    for (const worker of this.workers.values()) worker.loop = undefined;
  }

  runDue(): Promise<number> {
    const drain = (async () => {
      let runs = 0;
      for (const worker of this.workers.values()) {
        while (await this.runNext(worker)) runs += 1;
      }
      return runs;
    })();
    this.drains.add(drain);
    return drain.finally(() => this.drains.delete(drain));
  }

  private async runLoop(worker: Worker): Promise<void> {
    while (this.started) {
      let ran = false;
      try {
        ran = await this.runNext(worker);
      } catch (err) {
        // The database was unreachable or similar: say so and try again at the next poll.
        this.log.error({ err, job: worker.name }, 'Job queue: could not look for due jobs');
      }
      if (!ran && this.started) await this.sleep(worker);
    }
  }

  private sleep(worker: Worker): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, worker.options.pollMs);
      function done() {
        clearTimeout(timer);
        worker.wake = undefined;
        resolve();
      }
      worker.wake = done;
    });
  }

  /** Claims and runs one due job of this worker's name; false when none was due. */
  private async runNext(worker: Worker): Promise<boolean> {
    await this.ensurePeriodicRun(worker.name);
    const row = await claimJob(this.jobs, this.db.dialect, worker.name, this.workerId, this.clock(), worker.options.lockMs);
    if (!row) return false;
    await this.execute(worker, row);
    await this.ensurePeriodicRun(worker.name);
    return true;
  }

  /**
   * Keeps one waiting run of a periodic job, at the next multiple of its interval after now. A run at slot S happens
   * at S or later, so "the next multiple after now" never names a slot that already ran; the singletonKey makes the
   * processes that ask at the same time agree on one row.
   * A waiting run later than the next slot was planned by a clock that has since gone back (a host's clock corrected,
   * a test or an operator moving the API's clock): it is moved to the next slot, or the job would not run until the
   * clock caught up with it again, a week later after a week's step back.
   */
  private async ensurePeriodicRun(name: string): Promise<void> {
    const interval = this.periodic.get(name);
    if (interval === undefined) return;
    const now = this.clock();
    const nextSlot = new Date((Math.floor(now.getTime() / interval) + 1) * interval);
    // A read first: on PostgreSQL an insert that conflicts still uses up a sequence number, and an update on every
    // poll would take SQLite's write lock for nothing.
    const live = await liveJob(this.jobs, name, PERIODIC_KEY);
    if (live) {
      if (live.state === 'pending' && new Date(live.runAt).getTime() > nextSlot.getTime() && (await moveJobEarlier(this.jobs, live.id, live.runAt, nextSlot))) {
        this.log.warn({ job: name, planned: live.runAt, now: nextSlot.toISOString() }, 'Job queue: the clock went back; the next periodic run moves to the next slot');
      }
      return;
    }
    await insertJob(this.jobs, { name, payload: null, runAt: nextSlot, singletonKey: PERIODIC_KEY }, now);
  }

  private async execute(worker: Worker, row: JobRow): Promise<void> {
    const { options } = worker;
    const lease: Lease = { id: row.id, workerId: this.workerId, attempt: row.attempts };
    if (row.attempts > options.maxAttempts) {
      // Its last run's worker died (the lease lapsed) and no attempt is left.
      await failJob(this.jobs, lease, 'The worker running the last attempt stopped before it finished (its lease lapsed).', this.clock(), null);
      this.log.error({ job: row.name, id: row.id, attempts: row.attempts }, 'Job failed for good');
      return;
    }
    const lost = new AbortController();
    let running = true;
    const heartbeat = setInterval(() => {
      renewLease(this.jobs, lease, this.clock(), options.lockMs)
        .then((ours) => {
          if (!ours && running) {
            lost.abort(new Error('This run lost its lease; another worker has the job.'));
            this.log.warn({ job: row.name, id: row.id, attempt: row.attempts }, 'Job run lost its lease');
          }
        })
        .catch((err: unknown) => this.log.error({ err, job: row.name, id: row.id }, 'Job queue: could not renew a lease'));
    }, options.heartbeatMs);
    let error: unknown = null;
    let failed = false;
    try {
      // A trace per run when tracing is on: the job's queries and log lines under one id.
      await inSpan(`job ${row.name}`, { 'job.name': row.name, 'job.id': row.id, 'job.attempt': row.attempts }, () =>
        worker.handler({ id: row.id, name: row.name, payload: JSON.parse(row.payload) as unknown, attempt: row.attempts, signal: lost.signal }),
      );
    } catch (err) {
      failed = true;
      error = err;
    } finally {
      running = false;
      clearInterval(heartbeat);
    }
    const now = this.clock();
    if (!failed) {
      if (!(await completeJob(this.jobs, lease, now))) this.log.warn({ job: row.name, id: row.id, attempt: row.attempts }, 'Job run finished after losing its lease; the other run decides');
      return;
    }
    const final = row.attempts >= options.maxAttempts;
    const retryAt = final ? null : new Date(now.getTime() + Math.min(options.maxBackoffMs, options.backoffMs * 2 ** (row.attempts - 1)));
    const message = error instanceof Error ? error.message : String(error);
    await failJob(this.jobs, lease, message.slice(0, 2000), now, retryAt);
    if (final) this.log.error({ err: error, job: row.name, id: row.id, attempts: row.attempts }, 'Job failed for good');
    else this.log.warn({ err: error, job: row.name, id: row.id, attempt: row.attempts, retryAt }, 'Job failed; it will be retried');
  }
}
