// Chat delivery under load, measured from a second process: N authenticated sockets in pairs, each member sending
// to its partner at a steady rate. Prints one JSON object per line (see scripts/bench.mjs).
//
// For each database (SQLite, then PostgreSQL) it starts its own API process and measures:
// - the goal load: 1,000 sockets, 500 messages/s offered for 30 s (p99 < 50 ms, ≥ 95 % delivered per second, nothing
//   lost, unanswered or doubled), with the server's CPU time per message (from /proc, so it reads the same on a busy
//   machine as on an idle one, unlike the latencies);
// - a ramp (1,000, 1,500, 2,000 messages/s offered, 10 s each, every step run) and the highest rate up to which every
//   step met the goals, so the next regression shows as a number rather than a surprise.
//
// Which server: by default this script starts its own API process (same code, throw-away data) with cheap password
// hashing and high per-IP limits, because creating 1,000 members through the signup API of a production-configured
// server (argon2id at 19 MiB, 1,200 requests/min and 20 sign-ups per 15 min per IP) would measure hashing and the
// limiters, not the chat. BENCH_CHAT_SERVER=external uses BENCH_API_URL instead (one row; its rate limit and hashing
// cost then apply to the set-up).
//
// Knobs: BENCH_CHAT_SOCKETS (1000), BENCH_CHAT_SECONDS (30), BENCH_CHAT_INTERVAL_MS (2000: each member's interval
// at the goal load), BENCH_CHAT_DATABASES ("sqlite,postgres"), BENCH_CHAT_STEPS ("1000,1500,2000" messages/s; empty
// for none), BENCH_CHAT_STEP_SECONDS (10), BENCH_CHAT_NODE_ARGS (node flags for the server, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/chat-prof"), TEST_DATABASE_URL (the PostgreSQL server, as for the tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@sciexperts/shared/contracts';
import { SMOKE, createMember, createPgSchema, freePort, inBatches, knob, percentile, processCpuMs, runBench, waitHealthy } from './benchKit';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Member = { id: number; token: string };

const SOCKETS = knob('BENCH_CHAT_SOCKETS', 1000, 20);
const SECONDS = knob('BENCH_CHAT_SECONDS', 30, 3);
/** Each member sends one message per this many ms (1,000 members at 2,000 ms = 500 messages/s offered). */
const INTERVAL_MS = knob('BENCH_CHAT_INTERVAL_MS', 2000, 500);
const DATABASES = (process.env.BENCH_CHAT_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim()).filter(Boolean);
const STEPS = (process.env.BENCH_CHAT_STEPS ?? (SMOKE ? '40' : '1000,1500,2000')).split(',').map(Number).filter((n) => n > 0);
const STEP_SECONDS = knob('BENCH_CHAT_STEP_SECONDS', 10, 2);
const P99_GOAL_MS = 50;
/** Unanswered after this long counts as a failed send (the client's own patience). */
const ACK_TIMEOUT_MS = 10_000;
const DRAIN_MS = 10_000;
const WARM_AFTER_MS = SMOKE ? 1_000 : 5_000;
const root = path.resolve(__dirname, '..', '..');
const DB_LABEL: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', external: 'external server' };

const log = (msg: string) => process.stderr.write(`chat bench: ${msg}\n`);
const round = (x: number) => Math.round(x * 10) / 10;

interface Server {
  base: string;
  /** The server process's CPU time so far in ms (user + system), when it is ours to read. */
  cpuMs: () => number | null;
  /** CPU time so far of the PostgreSQL backends serving the server's pool (those alive now), in ms. */
  dbCpuMs?: () => Promise<number | null>;
  stop: () => Promise<void>;
}

async function startOwnServer(database: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-chat-bench-'));
  const pgSchema = database === 'postgres' ? await createPgSchema('chat_bench') : null;
  // tsx as a loader (not its relaunching CLI), so BENCH_CHAT_NODE_ARGS reaches the server process itself.
  const nodeArgs = (process.env.BENCH_CHAT_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // The pool's backends carry a name of their own, so their CPU can be read beside the server's.
  const appName = `chat_bench_${process.pid}`;
  let dbUrl = '';
  if (pgSchema) {
    const url = new URL(pgSchema.url);
    url.searchParams.set('application_name', appName);
    dbUrl = url.toString();
  }
  const observer = pgSchema ? new pg.Client({ connectionString: pgSchema.url }) : null;
  await observer?.connect();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
      SIGNUP_LIMIT: '1000000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
      REDIS_URL: '',
    },
    // The server's own output goes to stderr: stdout carries only the figures, one JSON object a line.
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await observer?.end().catch(() => undefined);
    await pgSchema?.drop();
  };
  try {
    await waitHealthy(base, child);
  } catch (err) {
    child.kill('SIGTERM');
    await cleanUp();
    throw err;
  }
  return {
    base,
    cpuMs: () => (child.pid === undefined ? null : processCpuMs(child.pid)),
    ...(observer
      ? {
          dbCpuMs: async () => {
            const { rows } = await observer.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [appName]);
            return rows.reduce((sum, r) => sum + (processCpuMs(r.pid) ?? 0), 0);
          },
        }
      : {}),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await cleanUp();
    },
  };
}



interface LoadResult {
  offeredPerSecond: number;
  sent: number;
  acked: number;
  /** Refused, or unanswered within ACK_TIMEOUT_MS. */
  failedSends: number;
  lost: number;
  doubled: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  /** p99 of the messages sent after the first WARM_AFTER_MS: without a just-started process's first seconds. */
  p99Warm: number;
  cpuMsPerMessage: number | null;
  /** The same for the PostgreSQL backends of the server's pool (a backend replaced during the run loses its share). */
  dbCpuMsPerMessage: number | null;
  /** The same for this process, the load generator (its 1,000 clients share the machine's cores with the server). */
  generatorCpuMsPerMessage: number;
}

const keptUp = (r: LoadResult) => r.p99 < P99_GOAL_MS && r.deliveredPerSecond >= 0.95 * r.offeredPerSecond && r.lost === 0 && r.failedSends === 0 && r.doubled === 0;

/** Every member sends to its partner once per intervalMs for `seconds`, spread evenly; then waits for the deliveries. */
async function runLoad(server: Server, clients: Client[], members: Member[], intervalMs: number, seconds: number, tag: string): Promise<LoadResult> {
  const sentAt = new Map<string, number>();
  const receivedCount = new Map<string, number>();
  const latencies: number[] = [];
  /** [sent at, latency]: the same deliveries by send time, for the figure without the first seconds. */
  const timed: Array<[number, number]> = [];
  let acked = 0;
  let failedSends = 0;
  let doubled = 0;
  const onMessage = (m: ChatMessage) => {
    const key = m.clientId ?? `id:${m.id}`;
    if (!key.startsWith(`${tag}-`)) return;
    const n = (receivedCount.get(key) ?? 0) + 1;
    receivedCount.set(key, n);
    if (n > 1) {
      doubled += 1;
      return;
    }
    const t0 = sentAt.get(key);
    if (t0 !== undefined) {
      latencies.push(performance.now() - t0);
      timed.push([t0, performance.now() - t0]);
    }
  };
  for (const s of clients) s.on('newMessage', onMessage);

  const cpuBefore = server.cpuMs();
  const generatorCpuBefore = process.cpuUsage();
  // BENCH_CHAT_TRACE=1: the server's CPU per message second by second, to tell a cold process (more CPU per message
  // in its first seconds) from a waiting one (the same CPU, more latency).
  const dbCpuBefore = (await server.dbCpuMs?.()) ?? null;
  let traceCpu = cpuBefore;
  let traceDbCpu = dbCpuBefore;
  let traceSent = 0;
  // And this process's own event-loop delay: a late generator adds its lateness to every latency it measures.
  const generatorDelay = process.env.BENCH_CHAT_TRACE === '1' ? monitorEventLoopDelay({ resolution: 5 }) : null;
  generatorDelay?.enable();
  const trace =
    process.env.BENCH_CHAT_TRACE === '1'
      ? setInterval(() => {
          const cpu = server.cpuMs();
          const sentNow = sentAt.size;
          const count = sentNow - traceSent;
          const lateMs = generatorDelay ? generatorDelay.max / 1e6 : 0;
          generatorDelay?.reset();
          void (server.dbCpuMs?.() ?? Promise.resolve(null)).then((dbCpu) => {
            const db = dbCpu !== null && traceDbCpu !== null ? `, database CPU ${((dbCpu - traceDbCpu) / Math.max(1, count)).toFixed(2)} ms/message` : '';
            const late = `, generator's event loop up to ${lateMs.toFixed(0)} ms late`;
            if (cpu !== null && traceCpu !== null && count > 0) log(`second: ${count} sent, server CPU ${((cpu - traceCpu) / count).toFixed(2)} ms/message${db}${late}`);
            traceCpu = cpu;
            traceDbCpu = dbCpu;
          });
          traceSent = sentNow;
        }, 1000)
      : undefined;
  const stopAt = performance.now() + seconds * 1000;
  let seq = 0;
  let firstSend: number | undefined;
  let lastSend = 0;
  const timers: ReturnType<typeof setInterval>[] = [];
  await Promise.all(
    clients.map(
      (s, i) =>
        new Promise<void>((resolve) => {
          const partner = members[i % 2 === 0 ? i + 1 : i - 1];
          if (!partner) return resolve();
          // Spread the members over the interval so the load is steady, not in bursts.
          const start = setTimeout(
            () => {
              const t = setInterval(() => {
                if (performance.now() >= stopAt) {
                  clearInterval(t);
                  resolve();
                  return;
                }
                const clientId = `${tag}-${i}-${seq++}`;
                const now = performance.now();
                firstSend ??= now;
                lastSend = now;
                sentAt.set(clientId, now);
                s.timeout(ACK_TIMEOUT_MS).emit('sendMessage', { senderId: (members[i] as Member).id, receiverId: partner.id, text: `bench ${clientId}`, clientId }, (err: Error | null, ack?: SendMessageAck) => {
                  if (!err && ack?.ok) acked += 1;
                  else failedSends += 1;
                });
              }, intervalMs);
              timers.push(t);
            },
            (i / clients.length) * intervalMs,
          );
          timers.push(start);
        }),
    ),
  );
  // The rate is over the span in which messages were actually sent (the ramp-up spreads first sends over one interval).
  const windowSeconds = Math.max(0.001, (lastSend - (firstSend ?? lastSend)) / 1000);
  const drainUntil = performance.now() + DRAIN_MS;
  while (performance.now() < drainUntil && (acked + failedSends < sentAt.size || [...sentAt.keys()].some((k) => !receivedCount.has(k)))) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const cpuAfter = server.cpuMs();
  const generatorCpu = process.cpuUsage(generatorCpuBefore);
  const dbCpuAfter = (await server.dbCpuMs?.()) ?? null;
  clearInterval(trace);
  generatorDelay?.disable();
  timers.forEach(clearInterval);
  for (const s of clients) s.off('newMessage', onMessage);

  const sent = sentAt.size;
  const delivered = [...sentAt.keys()].filter((k) => receivedCount.has(k)).length;
  latencies.sort((a, b) => a - b);
  const warm = timed.filter(([t0]) => t0 >= (firstSend ?? 0) + WARM_AFTER_MS).map(([, l]) => l).sort((a, b) => a - b);
  if (process.env.BENCH_CHAT_TRACE === '1') {
    // p99 by the second the messages were sent in: a cold process shows as its first seconds.
    const bySecond: number[][] = [];
    for (const [t0, l] of timed) (bySecond[Math.floor((t0 - (firstSend ?? 0)) / 1000)] ??= []).push(l);
    log(`p99 by second sent: ${bySecond.map((ls) => round(percentile(ls.sort((a, b) => a - b), 99))).join(' · ')} ms`);
  }
  return {
    offeredPerSecond: Math.round((clients.length * 1000) / intervalMs),
    sent,
    acked,
    // A send still unanswered after the drain never got its answer in time either.
    failedSends: failedSends + (sent - acked - failedSends),
    lost: sent - delivered,
    doubled,
    deliveredPerSecond: round(delivered / windowSeconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    p99Warm: round(percentile(warm, 99)),
    cpuMsPerMessage: cpuBefore === null || cpuAfter === null || sent === 0 ? null : Math.round(((cpuAfter - cpuBefore) / sent) * 1000) / 1000,
    dbCpuMsPerMessage: dbCpuBefore === null || dbCpuAfter === null || sent === 0 ? null : Math.round(((dbCpuAfter - dbCpuBefore) / sent) * 1000) / 1000,
    generatorCpuMsPerMessage: sent === 0 ? 0 : Math.round((generatorCpu.user + generatorCpu.system) / sent) / 1000,
  };
}

async function benchOn(database: string): Promise<void> {
  const label = DB_LABEL[database] ?? database;
  const group = `chat · ${label}`;
  const emit = (metric: string, value: number | string, unit: string, goal: string, met: boolean | null) =>
    process.stdout.write(`${JSON.stringify({ group, metric, value, unit, goal, met })}\n`);
  const server: Server =
    database === 'external'
      ? { base: (process.env.BENCH_API_URL ?? 'http://localhost:3000').replace(/\/$/, ''), cpuMs: () => null, stop: async () => undefined }
      : await startOwnServer(database);
  log(`${label}: server ${server.base}; creating ${SOCKETS} members…`);
  const clients: Client[] = [];
  try {
    const members = await inBatches(SOCKETS, 16, (i) => createMember(server.base, i));
    log(`${label}: opening sockets…`);
    const openStart = performance.now();
    await inBatches(SOCKETS, 50, async (i) => {
      const m = members[i] as Member;
      const s: Client = connect(server.base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${m.token}` }, query: { userId: String(m.id) } });
      clients[i] = s;
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
    });
    const open = clients.filter((c) => c.connected).length;
    emit('authenticated sockets open', open, 'sockets', `${SOCKETS}`, open === SOCKETS);
    emit('time to open them', round((performance.now() - openStart) / 1000), 's', '', null);

    const offered = Math.round((SOCKETS * 1000) / INTERVAL_MS);
    log(`${label}: sending for ${SECONDS} s (${offered} messages/s offered)…`);
    const r = await runLoad(server, clients, members, INTERVAL_MS, SECONDS, 'goal');
    // Nothing delivered is a broken chat (or bench), not a slow one; on the smoke run's few messages, any loss is.
    if (r.sent === 0 || r.lost === r.sent) throw new Error(`${label}: none of the ${r.sent} messages sent was delivered (${r.failedSends} refused or unanswered)`);
    if (SMOKE && (r.lost > 0 || r.failedSends > 0 || r.doubled > 0)) throw new Error(`${label}: ${r.lost} lost, ${r.failedSends} refused or unanswered and ${r.doubled} doubled of ${r.sent} messages at a few a second`);
    emit('messages sent', r.sent, 'messages', '', null);
    emit('acknowledged', r.acked, 'messages', `${r.sent}`, r.acked === r.sent);
    emit('delivered messages per second', r.deliveredPerSecond, 'messages/s', `≥ ${Math.ceil(0.95 * offered)} (${offered} offered)`, r.deliveredPerSecond >= 0.95 * offered);
    emit('delivery latency p50', r.p50, 'ms', '', null);
    emit('delivery latency p99', r.p99, 'ms', `< ${P99_GOAL_MS} ms`, r.p99 < P99_GOAL_MS);
    // Shown beside the goal, never instead of it: how much of a miss is the just-started process's first seconds.
    emit(`delivery latency p99 after the first ${WARM_AFTER_MS / 1000} s`, r.p99Warm, 'ms', '', null);
    // Lost: sent but never delivered to the partner (a refused or unanswered send is also never delivered).
    emit('lost messages', r.lost, 'messages', '0', r.lost === 0);
    emit('refused or unanswered sends', r.failedSends, 'messages', '0', r.failedSends === 0);
    emit('doubled messages', r.doubled, 'messages', '0', r.doubled === 0);
    if (r.cpuMsPerMessage !== null) emit('server CPU per message', r.cpuMsPerMessage, 'ms', '', null);
    if (r.dbCpuMsPerMessage !== null) emit('database CPU per message (the pool\'s PostgreSQL backends)', r.dbCpuMsPerMessage, 'ms', '', null);
    emit('load generator CPU per message (this process, on the same cores)', r.generatorCpuMsPerMessage, 'ms', '', null);

    // The ramp, every step whatever the one before it did: where delivery stops keeping up, and how it degrades past.
    let highestKept = keptUp(r) ? offered : 0;
    let firstMissed: LoadResult | null = keptUp(r) ? null : r;
    for (const [n, rate] of STEPS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      log(`${label}: ramp, ${rate} messages/s for ${STEP_SECONDS} s…`);
      const step = await runLoad(server, clients, members, (SOCKETS * 1000) / rate, STEP_SECONDS, `step${n}`);
      emit(
        `at ${rate}/s offered: delivered/s · p50 · p99 · lost · failed sends · CPU per message`,
        `${step.deliveredPerSecond} · ${step.p50} ms · ${step.p99} ms · ${step.lost} · ${step.failedSends} · ${step.cpuMsPerMessage ?? '?'} ms`,
        '',
        'p99 < 50 ms, ≥ 95 % delivered, 0 lost',
        keptUp(step),
      );
      if (keptUp(step) && !firstMissed) highestKept = rate;
      else firstMissed ??= step;
    }
    const top = STEPS.length === 0 ? offered : Math.max(offered, ...STEPS);
    emit(
      'keeps up to (p99 < 50 ms, ≥ 95 % delivered, 0 lost)',
      highestKept,
      'messages/s offered',
      firstMissed ? `first miss at ${firstMissed.offeredPerSecond}/s: p99 ${firstMissed.p99} ms, ${firstMissed.deliveredPerSecond}/s, ${firstMissed.lost} lost` : `all steps to ${top}/s kept up`,
      highestKept >= offered,
    );
  } finally {
    for (const c of clients) c?.disconnect();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const databases = process.env.BENCH_CHAT_SERVER === 'external' ? ['external'] : DATABASES;
  for (const database of databases) {
    try {
      await benchOn(database);
    } catch (err) {
      // One database failing (PostgreSQL not running) must not hide the other's figures.
      log(`${DB_LABEL[database] ?? database}: ${(err as Error).stack ?? String(err)}`);
      process.stdout.write(`${JSON.stringify({ group: `chat · ${DB_LABEL[database] ?? database}`, metric: 'run', value: 'failed', unit: '', goal: '', met: false })}\n`);
      process.exitCode = 1;
    }
  }
}

runBench('chat.bench', main);
