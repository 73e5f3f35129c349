// Chat across processes: 10,000 authenticated sockets over TWO API processes sharing PostgreSQL and Redis (the
// several-process topology's chat path: the Redis Streams adapter, Redis-held limits and session revocations), every
// member's partner on the other process, so each message crosses between them. Load comes from two generator
// processes (forked from this file), one per API process; latencies are measured between them on the machine's
// clock (performance.timeOrigin + now(), sub-millisecond across processes on one machine). Prints one JSON object
// per line (see scripts/bench.mjs).
//
// Goals (issue: several processes): p99 delivery < 50 ms, 0 lost, 0 doubled. The offered load is 500 messages/s in
// all (each member sends once every 20 s), the rate the one-process bench holds its goals at: here the count of
// connected members and the crossing are what is measured.
//
// Knobs: BENCH_CLUSTER_SOCKETS (10000), BENCH_CLUSTER_SECONDS (40), BENCH_CLUSTER_RATE (500 messages/s),
// TEST_DATABASE_URL (the PostgreSQL server, as for the tests), REDIS_URL (redis://127.0.0.1:6379).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@sciexperts/shared/contracts';
import { SMOKE, createMember, createPgSchema, figureWriter, freePort, inBatches, knob, percentile, processCpuMs, runBench, waitHealthy } from './benchKit';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Member {
  id: number;
  token: string;
  partnerId: number;
}

const SOCKETS = knob('BENCH_CLUSTER_SOCKETS', 10_000, 20);
const SECONDS = knob('BENCH_CLUSTER_SECONDS', 40, 2);
const RATE = knob('BENCH_CLUSTER_RATE', 500, 10);
const P99_GOAL_MS = 50;
const ACK_TIMEOUT_MS = 10_000;
/** How long after the last send the deliveries are awaited. */
const DRAIN_MS = SMOKE ? 2_000 : 10_000;
const root = path.resolve(__dirname, '..', '..');
const now = () => performance.timeOrigin + performance.now();
const log = (msg: string) => process.stderr.write(`chat cluster bench: ${msg}\n`);
const round = (x: number) => Math.round(x * 10) / 10;

// ——— generator side (a forked child): holds its members' sockets, sends, and records what arrives ———

type ToGenerator =
  | { type: 'connect'; base: string; members: Member[] }
  | { type: 'send'; startAt: number; seconds: number; intervalMs: number; tag: string }
  | { type: 'report' };
type FromGenerator =
  | { type: 'connected'; open: number }
  | { type: 'report'; sent: string[]; acked: number; failed: number; received: Array<[string, number, number, number]> };

function runGenerator(): void {
  const sockets: Array<{ member: Member; socket: Client }> = [];
  const sent: string[] = [];
  const received = new Map<string, { latency: number; count: number; sentAt: number }>();
  let acked = 0;
  let failed = 0;
  const reply = (m: FromGenerator) => process.send?.(m);
  process.on('message', (raw) => {
    const msg = raw as ToGenerator;
    if (msg.type === 'connect') {
      void (async () => {
        for (let i = 0; i < msg.members.length; i += 100) {
          await Promise.all(
            msg.members.slice(i, i + 100).map(
              (member) =>
                new Promise<void>((resolve) => {
                  const socket: Client = connect(msg.base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${member.token}` }, query: { userId: String(member.id) } });
                  socket.once('connect', () => resolve());
                  socket.once('connect_error', () => resolve());
                  socket.on('newMessage', (m: ChatMessage) => {
                    const t0 = Number(/ t=([\d.]+)$/.exec(m.text)?.[1]);
                    const key = m.clientId ?? `id:${m.id}`;
                    const seen = received.get(key);
                    if (seen) seen.count += 1;
                    else received.set(key, { latency: now() - t0, count: 1, sentAt: t0 });
                  });
                  sockets.push({ member, socket });
                }),
            ),
          );
        }
        reply({ type: 'connected', open: sockets.filter((s) => s.socket.connected).length });
      })();
    } else if (msg.type === 'send') {
      let seq = 0;
      const stopAt = msg.startAt + msg.seconds * 1000;
      sockets.forEach(({ member, socket }, i) => {
        // Spread over the interval: a steady load, not bursts.
        const firstAt = msg.startAt + (i / sockets.length) * msg.intervalMs;
        const sendOne = () => {
          if (now() >= stopAt) return;
          const clientId = `${msg.tag}-${member.id}-${seq++}`;
          sent.push(clientId);
          socket.timeout(ACK_TIMEOUT_MS).emit('sendMessage', { senderId: member.id, receiverId: member.partnerId, text: `bench t=${now()}`, clientId }, (err: Error | null, ack?: SendMessageAck) => {
            if (!err && ack?.ok) acked += 1;
            else failed += 1;
          });
          setTimeout(sendOne, msg.intervalMs);
        };
        setTimeout(sendOne, Math.max(0, firstAt - now()));
      });
    } else if (msg.type === 'report') {
      for (const { socket } of sockets) socket.disconnect();
      // Exits once the report (a large message) has been handed over, not before.
      const report: FromGenerator = { type: 'report', sent, acked, failed, received: [...received].map(([k, v]) => [k, v.latency, v.count, v.sentAt]) };
      process.send?.(report, () => process.exit(0));
    }
  });
}

// ——— coordinator side ———

async function startApi(name: string, env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name },
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child, 120_000);
  return { base, child };
}

function ask(child: ChildProcess, msg: ToGenerator, answer: FromGenerator['type']): Promise<FromGenerator> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if ((m as FromGenerator).type !== answer) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as FromGenerator);
    };
    const onExit = (code: number | null) => reject(new Error(`a load generator exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(msg);
  });
}

async function main(): Promise<void> {
  const emit = figureWriter('chat · two API processes (PostgreSQL + Redis)');
  const pgSchema = await createPgSchema('chat_cluster_bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-chat-cluster-bench-'));
  const prefix = `cluster-bench-${randomBytes(4).toString('hex')}`;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: pgSchema.url,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: prefix,
    CHAT_STREAM_NAME: `${prefix}-chat`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    SIGNUP_LIMIT: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  };
  const apis: Array<{ base: string; child: ChildProcess }> = [];
  const generators: ChildProcess[] = [];
  try {
    // One after the other: the second finds the schema migrated (the migrations lock makes both orders safe).
    apis.push(await startApi('bench-api-1', env));
    apis.push(await startApi('bench-api-2', env));
    const [api1, api2] = apis as [{ base: string; child: ChildProcess }, { base: string; child: ChildProcess }];
    log(`API processes ${api1.base} and ${api2.base}; creating ${SOCKETS} members…`);
    const made = await inBatches(SOCKETS, 8, (i) => createMember(i % 2 === 0 ? api1.base : api2.base, i));
    // Pairs (2k, 2k+1): the even member sits on the first process, its partner on the second.
    const members: Member[] = made.map((m, i) => ({ ...m, partnerId: (made[i % 2 === 0 ? i + 1 : i - 1] ?? made[i - 1])!.id }));
    let open = 0;
    for (const [n, api] of apis.entries()) {
      const child = fork(__filename, ['generator'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      generators.push(child);
      const mine = members.filter((_, i) => i % 2 === n);
      log(`generator ${n + 1}: opening ${mine.length} sockets to ${api.base}…`);
      const connected = (await ask(child, { type: 'connect', base: api.base, members: mine }, 'connected')) as Extract<FromGenerator, { type: 'connected' }>;
      open += connected.open;
    }
    emit('authenticated sockets open', open, 'sockets', `${SOCKETS}`, open === SOCKETS);

    const intervalMs = (SOCKETS * 1000) / RATE;
    const cpuBefore = apis.reduce((sum, a) => sum + (a.child.pid === undefined ? 0 : (processCpuMs(a.child.pid) ?? 0)), 0);
    const startAt = now() + 1000;
    log(`sending for ${SECONDS} s (${RATE} messages/s offered, each across the two processes)…`);
    for (const g of generators) g.send({ type: 'send', startAt, seconds: SECONDS, intervalMs, tag: 'cluster' } satisfies ToGenerator);
    await new Promise((resolve) => setTimeout(resolve, 1000 + SECONDS * 1000 + DRAIN_MS));
    const cpuAfter = apis.reduce((sum, a) => sum + (a.child.pid === undefined ? 0 : (processCpuMs(a.child.pid) ?? 0)), 0);
    const reports = (await Promise.all(generators.map((g) => ask(g, { type: 'report' }, 'report')))) as Array<Extract<FromGenerator, { type: 'report' }>>;

    const sent = reports.flatMap((r) => r.sent);
    const received = new Map(reports.flatMap((r) => r.received.map(([k, latency, count, sentAt]) => [k, { latency, count, sentAt }] as const)));
    const delivered = sent.filter((k) => received.has(k));
    const latencies = delivered.map((k) => received.get(k)!.latency).sort((a, b) => a - b);
    // Every member's first message opens a conversation (more work in its statement: the cap's count, a new
    // notification and its e-mail job); after one interval every pair exists and the load is the steady one.
    const later = delivered.map((k) => received.get(k)!).filter((r) => r.sentAt >= startAt + intervalMs).map((r) => r.latency).sort((a, b) => a - b);
    const doubled = [...received.values()].filter((v) => v.count > 1).length;
    const acked = reports.reduce((s, r) => s + r.acked, 0);
    const failed = sent.length - acked;
    // Nothing delivered is a broken chat (or bench), not a slow one; on the smoke run's few messages, any loss is.
    if (sent.length === 0 || delivered.length === 0) throw new Error(`none of the ${sent.length} messages sent was delivered (${failed} refused or unanswered)`);
    if (SMOKE && (delivered.length < sent.length || failed > 0 || doubled > 0)) throw new Error(`${sent.length - delivered.length} lost, ${failed} refused or unanswered and ${doubled} doubled of ${sent.length} messages at a few a second`);
    emit('messages sent', sent.length, 'messages', '', null);
    emit('delivered messages per second', round(delivered.length / SECONDS), 'messages/s', `≥ ${Math.ceil(0.95 * RATE)} (${RATE} offered)`, delivered.length / SECONDS >= 0.95 * RATE);
    emit('delivery latency p50 (across processes)', round(percentile(latencies, 50)), 'ms', '', null);
    emit('delivery latency p99 (across processes)', round(percentile(latencies, 99)), 'ms', `< ${P99_GOAL_MS} ms`, percentile(latencies, 99) < P99_GOAL_MS);
    if (later.length > 0) emit(`delivery latency p99 after the first ${round(intervalMs / 1000)} s (every pair's first message)`, round(percentile(later, 99)), 'ms', '', null);
    emit('lost messages', sent.length - delivered.length, 'messages', '0', sent.length === delivered.length);
    emit('refused or unanswered sends', failed, 'messages', '0', failed === 0);
    emit('doubled messages', doubled, 'messages', '0', doubled === 0);
    if (sent.length > 0) emit('server CPU per message (both processes)', Math.round(((cpuAfter - cpuBefore) / sent.length) * 1000) / 1000, 'ms', '', null);
  } finally {
    for (const g of generators) if (g.exitCode === null) g.kill();
    for (const a of apis) {
      if (a.child.exitCode === null) {
        a.child.kill('SIGTERM');
        await new Promise((r) => a.child.once('exit', r));
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    await pgSchema.drop().catch(() => undefined);
  }
}

if (process.argv[2] === 'generator') runGenerator();
else
  runBench('chatCluster.bench', async () => {
    try {
      await main();
    } catch (err) {
      process.stdout.write(`${JSON.stringify({ group: 'chat · two API processes (PostgreSQL + Redis)', metric: 'run', value: 'failed', unit: '', goal: '', met: false })}\n`);
      throw err;
    }
  });
