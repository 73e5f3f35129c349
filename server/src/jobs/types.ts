import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SendOptions {
  /** Not before this moment (the queue's clock); now when absent. */
  runAt?: Date;
  /** While a job of this name and key is pending or running, a second send with the key is a no-op ('auto-release:42'). */
  singletonKey?: string;
  /** The caller's transaction: the job exists only if that transaction commits (no job for a rolled-back change). */
  trx?: Kysely<Database>;
}

export interface WorkOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Runs of one job before it is marked failed; a run whose worker died counts as one. */
  maxAttempts?: number;
  /** Wait before the first retry; doubled for each further one, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The lease a run holds on its job; renewed while the handler runs, taken over by another worker once it lapses. */
  lockMs?: number;
  /** How often a running handler renews its lease (real time); a third of lockMs by default. */
  heartbeatMs?: number;
}

export interface Job<T = unknown> {
  id: number;
  name: string;
  payload: T;
  /** 1 for the first run. */
  attempt: number;
  /**
   * Aborted when this run lost its lease (its process stalled longer than lockMs and another worker took the job):
   * stop before writing anything further. Handlers are idempotent all the same (delivery is at least once).
   */
  signal: AbortSignal;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/**
 * Scheduled work that runs once across every API process sharing the database (docs/decisions/0013-job-queue.md).
 * Jobs live in the `jobs` table, so they survive restarts; "now" is the injected clock, so tests drive time.
 */
export interface JobQueue {
  /** Queues a job; its id, or null when the singletonKey already has a job waiting or running. */
  send<T>(name: string, payload: T, options?: SendOptions): Promise<number | null>;
  /** Runs jobs of this name in this process (one at a time) once the queue is started. One handler per name. */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /**
   * A periodic job: `handler` runs once per `intervalMs` across all processes, at the multiples of the interval
   * (every hour on the hour for an hour). A run missed while everything was down happens once, not once per missed
   * interval. One line registers a sweep: `queue.every('release-due-milestones', HOUR, () => sweep())`.
   */
  every(name: string, intervalMs: number, handler: JobHandler<null>, options?: WorkOptions): void;
  /** Starts the workers registered so far (and any registered later). */
  start(): Promise<void>;
  /** Stops claiming jobs and resolves once every running handler has finished. */
  stop(): Promise<void>;
  /** Runs every due job of the registered names now, in this call; how many runs it started (tests, operator commands). */
  runDue(): Promise<number>;
}

export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
