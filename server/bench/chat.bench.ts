// Chat delivery under load, measured from a second process: N authenticated sockets in pairs, each member sending
// to its partner at a steady rate for a fixed time. Prints one JSON object per line (see scripts/bench.mjs).
//
// Which server: by default this script starts its own API process (same code, throw-away data folder) with cheap
// password hashing and high per-IP limits, because creating 1,000 members through the signup API of a production-
// configured server (argon2id at 19 MiB, 1,200 requests/min and 20 sign-ups per 15 min per IP) would measure hashing
// and the limiters, not the chat.
// BENCH_CHAT_SERVER=external uses BENCH_API_URL instead (its rate limit and hashing cost then apply to the setup).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, LoginResponse, SendMessageAck, ServerToClientEvents } from '@sciexperts/shared/contracts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
/** Each member sends one message per this many ms (1,000 members at 2,000 ms = 500 messages/s offered). */
const INTERVAL_MS = Number(process.env.BENCH_CHAT_INTERVAL_MS ?? 2000);
const P99_GOAL_MS = 50;
const root = path.resolve(__dirname, '..', '..');

function emit(metric: string, value: number, unit: string, goal: string, met: boolean | null) {
  process.stdout.write(`${JSON.stringify({ group: 'chat', metric, value, unit, goal, met })}\n`);
}
const log = (msg: string) => process.stderr.write(`chat bench: ${msg}\n`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startOwnServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-chat-bench-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'server', 'src', 'main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1', SIGNUP_LIMIT: '1000000', RATE_LIMIT_PER_MINUTE: '1000000', REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the bench server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createMember(base: string, i: number): Promise<{ id: number; token: string }> {
  const email = `bench-${process.pid}-${Date.now()}-${i}@bench.test`;
  const password = 'bench-password-123';
  const post = (url: string, body: unknown) => fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/api/User/AddNewUser', { email, firstName: 'Bench', lastName: String(i), phoneNumber: '+1 5550000000', password });
  if (created.status !== 201) throw new Error(`signup failed: ${created.status} ${await created.text()}`);
  const login = await post('/api/Account/Login', { email, password });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as LoginResponse;
  return { id: body.user.id, token: body.token };
}

async function inBatches<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const external = process.env.BENCH_CHAT_SERVER === 'external';
  const server = external ? { base: (process.env.BENCH_API_URL ?? 'http://localhost:3000').replace(/\/$/, ''), stop: async () => undefined } : await startOwnServer();
  log(`${external ? 'external' : 'own'} server ${server.base}; creating ${SOCKETS} members…`);
  const clients: Client[] = [];
  try {
    const members = await inBatches(SOCKETS, 16, (i) => createMember(server.base, i));
    log('opening sockets…');
    const openStart = performance.now();
    await inBatches(SOCKETS, 50, async (i) => {
      const m = members[i] as { id: number; token: string };
      const s: Client = connect(server.base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${m.token}` }, query: { userId: String(m.id) } });
      clients[i] = s;
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
    });
    const openSeconds = (performance.now() - openStart) / 1000;
    emit('authenticated sockets open', clients.filter((c) => c.connected).length, 'sockets', `${SOCKETS}`, clients.filter((c) => c.connected).length === SOCKETS);
    emit('time to open them', Math.round(openSeconds * 100) / 100, 's', '', null);

    const sentAt = new Map<string, number>();
    const receivedCount = new Map<string, number>();
    const latencies: number[] = [];
    let acked = 0;
    let refused = 0;
    let doubled = 0;
    clients.forEach((s) => {
      s.on('newMessage', (m: ChatMessage) => {
        const key = m.clientId ?? `id:${m.id}`;
        const n = (receivedCount.get(key) ?? 0) + 1;
        receivedCount.set(key, n);
        if (n > 1) {
          doubled += 1;
          return;
        }
        const t0 = sentAt.get(key);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      });
    });

    log(`sending for ${SECONDS} s (${Math.round((SOCKETS * 1000) / INTERVAL_MS)} messages/s offered)…`);
    const stopAt = performance.now() + SECONDS * 1000;
    let seq = 0;
    let firstSend: number | undefined;
    let lastSend = 0;
    const timers: ReturnType<typeof setInterval>[] = [];
    const windowStart = performance.now();
    await Promise.all(
      clients.map(
        (s, i) =>
          new Promise<void>((resolve) => {
            const partner = members[i % 2 === 0 ? i + 1 : i - 1];
            if (!partner) return resolve();
            // Spread the members over the interval so the load is steady, not in bursts.
            setTimeout(() => {
              const t = setInterval(() => {
                if (performance.now() >= stopAt) {
                  clearInterval(t);
                  resolve();
                  return;
                }
                const clientId = `b-${i}-${seq++}`;
                const now = performance.now();
                firstSend ??= now;
                lastSend = now;
                sentAt.set(clientId, now);
                s.timeout(10_000).emit('sendMessage', { senderId: (members[i] as { id: number }).id, receiverId: partner.id, text: `bench ${clientId}`, clientId }, (err: Error | null, ack?: SendMessageAck) => {
                  if (!err && ack?.ok) acked += 1;
                  else refused += 1;
                });
              }, INTERVAL_MS);
              timers.push(t);
            }, (i / SOCKETS) * INTERVAL_MS);
          }),
      ),
    );
    // The rate is over the span in which messages were actually sent (the ramp-up spreads first sends over one interval).
    const windowSeconds = Math.max(0.001, (lastSend - (firstSend ?? windowStart)) / 1000);
    // Let the last messages arrive before counting.
    const drainUntil = performance.now() + 10_000;
    while (performance.now() < drainUntil && [...sentAt.keys()].some((k) => !receivedCount.has(k))) await new Promise((r) => setTimeout(r, 100));
    timers.forEach(clearInterval);

    const sent = sentAt.size;
    const delivered = [...sentAt.keys()].filter((k) => receivedCount.has(k)).length;
    const lost = sent - delivered;
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const round = (x: number) => Math.round(x * 10) / 10;
    emit('messages sent', sent, 'messages', '', null);
    emit('acknowledged', acked, 'messages', `${sent}`, acked === sent);
    emit('delivered messages per second', round(delivered / windowSeconds), 'messages/s', `${Math.round((SOCKETS * 1000) / INTERVAL_MS)} offered`, delivered / windowSeconds >= 0.95 * ((SOCKETS * 1000) / INTERVAL_MS));
    emit('delivery latency p50', round(p50), 'ms', '', null);
    emit('delivery latency p99', round(p99), 'ms', `< ${P99_GOAL_MS} ms`, p99 < P99_GOAL_MS);
    // Lost: sent but never delivered to the partner (a refused or unanswered send is also never delivered).
    emit('lost messages', lost, 'messages', '0', lost === 0);
    emit('refused or unanswered sends', refused, 'messages', '0', refused === 0);
    emit('doubled messages', doubled, 'messages', '0', doubled === 0);
  } finally {
    for (const c of clients) c?.disconnect();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
