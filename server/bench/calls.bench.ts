// Scheduled calls benchmark (run by `npm run bench`, or alone: `node_modules/.bin/tsx server/bench/calls.bench.ts`).
// An expert with 500 booked calls over the next four weeks (every day 07:00–21:00 in Europe/Berlin, 30-minute calls
// 45 minutes apart, a 10-minute buffer) in SQLite in a temp folder: the free-slot computation alone (slots.ts, the
// 500 busy spans already read) and the public slots route end to end (read the availability and the calls, compute,
// serialise, over loopback HTTP). Each is run BENCH_CALLS_RUNS times (200) after a warm-up; p50 and p95 are printed.
// Each figure is one JSON line on stdout: {"group":"calls","metric":…,"value":…,"unit":…,"goal":…,"met":…}.
import { DateTime } from 'luxon';
import { performance } from 'node:perf_hooks';
import type { FreeSlots } from '@sciexperts/shared/contracts';
import { member, startApp } from '../test/helpers';
import { makeListed } from '../test/projectsFixtures';
import { busySpansOf } from '../src/modules/calls/repository';
import { freeSlots, type AvailabilityRules } from '../src/modules/calls/slots';
import { figureWriter, knob, runBench } from './benchKit';

const RUNS = knob('BENCH_CALLS_RUNS', 200, 10);
const BOOKED = 500;
const GOAL_MS = 20;
const emit = figureWriter('calls');
const log = (msg: string) => process.stderr.write(`calls bench: ${msg}\n`);
const round2 = (x: number) => Math.round(x * 100) / 100;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(fn: () => Promise<unknown> | unknown): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  // Without the test suites' check of every answer against the OpenAPI document (a test aid, not the product's cost).
  const h = await startApp({ logLevel: 'silent' }, { instrument: undefined });
  try {
    const expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    // Listed, so that visitors read her slots (an unlisted expert's are a 404, as her public profile is).
    await makeListed(h, expert);
    const rules: AvailabilityRules = {
      timeZone: 'Europe/Berlin',
      weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '21:00' })),
      lengths: [15, 30, 60],
      minNoticeMinutes: 60,
      bufferMinutes: 10,
      awayDates: [],
    };
    const put = await h.api('PUT', '/api/Calls/Availability', { token: expert.token, body: rules });
    if (put.status !== 200) throw new Error(`availability: ${put.status} ${JSON.stringify(put.body)}`);
    const client = await member(h, { firstName: 'Olivia', lastName: 'Owner' });

    // 500 calls, 45 minutes apart inside the hours, from tomorrow on (written directly: the booking route is not what is measured).
    const now = new Date().toISOString();
    const rows = [];
    let day = DateTime.now().setZone(rules.timeZone).startOf('day').plus({ days: 1 });
    let at = day.set({ hour: 7 });
    for (let i = 0; i < BOOKED; i += 1) {
      if (at.plus({ minutes: 30 }) > day.set({ hour: 21 })) {
        day = day.plus({ days: 1 });
        at = day.set({ hour: 7 });
      }
      rows.push({
        expertId: expert.id, clientId: client.id, state: 'booked', startsAt: at.toUTC().toISO()!, lengthMinutes: 30, agenda: '', proposedTimes: '[]',
        rescheduleStartsAt: null, rescheduleById: null, uid: `bench-${i}@bench`, sequence: 0, room: `bench-${i}`, cancelReason: null, cancelledById: null, noShowById: null, createdAt: now, updatedAt: now,
      });
      at = at.plus({ minutes: 45 });
    }
    for (let i = 0; i < rows.length; i += 100) await h.db.kysely.insertInto('calls').values(rows.slice(i, i + 100)).execute();
    log(`500 calls booked, through ${day.toISODate()}`);

    const busy = await busySpansOf(h.db.kysely, expert.id, new Date());
    if (busy.length !== BOOKED) throw new Error(`expected ${BOOKED} busy spans, read ${busy.length}`);
    let offered = 0;
    const pure = await timed(() => {
      offered = freeSlots(rules, busy, { lengthMinutes: 30, now: new Date() }).length;
    });
    log(`${offered} free 30-minute slots offered`);
    emit('free-slot computation, expert with 500 booked calls: p50', round2(pure.p50), 'ms');
    emit('free-slot computation, expert with 500 booked calls: p95', round2(pure.p95), 'ms', `< ${GOAL_MS} ms`, pure.p95 < GOAL_MS);

    const read = await timed(() => busySpansOf(h.db.kysely, expert.id, new Date()));
    log(`reading the 500 calls: p50 ${round2(read.p50)} ms, p95 ${round2(read.p95)} ms`);
    const route = await timed(async () => {
      const answer = await h.api<FreeSlots>('GET', `/api/Calls/Experts/${expert.id}/Slots?length=30`);
      if (answer.status !== 200 || answer.body.slots.length !== offered) throw new Error(`slots route: ${answer.status} with ${answer.body.slots?.length} slots (${offered} computed)`);
    });
    emit('slots route (read + compute + answer), 500 booked calls: p50', round2(route.p50), 'ms');
    emit('slots route (read + compute + answer), 500 booked calls: p95', round2(route.p95), 'ms', `< ${GOAL_MS} ms`, route.p95 < GOAL_MS);
  } finally {
    await h.close();
  }
}

runBench('calls.bench', main);
