// Supervision and draining in `npm run start:cluster` (decision 0047), on two API processes behind nginx, PostgreSQL
// and Redis, as CI has them:
// - `npm run cluster -- restart api` rolls through both API processes under traffic (20 HTTP requests a second,
//   reads and writes, and chat between members on different processes): no request fails (the test's client never
//   retries; nginx may, as configured in deploy/nginx), no message is lost or delivered twice, and every socket is
//   back promptly (the figures are printed; the product's figure for a reconnection is under 2 s at p99).
// - An API process killed with SIGKILL is started again by the supervisor and serves within 10 s; a request cut off
//   by the kill is one a client's single retry absorbs.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { root } from '../lib/apps.mjs';
import { chatClient, httpTraffic, percentile, signUp, sleep, startTestCluster, until } from './clusterKit.mjs';

const SITE_PORT = 28200;
let t;
before(async () => {
  t = await startTestCluster(SITE_PORT, 'rolling');
});
after(async () => {
  await t?.close();
});

/** `npm run cluster -- <args>` against the test's cluster; its lines, each with the time it arrived. */
function clusterCommand(...args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs'), ...args], { cwd: root, env: { ...process.env, SITE_PORT: String(SITE_PORT) } });
    const lines = [];
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        lines.push({ at: Date.now(), text: buffered.slice(0, newline) });
        buffered = buffered.slice(newline + 1);
      }
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, lines, stderr }));
  });
}

test('`npm run cluster -- restart api` rolls through both API processes under traffic and loses nothing', { timeout: 150_000 }, async () => {
  const pairs = [];
  for (let i = 0; i < 6; i++) {
    const [a, b] = await Promise.all([signUp(t), signUp(t)]);
    pairs.push({ a, b, sender: chatClient(t, a, b.id), receiver: chatClient(t, b, a.id) });
  }
  const clients = pairs.flatMap((p) => [p.sender, p.receiver]);
  await until(() => clients.every((c) => c.socket.connected), 'every chat socket to connect');
  // Chat between members on different processes: nginx hashes each member to a process.
  const crossing = pairs.filter((p) => p.sender.servedBy[0] !== p.receiver.servedBy[0]);
  const before = { pids: t.supervisors.api.map((member) => member.pid) };

  const traffic = httpTraffic(t, pairs.map((p) => [p.a, p.b]), { perSecond: 20 });
  // Each sender 2 messages a second (under the per-member limit), from before the roll to after it.
  let sending = true;
  let sent = 0;
  const chat = (async () => {
    for (let n = 0; sending; n++) {
      for (const { sender, b } of pairs) sender.send(b.id, `m-${b.id}-${n}`, `message ${n}`);
      sent = n + 1;
      await sleep(500);
    }
  })();
  await sleep(1500);
  const began = Date.now();
  const roll = await clusterCommand('restart', 'api');
  const rollSeconds = (Date.now() - began) / 1000;
  await sleep(1500);
  sending = false;
  await chat;
  const http = await traffic.stop();

  const state = () => JSON.stringify(pairs.map((p) => ({ pending: [...p.sender.pending.keys()], connected: p.sender.socket.connected, failures: p.sender.failures, events: p.sender.events.slice(0, 8) })));
  await until(() => pairs.every((p) => p.sender.pending.size === 0), 'every message to be acknowledged').catch((error) => {
    throw new Error(`${error.message}: ${state()}`);
  });
  for (const { receiver } of pairs) await receiver.catchUp();
  await until(() => pairs.every((p) => p.receiver.received.size === sent), 'every message to reach its receiver');

  const outages = clients.flatMap((c) => c.outages.map((o) => o.ms));
  const lost = pairs.reduce((sum, p) => sum + (sent - p.receiver.received.size), 0);
  const doubledLive = pairs.flatMap((p) => [...p.receiver.live.values()].filter((times) => times > 1));
  const caughtUp = pairs.reduce((sum, p) => sum + p.receiver.caughtUp.size, 0);
  const storedTwice = [];
  for (const { a, b } of pairs) {
    const stored = await t.db.query('select "clientId", count(*)::int as copies from messages where "senderId" = $1 and "receiverId" = $2 group by "clientId"', [a.id, b.id]);
    assert.equal(stored.rows.length, sent, 'every message stored');
    storedTwice.push(...stored.rows.filter((row) => row.copies !== 1));
  }
  console.log(
    [
      `rolling restart of ${t.supervisors.api.length} API processes in ${rollSeconds.toFixed(1)} s (pids ${before.pids.join(', ')} → ${t.supervisors.api.map((m) => m.pid).join(', ')}):`,
      ...roll.lines.map((line) => `  | ${line.text}`),
      `HTTP: ${http.sent} requests at 20 a second, ${http.ok} answered, ${http.failed.length} failed${http.failed.length ? ` (${http.failed.slice(0, 5).join('; ')})` : ''}`,
      `chat: ${pairs.length} pairs (${crossing.length} across processes), ${pairs.length * sent} messages: ${lost} lost, ${doubledLive.length} delivered twice, ${storedTwice.length} stored twice, ${caughtUp} caught up after a reconnect`,
      `sockets: ${outages.length} reconnections of ${clients.length} sockets, p50 ${percentile(outages, 50)} ms, p99 ${percentile(outages, 99)} ms, max ${Math.max(0, ...outages)} ms`,
    ].join('\n'),
  );

  assert.equal(roll.code, 0, `the restart command failed: ${roll.stderr}${roll.lines.map((l) => l.text).join('\n')}`);
  assert.equal(roll.lines.at(-1)?.text, 'done');
  // Each process was replaced, one at a time, and is serving.
  t.supervisors.api.forEach((member, i) => assert.notEqual(member.pid, before.pids[i]));
  for (const api of t.cluster.apis) assert.equal((await fetch(`http://127.0.0.1:${api.port}/api/health/ready`)).status, 200);
  assert.ok(crossing.length > 0, 'some pairs chat across processes');
  assert.deepEqual(http.failed, []);
  assert.ok(http.ok > 100, `traffic ran through the roll (${http.ok} requests)`);
  for (const { sender } of pairs) assert.deepEqual(sender.failures, []);
  assert.equal(lost, 0);
  assert.deepEqual(doubledLive, []);
  assert.deepEqual(storedTwice, []);
  // Both processes' sockets were moved, each once or twice (a socket moved off the first process may be moved again).
  assert.ok(clients.every((c) => c.disconnects >= 1 && c.socket.connected));
  // The product's figure is 2 s at p99; a CI machine at load is allowed twice that before this fails.
  assert.ok(percentile(outages, 99) < 4000, `socket reconnection p99 ${percentile(outages, 99)} ms`);
  for (const client of clients) client.close();
});

test('an API process killed with SIGKILL is started again and serves within 10 s', { timeout: 60_000 }, async () => {
  const members = [];
  for (let i = 0; i < 2; i++) {
    const [a, b] = await Promise.all([signUp(t), signUp(t)]);
    members.push([a, b]);
  }
  const traffic = httpTraffic(t, members, { perSecond: 20, retries: 1 });
  await sleep(1000);
  const victim = t.supervisors.api[0];
  const api = t.cluster.apis[0];
  const oldPid = victim.pid;
  const killedAt = Date.now();
  await t.stopApi(0, 'SIGKILL');
  let servingAfterMs = null;
  await until(
    async () => {
      const ready = await fetch(`http://127.0.0.1:${api.port}/api/health/ready`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) servingAfterMs = Date.now() - killedAt;
      return ready;
    },
    `${api.name} to serve again`,
    20_000,
  );
  // Through the proxy too, and with a member's request, not only the health route.
  const probe = await fetch(`http://127.0.0.1:${api.port}/api/Chat/Conversations`, { headers: { authorization: `Bearer ${members[0][0].token}` } });
  assert.equal(probe.status, 200);
  await sleep(1000);
  const http = await traffic.stop();
  console.log(
    `SIGKILL of ${api.name} (pid ${oldPid}): serving again as pid ${victim.pid} after ${servingAfterMs} ms (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores); HTTP: ${http.sent} requests, ` +
      `${http.firstAttemptFailed.length} failed on the first attempt (${http.firstAttemptFailed.slice(0, 3).join('; ') || 'none'}), ${http.failed.length} after one retry`,
  );
  assert.notEqual(victim.pid, oldPid);
  // The product's figure is 10 s. A machine running more than a process per core (other builds and tests beside
  // this one) starts a process several times slower; there the figure is printed and only a stuck restart fails.
  const busy = os.loadavg()[0] > os.cpus().length;
  assert.ok(servingAfterMs < (busy ? 30_000 : 10_000), `serving again after ${servingAfterMs} ms (load ${os.loadavg()[0].toFixed(1)})`);
  assert.deepEqual(http.failed, [], 'every request a single retry absorbs');
  assert.ok(http.ok > 20);
});
