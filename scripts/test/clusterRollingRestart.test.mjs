// A rolling restart loses nothing: one of the two API processes behind nginx is stopped (SIGTERM) while members chat
// and read through the proxy. Counted: every message stored exactly once and delivered, no HTTP request failed (the
// test's client never retries; nginx may, as configured in deploy/nginx), and only the stopped process's sockets
// were closed. Needs nginx, PostgreSQL and Redis, as CI has them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chatClient, signUp, sleep, startTestCluster, until } from './clusterKit.mjs';

let t;
before(async () => {
  t = await startTestCluster(28200, 'rolling');
});
after(async () => {
  await t?.close();
});

test('stopping one API process during chat and HTTP traffic loses and doubles nothing', { timeout: 120_000 }, async () => {
  const pairs = [];
  for (let i = 0; i < 4; i++) {
    const [a, b] = await Promise.all([signUp(t), signUp(t)]);
    pairs.push({ a, b, sender: chatClient(t, a, b.id), receiver: chatClient(t, b, a.id) });
  }
  const clients = pairs.flatMap((p) => [p.sender, p.receiver]);
  await until(() => clients.every((c) => c.socket.connected), 'every chat socket to connect');

  // HTTP traffic: reads (GET) and writes (POST) as members make them, each sent once and counted.
  const http = { ok: 0, failed: [] };
  let traffic = true;
  const loops = pairs.map(async ({ a, b }, i) => {
    while (traffic) {
      const write = i % 2 === 1;
      const url = write ? `${t.site}/api/Chat/MarkRead/${b.id}` : `${t.site}/api/Chat/Conversations`;
      try {
        const response = await fetch(url, { method: write ? 'POST' : 'GET', headers: { authorization: `Bearer ${a.token}` } });
        await response.arrayBuffer();
        if (response.ok) http.ok += 1;
        else http.failed.push(`${write ? 'POST' : 'GET'} ${response.status}`);
      } catch (error) {
        http.failed.push(`${write ? 'POST' : 'GET'} ${error.message}`);
      }
    }
  });

  // Chat traffic: each sender 2 messages a second (under the per-member limit), the stop in the middle.
  const perSender = 16;
  let stopped = null;
  for (let n = 0; n < perSender; n++) {
    for (const { sender, b } of pairs) sender.send(b.id, `m-${b.id}-${n}`, `message ${n}`);
    if (n === 6) stopped = t.stopApi(0);
    await sleep(500);
  }
  await stopped;
  const state = () => JSON.stringify(pairs.map((p) => ({ pending: [...p.sender.pending.keys()], connected: p.sender.socket.connected, connects: p.sender.connects, failures: p.sender.failures, events: p.sender.events.slice(0, 8) })));
  await until(() => pairs.every((p) => p.sender.pending.size === 0), 'every message to be acknowledged').catch((error) => {
    throw new Error(`${error.message}: ${state()}`);
  });
  for (const { receiver } of pairs) await receiver.catchUp();
  await until(() => pairs.every((p) => p.receiver.received.size === perSender), 'every message to reach its receiver');
  traffic = false;
  await Promise.all(loops);

  const closedBySigterm = clients.filter((c) => c.disconnects > 0).length;
  console.log(`${clients.length} sockets, ${closedBySigterm} closed by the stop and reconnected; ${http.ok} HTTP requests answered, ${http.failed.length} failed`);
  // Only the stopped process's sockets were closed, and they reconnected (through nginx, to the other process).
  assert.ok(closedBySigterm > 0, 'some sockets were on the stopped process');
  assert.ok(closedBySigterm < clients.length, "the other process's sockets stayed connected");
  assert.ok(clients.every((c) => c.socket.connected));
  assert.deepEqual(http.failed, []);
  assert.ok(http.ok > 20);
  for (const { sender, receiver, a, b } of pairs) {
    assert.deepEqual(sender.failures, []);
    assert.equal(sender.acked.size, perSender);
    // Delivered once each (live or caught up after the reconnect), never twice live.
    assert.deepEqual([...receiver.received.values()].filter((times) => times !== 1), []);
    const stored = await t.db.query('select "clientId", count(*)::int as copies from messages where "senderId" = $1 and "receiverId" = $2 group by "clientId"', [a.id, b.id]);
    assert.equal(stored.rows.length, perSender, 'every message stored');
    assert.deepEqual(stored.rows.filter((row) => row.copies !== 1), [], 'no message stored twice');
  }
  for (const client of clients) client.close();
});
