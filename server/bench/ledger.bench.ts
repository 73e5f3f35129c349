// Escrow ledger benchmark (run by `npm run bench`, or alone: `node_modules/.bin/tsx server/bench/ledger.bench.ts`).
// Builds the API in this process (buildApp with the payments suites' fake provider and webhook secret, cheap
// password hashing, high rate limits), on SQLite in a temp folder and on PostgreSQL in a throw-away schema of
// postgres://…@127.0.0.1:5432/test (the tests' isolation, dropped afterwards). It hires N contracts (one client
// and one expert each, M milestones), then runs the N contracts at once (each contract's steps one after another)
// and, for every milestone, funds it (POST with an Idempotency-Key), delivers the provider's signed
// checkout.succeeded webhook, has the expert submit and the client approve (the release). Only that phase is timed.
// Afterwards the ledger's invariants (server/test/paymentsFixtures.ts, ledgerProblems) are checked.
// The load generator shares the server's event loop: the figure is end-to-end work per second of one process.
// Each figure is one JSON line on stdout: {"group":"ledger","metric":…,"value":…,"unit":…,"goal":…,"met":…}.
// BENCH_LEDGER_CONTRACTS (50), BENCH_LEDGER_MILESTONES (4 per contract: a timed phase of about a second rather than a few tenths), BENCH_LEDGER_DIALECTS (sqlite,postgres);
// TEST_DATABASE_URL overrides the PostgreSQL address as in the tests.
import type { FundResponse, Workspace } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from '../test/helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, ledgerProblems, paid, type Member } from '../test/paymentsFixtures';
import { figureWriter, knob, runBench } from './benchKit';

type Dialect = 'sqlite' | 'postgres';

const CONTRACTS = knob('BENCH_LEDGER_CONTRACTS', 50, 3);
const MILESTONES = knob('BENCH_LEDGER_MILESTONES', 4, 1);
const DIALECTS = (process.env.BENCH_LEDGER_DIALECTS || 'sqlite,postgres').split(',').map((d) => d.trim()) as Dialect[];
const LABEL: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
/** Milestone amounts of a contract: 1,000.00, 2,000.00, … (a fee of 10 % each, no rounding). */
const AMOUNTS = Array.from({ length: MILESTONES }, (_, i) => (i + 1) * 100_000);

const log = (msg: string) => process.stderr.write(`ledger bench: ${msg}\n`);
const emit = figureWriter('ledger');
const round1 = (x: number) => Math.round(x * 10) / 10;

interface Party {
  client: Member;
  expert: Member;
  contractId: number;
  milestoneIds: number[];
}

/** Runs `fn` over 0…count-1 with at most `width` at a time. */
async function inBatches<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

/** Fund → signed webhook → submit → approve for one milestone; throws with the step that failed. */
async function fundAndRelease(h: Harness, call: ReturnType<typeof caller>, p: Party, milestoneId: number, amountCents: number): Promise<void> {
  const fund = await call<FundResponse>('POST', `/api/Milestones/${milestoneId}/Fund`, p.client);
  if (fund.status !== 200) throw new Error(`fund ${milestoneId}: ${fund.status} ${JSON.stringify(fund.body)}`);
  const hook = await deliver(h, paid(fund.body.paymentId, amountCents));
  if (hook.status !== 200 || hook.body.duplicate) throw new Error(`webhook ${milestoneId}: ${hook.status} ${JSON.stringify(hook.body)}`);
  const submitted = await call<Workspace>('POST', `/api/Milestones/${milestoneId}/Submit`, p.expert, { body: { note: 'Delivered: see the shared folder.' } });
  if (submitted.status !== 200) throw new Error(`submit ${milestoneId}: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const approved = await call<Workspace>('POST', `/api/Milestones/${milestoneId}/Approve`, p.client);
  const status = approved.status === 200 ? approved.body.milestones.find((m) => m.id === milestoneId)?.status : undefined;
  if (status !== 'released') throw new Error(`approve ${milestoneId}: ${approved.status} ${status ?? JSON.stringify(approved.body)}`);
}

async function hire(h: Harness, count: number): Promise<Party[]> {
  return inBatches(count, 8, async () => {
    const client = await member(h, { firstName: 'Olive' });
    const expert = await member(h, { firstName: 'Ada' });
    return { client, expert, ...(await hiredContract(h, client, expert, AMOUNTS)) };
  });
}

async function run(dialect: Dialect): Promise<boolean> {
  const label = LABEL[dialect];
  const rate = `funded-and-released milestones/s, ${CONTRACTS} concurrent contracts, ${label}`;
  const invariants = `ledger invariants after the run, ${label}`;
  let h: Harness;
  try {
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: new FakeProvider() });
  } catch (err) {
    if (dialect !== 'postgres') throw err;
    log(`${label} skipped: ${(err as Error).message.split('\n').join('; ')}`);
    emit(rate, 'skipped (no PostgreSQL)', '', '', null);
    emit(invariants, 'skipped (no PostgreSQL)', '', 'hold', null);
    return true;
  }
  let ok = true;
  try {
    const call = caller(h);
    log(`${label}: hiring ${CONTRACTS} contracts of ${MILESTONES} milestones (plus one to warm up)…`);
    const [warm, ...parties] = await hire(h, CONTRACTS + 1);
    // One contract end to end first, so the timed phase does not include compiling the hot paths.
    for (const [i, id] of warm!.milestoneIds.entries()) await fundAndRelease(h, call, warm!, id, AMOUNTS[i]!);

    const total = CONTRACTS * MILESTONES;
    let done = 0;
    const failures: string[] = [];
    const step = Math.max(1, Math.round(total / 4));
    log(`${label}: ${CONTRACTS} contracts at once, ${total} milestones…`);
    const started = performance.now();
    await Promise.all(
      parties.map(async (p) => {
        try {
          for (const [i, id] of p.milestoneIds.entries()) {
            await fundAndRelease(h, call, p, id, AMOUNTS[i]!);
            done += 1;
            if (done % step === 0 || done === total) log(`${label}, ${done}/${total} milestones`);
          }
        } catch (err) {
          failures.push((err as Error).message);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    log(`${label}: ${done} milestones in ${seconds.toFixed(2)} s`);
    emit(rate, round1(done / seconds), 'milestones/s', '', null);
    if (failures.length > 0) {
      ok = false;
      for (const f of failures.slice(0, 5)) log(`${label}: contract stopped: ${f}`);
      emit(`contracts that stopped on a failed step, ${label}`, failures.length, 'contracts', '0', false);
    }

    const problems = await ledgerProblems(h.db);
    for (const problem of problems.slice(0, 10)) log(`${label}: ${problem}`);
    emit(invariants, problems.length === 0 ? 'hold' : `${problems.length} problems`, '', 'hold', problems.length === 0);
  } catch (err) {
    ok = false;
    log(`${label} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    emit(rate, 'failed', '', '', false);
  } finally {
    await h.close().catch((err: unknown) => log(`${label}: closing: ${String(err)}`));
  }
  return ok;
}

async function main(): Promise<void> {
  let ok = true;
  for (const dialect of DIALECTS) ok = (await run(dialect)) && ok;
  if (!ok) process.exitCode = 1;
}

runBench('ledger.bench', main);
