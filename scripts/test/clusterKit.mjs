// What the cluster tests share (no tests of its own): a cluster on a fresh database of its own, members signed up
// through the proxy, and a chat client that behaves as the site's (scripts/test/cluster*.test.mjs).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { build } from 'esbuild';
import { root } from '../lib/apps.mjs';
import { resolveClusterConfig, startCluster } from '../lib/cluster.mjs';

// The site's reconnection settings, from the contract itself (TypeScript, bundled here for node's test runner).
const { SOCKET_RECONNECTION } = await (async () => {
  const bundle = await build({ entryPoints: [path.join(root, 'shared', 'src', 'contracts', 'chat.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'error' });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
})();

/** A cluster on its own ports (from sitePort), database and data folder, without the stand-ins. */
export async function startTestCluster(sitePort, name, extraEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sciexperts-${name}-`));
  const env = {
    ...process.env,
    SITE_PORT: String(sitePort),
    // A database of this run's own: two runs on one machine (a CI run beside a developer's) never drop each other's.
    CLUSTER_DATABASE: `sciexperts_test_${name}_${process.pid}`,
    CLUSTER_FRESH_DATABASE: 'true',
    DATA_DIR: dataDir,
    DEV_STAND_INS: 'false',
    NGINX_LOG_LEVEL: 'crit',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SIGNUP_LIMIT: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    CHAT_STREAM_NAME: `sciexperts-chat-test-${name}-${process.pid}`,
    TRACING: 'off',
    ...extraEnv,
  };
  const cluster = resolveClusterConfig(env);
  const running = await startCluster(cluster, { env, log: () => undefined });
  const site = `http://127.0.0.1:${sitePort}`;
  const db = new pg.Pool({ connectionString: running.databaseUrl, max: 2 });
  return {
    cluster,
    site,
    db,
    ...running,
    async close() {
      await running.stop();
      await db.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(running.databaseUrl);
    },
  };
}

async function dropDatabase(url) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/test';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

let counter = 0;
/** Signs up and signs in a member through the proxy; the address counts as confirmed. */
export async function signUp(t) {
  counter += 1;
  const email = `cluster${counter}.${process.pid}.${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const post = (p, body) => fetch(`${t.site}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/api/User/AddNewUser', { email, firstName: 'Grace', lastName: `Hopper${counter}`, phoneNumber: '+1 5551234567', password });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${await created.text()}`);
  await t.db.query('update users set "emailVerifiedAt" = $2 where email = $1', [email, new Date().toISOString()]);
  const login = await post('/api/Account/Login', { email, password });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const body = await login.json();
  return { id: body.user.id, token: body.token, email };
}

// Which API process a socket is on: the API names itself (X-Served-By) on the WebSocket handshake's answer, which
// socket.io-client does not expose; the `ws` socket under it emits 'upgrade' with that answer. Its prototype is
// patched once to keep the header on the socket.
let upgradesWatched = false;
function watchUpgrades(socket) {
  if (upgradesWatched) return;
  const ws = socket.io.engine?.transport?.ws;
  if (!ws) return;
  const proto = Object.getPrototypeOf(ws);
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === 'upgrade') this.servedBy = args[0]?.headers?.['x-served-by'] ?? null;
    return emit.call(this, event, ...args);
  };
  upgradesWatched = true;
}

/**
 * A chat client as the site's ChatController: WebSocket only, reconnects by itself with the site's settings
 * (SOCKET_RECONNECTION), resends every message not yet acknowledged (same clientId) after reconnecting, and catches up
 * on what it missed through the REST history. Counted apart: each message's live deliveries (never more than one)
 * and those only the catch-up found; each outage (disconnect to connect) and the process each connection reached.
 */
export function chatClient(t, me, counterpartId) {
  const socket = io(t.site, {
    transports: ['websocket'],
    forceNew: true,
    auth: { token: `Bearer ${me.token}` },
    query: { userId: String(me.id) },
    ...SOCKET_RECONNECTION,
  });
  watchUpgrades(socket);
  const pending = new Map();
  const acked = new Map();
  const live = new Map();
  const caughtUp = new Set();
  const failures = [];
  const outages = [];
  const servedBy = [];
  let disconnectedAt = null;
  let disconnects = 0;
  let connects = 0;
  // Each message is in flight at most once: sent when written and again only after its acknowledgement timed out
  // (its connection closed before the answer) or on the next connect. Re-sending every pending message whenever
  // another was written multiplied the rate on a slow machine and ran into the per-member limit.
  const inFlight = new Set();
  const emit = (clientId) => {
    const payload = pending.get(clientId);
    if (!payload || inFlight.has(clientId) || !socket.connected) return;
    inFlight.add(clientId);
    socket.timeout(5000).emit('sendMessage', payload, (err, ack) => {
      inFlight.delete(clientId);
      if (!pending.has(clientId)) return;
      if (err) return emit(clientId); // not acknowledged: sent again now if connected, else after the next connect
      if (ack.ok) {
        pending.delete(clientId);
        acked.set(clientId, ack.message.id);
      } else {
        pending.delete(clientId);
        failures.push(ack.message);
      }
    });
  };
  const flush = () => {
    for (const clientId of pending.keys()) emit(clientId);
  };
  const keyOf = (message) => message.clientId ?? `id:${message.id}`;
  const catchUp = async () => {
    if (counterpartId === undefined) return;
    const response = await fetch(`${t.site}/api/Chat/Messages/${counterpartId}?limit=100`, { headers: { authorization: `Bearer ${me.token}` } });
    if (!response.ok) return;
    const page = await response.json();
    for (const message of page.messages) if (message.receiverId === me.id && !live.has(keyOf(message))) caughtUp.add(keyOf(message));
  };
  socket.on('connect', () => {
    connects += 1;
    servedBy.push(socket.io.engine?.transport?.ws?.servedBy ?? null);
    if (disconnectedAt !== null) outages.push({ from: disconnectedAt, ms: Date.now() - disconnectedAt });
    disconnectedAt = null;
    flush();
    void catchUp();
  });
  const events = [];
  socket.on('disconnect', (reason) => {
    disconnects += 1;
    disconnectedAt = Date.now();
    events.push(`disconnect: ${reason}`);
  });
  socket.on('connect_error', (error) => events.push(`connect_error: ${error.message}`));
  socket.io.on('reconnect_attempt', (n) => events.push(`reconnect_attempt ${n}`));
  socket.on('newMessage', (message) => {
    if (message.receiverId === me.id) live.set(keyOf(message), (live.get(keyOf(message)) ?? 0) + 1);
  });
  return {
    socket,
    events,
    pending,
    acked,
    live,
    caughtUp,
    failures,
    outages,
    servedBy,
    /** Every message this member has, live or caught up, by clientId. */
    get received() {
      return new Set([...live.keys(), ...caughtUp]);
    },
    get disconnects() {
      return disconnects;
    },
    get connects() {
      return connects;
    },
    send(receiverId, clientId, text) {
      pending.set(clientId, { receiverId, text, clientId });
      emit(clientId);
    },
    catchUp,
    close: () => socket.disconnect(),
  };
}

/** The p-th percentile (0–100) of a list of numbers, nearest rank; null for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * HTTP traffic as members make it, `perSecond` requests a second through the proxy, reads (GET) and writes (POST)
 * alternating, each sent without waiting for the previous one. `retries`: how many times a failed request is sent
 * again (a client's retry); failures are counted on the first attempt and after the retries.
 */
export function httpTraffic(t, members, { perSecond = 20, retries = 0 } = {}) {
  const counts = { sent: 0, ok: 0, firstAttemptFailed: [], failed: [] };
  let n = 0;
  const inFlight = new Set();
  // A connection per request, as nginx's own clients on the Internet mostly are: a keep-alive connection that nginx
  // closes as its workers are replaced (the reload that takes a process out of rotation) fails a request sent on it in
  // that instant, which browsers send again by themselves and node's fetch does not.
  const once = (write, member, counterpart) =>
    new Promise((resolve) => {
      const request = http.request(
        `${t.site}${write ? `/api/Chat/MarkRead/${counterpart.id}` : '/api/Chat/Conversations'}`,
        { method: write ? 'POST' : 'GET', agent: false, headers: { authorization: `Bearer ${member.token}` }, timeout: 15_000 },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode >= 200 && response.statusCode < 300 ? null : `${write ? 'POST' : 'GET'} ${response.statusCode}`));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', (error) => resolve(`${write ? 'POST' : 'GET'} ${error.message}`));
      request.end();
    });
  const timer = setInterval(() => {
    const i = n++;
    const [member, counterpart] = members[i % members.length];
    const write = i % 2 === 1;
    counts.sent += 1;
    const request = (async () => {
      let failure = await once(write, member, counterpart);
      if (failure) counts.firstAttemptFailed.push(failure);
      for (let attempt = 0; failure && attempt < retries; attempt++) failure = await once(write, member, counterpart);
      if (failure) counts.failed.push(failure);
      else counts.ok += 1;
    })();
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }, 1000 / perSecond);
  return {
    counts,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return counts;
    },
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check, what, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
}
