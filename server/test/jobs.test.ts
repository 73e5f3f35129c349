import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import { createJobQueue, PERIODIC_KEY, type Job, type JobQueue, type JobQueueOptions } from '../src/jobs';
import { claimJob, completeJob, jobsDb } from '../src/jobs/store';
import { createPgSchema } from './pg';

/** One database; connect() opens another connection to it, as a second API process (or a restarted one) would. */
interface Target {
  open(): Promise<{ connect: () => Db; cleanup: () => Promise<void> }>;
}

const targets: Array<[string, Target]> = [
  [
    'sqlite',
    {
      async open() {
        const dir = mkdtempSync(path.join(tmpdir(), 'sciexperts-jobs-'));
        const sqliteFile = path.join(dir, 'jobs.db');
        return { connect: () => openDatabase({ databaseUrl: null, sqliteFile }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ],
  [
    'postgres',
    {
      async open() {
        const { url, schema, drop } = await createPgSchema();
        return { connect: () => openDatabase({ databaseUrl: url, databaseSchema: schema, sqliteFile: '' }), cleanup: drop };
      },
    },
  ],
];

const T0 = new Date('2026-03-02T12:10:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test settles by hand: a handler that is "still running" until then. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(targets)('job queue on %s', (dialect, target) => {
  let connect: () => Db;
  let cleanup: () => Promise<void>;
  let db: Db;
  const extraConnections: Db[] = [];
  const queues: JobQueue[] = [];
  let now: Date;
  const clock = () => now;
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    ({ connect, cleanup } = await target.open());
    db = connect();
    await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
  });
  afterAll(async () => {
    await db?.close();
    await cleanup?.();
  });
  beforeEach(async () => {
    now = T0;
    await jobsDb(db.kysely).deleteFrom('jobs').execute();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await Promise.all(extraConnections.splice(0).map((c) => c.close()));
  });

  const newQueue = (options: JobQueueOptions = {}, on: Db = db) => {
    const queue = createJobQueue(on, { clock, ...options });
    queues.push(queue);
    return queue;
  };
  const secondConnection = () => {
    const c = connect();
    extraConnections.push(c);
    return c;
  };
  const rows = () => jobsDb(db.kysely).selectFrom('jobs').selectAll().orderBy('id').execute();
  const row = async (id: number) => (await jobsDb(db.kysely).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

  it('runs a job once at its runAt, not before', async () => {
    const queue = newQueue();
    const seen: Array<Job<{ milestoneId: number }>> = [];
    queue.work<{ milestoneId: number }>('remind', async (job) => {
      seen.push(job);
    });
    const id = (await queue.send('remind', { milestoneId: 42 }, { runAt: new Date(T0.getTime() + HOUR) }))!;
    expect(id).toEqual(expect.any(Number));

    expect(await queue.runDue()).toBe(0);
    advance(HOUR - 1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toHaveLength(0);

    advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([expect.objectContaining({ id, name: 'remind', payload: { milestoneId: 42 }, attempt: 1 })]);
    advance(HOUR);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toHaveLength(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1, finishedAt: new Date(T0.getTime() + HOUR).toISOString(), lastError: null });
  });

  it('runs jobs on its own once started, including one whose time comes later', async () => {
    const queue = newQueue();
    const ran: number[] = [];
    queue.work<number>('count', async (job) => {
      ran.push(job.payload);
    }, { pollMs: 5 });
    await queue.start();
    await queue.send('count', 1);
    await queue.send('count', 2, { runAt: new Date(T0.getTime() + MINUTE) });
    await waitFor(() => ran.length === 1, 'the due job');
    await tick(50);
    expect(ran).toEqual([1]);
    advance(MINUTE);
    await waitFor(() => ran.length === 2, 'the later job');
    expect(ran).toEqual([1, 2]);
  });

  it('makes a second send with a pending singletonKey a no-op, and accepts it again once the job ran', async () => {
    const queue = newQueue();
    let runs = 0;
    queue.work('auto-release', async () => {
      runs += 1;
    });
    const first = await queue.send('auto-release', { milestoneId: 42 }, { singletonKey: 'auto-release:42', runAt: new Date(T0.getTime() + MINUTE) });
    expect(first).toEqual(expect.any(Number));
    expect(await queue.send('auto-release', { milestoneId: 42 }, { singletonKey: 'auto-release:42' })).toBeNull();
    // Another key, or no key, is another job.
    expect(await queue.send('auto-release', { milestoneId: 43 }, { singletonKey: 'auto-release:43', runAt: new Date(T0.getTime() + MINUTE) })).toEqual(expect.any(Number));
    expect((await rows()).filter((r) => r.singletonKey === 'auto-release:42')).toHaveLength(1);

    advance(MINUTE);
    expect(await queue.runDue()).toBe(2);
    expect(runs).toBe(2);
    const again = await queue.send('auto-release', { milestoneId: 42 }, { singletonKey: 'auto-release:42' });
    expect(again).toEqual(expect.any(Number));
    expect(again).not.toBe(first);
  });

  it('sends inside the caller\u2019s transaction: a rolled-back change leaves no job', async () => {
    const queue = newQueue();
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await queue.send('remind', { milestoneId: 1 }, { trx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toHaveLength(0);
    await db.kysely.transaction().execute(async (trx) => {
      await queue.send('remind', { milestoneId: 2 }, { trx });
    });
    expect((await rows()).map((r) => JSON.parse(r.payload))).toEqual([{ milestoneId: 2 }]);
  });

  it('runs each of 50 jobs exactly once with two workers on two connections', async () => {
    const runs = new Map<number, number>();
    const byWorker = { a: 0, b: 0 };
    const handler = (worker: 'a' | 'b') => async (job: Job<number>) => {
      runs.set(job.payload, (runs.get(job.payload) ?? 0) + 1);
      byWorker[worker] += 1;
      // Yield, so the other worker claims while this one is busy.
      await new Promise((resolve) => setImmediate(resolve));
    };
    const a = newQueue({ workerId: 'worker-a' });
    const b = newQueue({ workerId: 'worker-b' }, secondConnection());
    a.work('count', handler('a'), { pollMs: 2 });
    b.work('count', handler('b'), { pollMs: 2 });
    for (let i = 0; i < 50; i += 1) await a.send('count', i);
    await Promise.all([a.start(), b.start()]);
    // Also race two drains against the running loops.
    await Promise.all([a.runDue(), b.runDue()]);
    await waitFor(async () => (await rows()).every((r) => r.state === 'done'), 'all 50 jobs');
    await Promise.all([a.stop(), b.stop()]);

    expect(runs.size).toBe(50);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(byWorker.a + byWorker.b).toBe(50);
    expect(byWorker.a).toBeGreaterThan(0);
    expect(byWorker.b).toBeGreaterThan(0);
    const all = await rows();
    expect(all.every((r) => r.attempts === 1)).toBe(true);
    expect(new Set(all.map((r) => r.lockedBy))).toEqual(new Set(['worker-a', 'worker-b']));
  });

  it('retries a failing handler with growing back-off, then marks the job failed', async () => {
    const queue = newQueue();
    const attempts: number[] = [];
    queue.work('flaky', async (job) => {
      attempts.push(job.attempt);
      throw new Error(`provider unavailable (${job.attempt})`);
    }, { maxAttempts: 3, backoffMs: 1000 });
    const id = (await queue.send('flaky', null))!;

    expect(await queue.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'provider unavailable (1)', runAt: new Date(T0.getTime() + 1000).toISOString() });
    advance(999);
    expect(await queue.runDue()).toBe(0);
    advance(1);
    expect(await queue.runDue()).toBe(1);
    // The second wait is twice the first.
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 2, runAt: new Date(now.getTime() + 2000).toISOString() });
    advance(1999);
    expect(await queue.runDue()).toBe(0);
    advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'provider unavailable (3)', finishedAt: now.toISOString() });
    advance(HOUR);
    expect(await queue.runDue()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('marks a job done when a retry succeeds', async () => {
    const queue = newQueue();
    queue.work('once-flaky', async (job) => {
      if (job.attempt === 1) throw new Error('timeout');
    }, { backoffMs: 10 });
    const id = (await queue.send('once-flaky', null))!;
    await queue.runDue();
    advance(10);
    await queue.runDue();
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2, lastError: 'timeout' });
  });

  it('takes over a job whose worker died once its lease lapses, and fences the dead run out', async () => {
    const queue = newQueue({ workerId: 'survivor' });
    const seen: number[] = [];
    queue.work('sweep', async (job) => {
      seen.push(job.attempt);
    }, { lockMs: MINUTE });
    const id = (await queue.send('sweep', { contractId: 7 }))!;
    // A process claims the job exactly as a worker does, then dies: its lease stays behind.
    const dead = (await claimJob(jobsDb(db.kysely), db.dialect, 'sweep', 'dead-worker', now, MINUTE))!;
    expect(dead).toMatchObject({ id, state: 'active', lockedBy: 'dead-worker', attempts: 1 });

    expect(await queue.runDue()).toBe(0);
    advance(MINUTE);
    expect(await queue.runDue()).toBe(0);
    advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([2]);
    expect(await row(id)).toMatchObject({ state: 'done', lockedBy: 'survivor', attempts: 2 });
    // Had the "dead" worker only stalled, its late finish changes nothing.
    expect(await completeJob(jobsDb(db.kysely), { id, workerId: 'dead-worker', attempt: 1 }, now)).toBe(false);
  });

  it('marks a job failed, without running it, when its last attempt\u2019s worker died', async () => {
    const queue = newQueue();
    let runs = 0;
    queue.work('last-chance', async () => {
      runs += 1;
    }, { maxAttempts: 1, lockMs: MINUTE });
    const id = (await queue.send('last-chance', null))!;
    await claimJob(jobsDb(db.kysely), db.dialect, 'last-chance', 'dead-worker', now, MINUTE);
    advance(MINUTE + 1);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'failed', lastError: expect.stringContaining('lease lapsed') });
  });

  it('keeps a long run\u2019s lease alive, so no other worker starts the same job meanwhile', async () => {
    const running = gate();
    const finish = gate();
    const a = newQueue({ workerId: 'a' });
    const b = newQueue({ workerId: 'b' }, secondConnection());
    let bRuns = 0;
    a.work('long', async () => {
      running.open();
      await finish.opened;
    }, { lockMs: 1000, heartbeatMs: 10 });
    b.work('long', async () => {
      bRuns += 1;
    }, { lockMs: 1000 });
    const id = (await a.send('long', null))!;
    const aDrain = a.runDue();
    await running.opened;
    // Five lease lengths of clock time pass while the handler runs; the heartbeat renews the lease in between.
    for (let i = 0; i < 10; i += 1) {
      await tick(40);
      advance(500);
      expect(await b.runDue()).toBe(0);
    }
    finish.open();
    expect(await aDrain).toBe(1);
    expect(bRuns).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'done', lockedBy: 'a', attempts: 1 });
  });

  it('tells a run that lost its lease (signal aborted) and ignores its late finish', async () => {
    const a = newQueue({ workerId: 'a' });
    const started = gate();
    let aborted: unknown = null;
    a.work('stalled', async (job) => {
      started.open();
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      aborted = job.signal.reason;
    }, { lockMs: 1000, heartbeatMs: 10 });
    const id = (await a.send('stalled', null))!;
    const aDrain = a.runDue();
    await started.opened;
    // Another worker takes the job over (what a claim after a lapsed lease writes).
    await jobsDb(db.kysely)
      .updateTable('jobs')
      .set((eb) => ({ lockedBy: 'b', attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    await aDrain;
    expect(aborted).toBeInstanceOf(Error);
    expect(await row(id)).toMatchObject({ state: 'active', lockedBy: 'b', attempts: 2, finishedAt: null });
  });

  it('keeps jobs across a restart', async () => {
    const before = newQueue({ workerId: 'before' });
    before.work('remind', async () => undefined, { pollMs: 5 });
    await before.start();
    const id = (await before.send('remind', { milestoneId: 9 }, { runAt: new Date(T0.getTime() + 24 * HOUR) }))!;
    await before.stop();

    // A new process: its own connection and queue.
    const after = newQueue({ workerId: 'after' }, secondConnection());
    const seen: unknown[] = [];
    after.work('remind', async (job) => {
      seen.push(job.payload);
    });
    advance(24 * HOUR);
    expect(await after.runDue()).toBe(1);
    expect(seen).toEqual([{ milestoneId: 9 }]);
    expect(await row(id)).toMatchObject({ state: 'done', lockedBy: 'after' });
  });

  it('stop waits for a running handler and claims nothing afterwards', async () => {
    const queue = newQueue();
    const running = gate();
    const finish = gate();
    const ran: number[] = [];
    queue.work<number>('slow', async (job) => {
      ran.push(job.payload);
      running.open();
      await finish.opened;
    }, { pollMs: 5 });
    await queue.start();
    const id = (await queue.send('slow', 1))!;
    await running.opened;

    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await tick(50);
    expect(stopped).toBe(false);
    finish.open();
    await stopping;
    expect(await row(id)).toMatchObject({ state: 'done' });

    await queue.send('slow', 2);
    await tick(50);
    expect(ran).toEqual([1]);
  });

  it('runs a periodic job once per interval across processes, and once after a long outage', async () => {
    const runs: string[] = [];
    const sweep = async () => {
      runs.push(now.toISOString());
    };
    const a = newQueue({ workerId: 'a' });
    const b = newQueue({ workerId: 'b' }, secondConnection());
    a.every('release-due', HOUR, sweep);
    b.every('release-due', HOUR, sweep);

    await Promise.all([a.runDue(), b.runDue()]);
    const waiting = () => rows().then((all) => all.filter((r) => r.state === 'pending'));
    expect((await waiting()).map((r) => [r.singletonKey, r.runAt])).toEqual([[PERIODIC_KEY, '2026-03-02T13:00:00.000Z']]);

    advance(50 * MINUTE);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toEqual(['2026-03-02T13:00:00.000Z']);
    expect((await waiting()).map((r) => r.runAt)).toEqual(['2026-03-02T14:00:00.000Z']);

    // Everything was down for five hours: one catch-up run, then back on the hour.
    advance(5 * HOUR + 30 * MINUTE);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(2);
    expect((await waiting()).map((r) => r.runAt)).toEqual(['2026-03-02T19:00:00.000Z']);
  });

  it('moves the waiting run of a periodic job back to the next slot when the clock goes back', async () => {
    const runs: string[] = [];
    const queue = newQueue();
    queue.every('release-due', HOUR, async () => {
      runs.push(now.toISOString());
    });
    const waiting = () => rows().then((all) => all.filter((r) => r.state === 'pending').map((r) => r.runAt));
    // The clock a week ahead (an operator's test of the API's clock): the run of that hour is planned.
    advance(7 * 24 * HOUR);
    await queue.runDue();
    expect(await waiting()).toEqual(['2026-03-09T13:00:00.000Z']);
    // Back to now: the run waits for the next hour again, not for next week.
    now = T0;
    await queue.runDue();
    expect(await waiting()).toEqual(['2026-03-02T13:00:00.000Z']);
    advance(50 * MINUTE);
    await queue.runDue();
    expect(runs).toEqual(['2026-03-02T13:00:00.000Z']);
    expect(await waiting()).toEqual(['2026-03-02T14:00:00.000Z']);
  });

  it('refuses a second handler for a name and an unusable interval', () => {
    const queue = newQueue();
    queue.work('one', async () => undefined);
    expect(() => queue.work('one', async () => undefined)).toThrow('already has a handler');
    expect(() => queue.every('zero', 0, async () => undefined)).toThrow('interval must be positive');
  });

  it(`uses the ${dialect} database`, () => {
    expect(db.dialect).toBe(dialect);
  });
});
