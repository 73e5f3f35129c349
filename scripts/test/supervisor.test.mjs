// start:cluster's supervision (scripts/lib/supervisor.mjs, decision 0047) on small stand-in processes: one that dies is
// started again with back-off and said so; a rolling restart through the control socket restarts a group one process
// at a time, each ready (and back in the proxy's rotation) before the next stops; Ctrl-C's stopAll stops restarted
// processes too. Starts no cluster: each stand-in is a tiny HTTP server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { childProcesses } from '../lib/suite.mjs';
import { controlRequest, startControlServer, supervise } from '../lib/supervisor.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-supervisor-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const script = path.join(dir, 'server.mjs');
fs.writeFileSync(
  script,
  `import http from 'node:http';
const server = http.createServer((request, response) => response.end(String(process.pid)));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => process.exit(0));
`,
);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const running = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (check, what) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

async function standIns(names, log) {
  const processes = childProcesses({ log: () => undefined });
  const members = [];
  for (const name of names) {
    const port = await freePort();
    members.push(
      supervise({
        name,
        port,
        processes,
        log,
        readyUrl: `http://127.0.0.1:${port}/`,
        launch: () => processes.spawnNode(name, script, { PORT: String(port) }, { logExit: false }),
        backoff: { firstMs: 200, maxMs: 400, resetAfterMs: 30_000 },
      }),
    );
  }
  assert.deepEqual(await Promise.all(members.map((m) => m.start())), names.map(() => true));
  return { processes, members };
}

test('a process that dies is started again, with back-off, and said so; stopAll stops the restarted one', { timeout: 30_000 }, async () => {
  const lines = [];
  const { processes, members } = await standIns(['api-1'], (line) => lines.push(line));
  const [api] = members;
  const first = api.pid;
  await api.kill('SIGKILL');
  await until(() => api.pid && api.pid !== first, 'a new process');
  const second = api.pid;
  await until(() => fetch(`http://127.0.0.1:${api.port}/`).then((r) => r.ok, () => false), 'the new process to answer');
  // Dying again at once doubles the wait (200 ms, then 400 ms here).
  await api.kill('SIGKILL');
  await until(() => api.pid && api.pid !== second, 'a third process');
  assert.equal(api.restarts, 2);
  assert.match(lines[0], new RegExp(`^api-1 \\(pid ${first}\\) exited \\(SIGKILL\\) after [\\d.]+ s; restarting it in 0\\.2 s$`));
  assert.ok(lines.some((l) => new RegExp(`^api-1 \\(pid ${second}\\) exited \\(SIGKILL\\) after [\\d.]+ s; restarting it in 0\\.4 s$`).test(l)), lines.join('\n'));
  const third = api.pid;
  await processes.stopAll();
  api.cancel();
  await until(() => !running(third), 'the restarted process to stop');
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.equal(api.pid, null, 'nothing is started once the cluster is stopping');
});

test('`restart <group>` over the control socket restarts one process at a time, each ready and back in rotation before the next', { timeout: 30_000 }, async () => {
  const { processes, members } = await standIns(['api-1', 'api-2'], () => undefined);
  const events = [];
  // The stand-ins say who answered: a member is "ready" when its new process answers.
  const socketPath = path.join(dir, 'control.sock');
  const control = await startControlServer(socketPath, { api: members }, () => undefined, {
    beforeStop: (m) => events.push(`out ${m.name} (others: ${members.filter((o) => o !== m).map((o) => (o.pid ? 'up' : 'down')).join()})`),
    afterReady: (m) => events.push(`in ${m.name}`),
  });
  try {
    const before = members.map((m) => m.pid);
    let status = '';
    assert.equal(await controlRequest(socketPath, 'GET', '/status', (line) => (status += line)), 200);
    assert.deepEqual(JSON.parse(status).processes.map((p) => [p.name, p.pid]), [['api-1', before[0]], ['api-2', before[1]]]);

    const lines = [];
    const rolling = controlRequest(socketPath, 'POST', '/restart/api', (line) => lines.push(line));
    await until(() => lines.length > 0, 'the roll to start');
    // One roll at a time.
    const refused = [];
    assert.equal(await controlRequest(socketPath, 'POST', '/restart/api-1', (line) => refused.push(line)), 409);
    assert.equal(await rolling, 200);
    assert.equal(lines.at(-1), 'done');
    assert.deepEqual(events, ['out api-1 (others: up)', 'in api-1', 'out api-2 (others: up)', 'in api-2']);
    members.forEach((m, i) => assert.notEqual(m.pid, before[i]));
    assert.ok(before.every((pid) => !running(pid)), 'the old processes are gone');
    assert.match(lines[0], new RegExp(`^api-1: stopping pid ${before[0]} \\(SIGTERM: it drains\\)…$`));
    assert.match(lines[1], new RegExp(`^api-1: ready again as pid ${members[0].pid} after [\\d.]+ s$`));

    const unknown = [];
    assert.equal(await controlRequest(socketPath, 'POST', '/restart/api-9', (line) => unknown.push(line)), 404);
    assert.match(unknown.join(' '), /nothing called "api-9": say api, api-1, api-2/);
  } finally {
    await control.close();
    members.forEach((m) => m.cancel());
    await processes.stopAll();
  }
});
