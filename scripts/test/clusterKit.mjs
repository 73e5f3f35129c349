// What the cluster tests share (no tests of its own): a cluster on a fresh database of its own, members signed up
// through the proxy, and a chat client that behaves as the site's (scripts/test/cluster*.test.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { resolveClusterConfig, startCluster } from '../lib/cluster.mjs';

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

/**
 * A chat client as the site's ChatController: WebSocket only, reconnects by itself, resends every message not yet
 * acknowledged (same clientId) after reconnecting, and catches up on what it missed through the REST history.
 */
export function chatClient(t, me, counterpartId) {
  const socket = io(t.site, {
    transports: ['websocket'],
    forceNew: true,
    auth: { token: `Bearer ${me.token}` },
    query: { userId: String(me.id) },
    reconnection: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const pending = new Map();
  const acked = new Map();
  const received = new Map();
  const failures = [];
  let disconnects = 0;
  let connects = 0;
  const flush = () => {
    for (const [clientId, payload] of pending) {
      socket.timeout(5000).emit('sendMessage', payload, (err, ack) => {
        if (err) return; // not acknowledged: sent again after the next connect
        if (!pending.has(clientId)) return;
        if (ack.ok) {
          pending.delete(clientId);
          acked.set(clientId, ack.message.id);
        } else failures.push(ack.message);
      });
    }
  };
  const take = (message) => {
    if (message.receiverId === me.id) received.set(message.clientId ?? `id:${message.id}`, (received.get(message.clientId ?? `id:${message.id}`) ?? 0) + 1);
  };
  const catchUp = async () => {
    if (counterpartId === undefined) return;
    const response = await fetch(`${t.site}/api/Chat/Messages/${counterpartId}?limit=100`, { headers: { authorization: `Bearer ${me.token}` } });
    if (!response.ok) return;
    const page = await response.json();
    for (const message of page.messages) if (message.receiverId === me.id && !received.has(message.clientId ?? `id:${message.id}`)) take(message);
  };
  socket.on('connect', () => {
    connects += 1;
    flush();
    void catchUp();
  });
  const events = [];
  socket.on('disconnect', (reason) => {
    disconnects += 1;
    events.push(`disconnect: ${reason}`);
  });
  socket.on('connect_error', (error) => events.push(`connect_error: ${error.message}`));
  socket.io.on('reconnect_attempt', (n) => events.push(`reconnect_attempt ${n}`));
  socket.on('newMessage', take);
  return {
    socket,
    events,
    pending,
    acked,
    received,
    failures,
    get disconnects() {
      return disconnects;
    },
    get connects() {
      return connects;
    },
    send(receiverId, clientId, text) {
      pending.set(clientId, { receiverId, text, clientId });
      if (socket.connected) flush();
    },
    catchUp,
    close: () => socket.disconnect(),
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
