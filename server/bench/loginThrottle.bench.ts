// Login throttle benchmark (run by `npm run bench`, or alone: `node_modules/.bin/tsx server/bench/loginThrottle.bench.ts`).
// What the shared store costs a sign-in (docs/decisions/0032-shared-stores.md): the same API (buildApp on SQLite in a
// temp folder, cheap password hashing so the hash does not drown the figure) once with the throttles in memory and once
// with them in Redis (REDIS_URL of the bench, 127.0.0.1:6379 by default; a key prefix of this run, deleted afterwards).
// Each signs in N times, one login at a time (successful logins: admission and settlement both go to the store),
// alternating between the two apps so a busy machine slows both alike; then the throttle alone on each store,
// interleaved: what a successful login waits for (the admission; the settlement runs beside the token's issue). The
// goal's figure is that wait's p99 through Redis. A failed login also waits for its settlement (two more round trips).
// The load generator shares the server's event loop. One JSON line per figure on stdout.
// BENCH_LOGIN_N (600 logins per store), BENCH_LOGIN_ALONE_N (3,000 admissions of each kind per store), BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import type { LoginResponse } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from '../test/helpers';
import { LoginThrottle } from '../src/auth/throttle';
import { connectRedis } from '../src/redis/client';
import { memoryLimiters, redisLimiters } from '../src/redis/limiters';
import { figureWriter, knob, runBench } from './benchKit';

const N = knob('BENCH_LOGIN_N', 600, 20);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const GOAL_MS = 2;
/** Throttle admissions timed per kind of sign-in and store, after WARM_UP untimed ones. */
const ALONE_N = knob('BENCH_LOGIN_ALONE_N', 3000, 50);
const WARM_UP = knob('BENCH_LOGIN_WARM_UP', 200, 10);

const log = (msg: string) => process.stderr.write(`login throttle bench: ${msg}\n`);
const emit = figureWriter('login throttle');
const round2 = (x: number) => Math.round(x * 100) / 100;
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function timedLogin(h: Harness, body: { email: string; password: string }): Promise<number> {
  const started = process.hrtime.bigint();
  const answer = await h.api<LoginResponse>('POST', '/api/Account/Login', { body });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return ms;
}

async function main(): Promise<void> {
  const prefix = `bench-${randomBytes(6).toString('hex')}`;
  // The per-request limit and the checks against the OpenAPI document are not what is measured.
  const overrides = { rateLimitPerMinute: 1_000_000 };
  const memory = await startApp(overrides, { instrument: () => undefined });
  const redis = await startApp({ ...overrides, redisUrl: REDIS_URL, redisKeyPrefix: prefix, chatStreamName: `${prefix}-chat` }, { instrument: () => undefined });
  try {
    const credentials = (m: { email: string; password: string }) => ({ email: m.email, password: m.password });
    const onMemory = credentials(await member(memory));
    const onRedis = credentials(await member(redis));
    const times = { memory: [] as number[], redis: [] as number[] };
    // Warm-up: connections, JIT, prepared statements.
    for (let i = 0; i < Math.min(50, WARM_UP); i++) {
      await timedLogin(memory, onMemory);
      await timedLogin(redis, onRedis);
    }
    log(`${N} logins per store…`);
    for (let i = 0; i < N; i++) {
      times.memory.push(await timedLogin(memory, onMemory));
      times.redis.push(await timedLogin(redis, onRedis));
    }
    const sorted = { memory: [...times.memory].sort((x, y) => x - y), redis: [...times.redis].sort((x, y) => x - y) };
    emit('login p50, throttles in memory', round2(p(sorted.memory, 0.5)), 'ms');
    emit('login p50, throttles in Redis', round2(p(sorted.redis, 0.5)), 'ms');
    emit('login p99, throttles in memory', round2(p(sorted.memory, 0.99)), 'ms');
    emit('login p99, throttles in Redis', round2(p(sorted.redis, 0.99)), 'ms');

    // What the throttle itself adds to one successful login (the admission before the password check; the settlement
    // after it is not waited for), timed around exactly that: the login p99s above differ by the hash and the database
    // as much as by the store on a busy machine. Two kinds of sign-in, each its own figure:
    // - again from an address that has signed in to the account before (most sign-ins): one round trip;
    // - the first from an address to an account (a new device, a new network): one more, the address's count of
    //   distinct accounts (the spray layer), which only a first try may raise.
    // The store connection, the scripts and the JIT are warmed first, as the logins above are: a process pays that once.
    const shared = await connectRedis(REDIS_URL, prefix);
    try {
      const throttles = { memory: new LoginThrottle(memoryLimiters()), redis: new LoginThrottle(redisLimiters(shared)) };
      const admitOnce = async (store: 'memory' | 'redis', account: string, address: string): Promise<number> => {
        const started = process.hrtime.bigint();
        const admission = await throttles[store].admit(account, address);
        if (!admission.ok) throw new Error('refused');
        // A right password's settlement runs beside the rest of the login (the route does not wait for it).
        const settling = admission.attempt.succeed();
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        await settling;
        return ms;
      };
      const ACCOUNTS = 50;
      const again = { memory: [] as number[], redis: [] as number[] };
      const firstFromAddress = { memory: [] as number[], redis: [] as number[] };
      for (let i = 0; i < WARM_UP + ALONE_N; i++) {
        for (const store of ['memory', 'redis'] as const) {
          // What the other store's calls left to the event loop (their timers, their promises) runs before the timing starts.
          await new Promise((resolve) => setImmediate(resolve));
          // Each address tries one account once (its first try), then the accounts it knows, in turn.
          const fresh = await admitOnce(store, `bench${i}@example.test`, `198.51.100.${1 + (i % 250)}`);
          const known = await admitOnce(store, `bench${i % ACCOUNTS}@example.test`, '192.0.2.1');
          if (i >= WARM_UP) {
            firstFromAddress[store].push(fresh);
            again[store].push(known);
          }
        }
      }
      for (const list of [...Object.values(again), ...Object.values(firstFromAddress)]) list.sort((x, y) => x - y);
      emit('throttle per login in memory, p99', round2(p(again.memory, 0.99)), 'ms');
      emit('throttle per login through Redis, p50', round2(p(again.redis, 0.5)), 'ms');
      emit('throttle per login through Redis, p95', round2(p(again.redis, 0.95)), 'ms');
      const added = p(again.redis, 0.99);
      emit('login throttle adds at p99 through Redis', round2(added), 'ms', `< ${GOAL_MS} ms`, added < GOAL_MS);
      emit('first sign-in from an address, throttle through Redis, p50', round2(p(firstFromAddress.redis, 0.5)), 'ms');
      const addedFirst = p(firstFromAddress.redis, 0.99);
      emit('first sign-in from an address, throttle adds at p99 through Redis', round2(addedFirst), 'ms', `< ${GOAL_MS} ms`, addedFirst < GOAL_MS);
    } finally {
      await shared.close();
    }
  } finally {
    await Promise.all([memory.close(), redis.close()]);
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(keys);
    await client.quit();
  }
}

runBench('loginThrottle.bench', main);
