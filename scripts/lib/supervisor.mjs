// Supervision for `npm run start:cluster` (decision 0047): a process that dies is started again with back-off, a
// group of processes is restarted one at a time waiting for readiness between them, and `npm run cluster -- …`
// asks for that over a control socket in the cluster's runtime folder (.runtime/cluster-<port>/control.sock).
import fs from 'node:fs';
import http from 'node:http';

/** Back-off before restarting a process that died: 0.5 s, doubling to 10 s; a process up 30 s starts again at 0.5 s. */
export const RESTART_BACKOFF = { firstMs: 500, maxMs: 10_000, resetAfterMs: 30_000 };

const exited = (child) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once the child has exited; SIGKILL after `killAfterMs` if it has not by then. */
function stopChild(child, signal, killAfterMs) {
  return new Promise((resolve) => {
    if (!child || exited(child)) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * One supervised process.
 * @param {object} options
 * @param {string} options.name
 * @param {() => import('node:child_process').ChildProcess} options.launch  spawns it (through childProcesses)
 * @param {string} options.readyUrl  answers 2xx once it should be sent traffic
 * @param {{ stopping: boolean, untilUp: Function }} options.processes
 * @param {(message: string) => void} options.log
 * @param {number} [options.port]
 * @param {number} [options.stopTimeoutMs]  SIGKILL if a deliberate stop takes longer (its drain's own limit is shorter)
 */
export function supervise({ name, launch, readyUrl, processes, log, port = null, stopTimeoutMs = 30_000, backoff = RESTART_BACKOFF }) {
  let child = null;
  let startedAt = 0;
  let failures = 0;
  let restarts = 0;
  let timer = null;
  let deliberate = false;

  const spawnOne = () => {
    startedAt = Date.now();
    const current = launch();
    child = current;
    current.on('exit', (code, signal) => {
      if (processes.stopping || deliberate || current !== child) return;
      const upFor = Date.now() - startedAt;
      if (upFor >= backoff.resetAfterMs) failures = 0;
      const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures);
      failures += 1;
      log(`${name} (pid ${current.pid}) exited (${signal ?? code}) after ${(upFor / 1000).toFixed(1)} s; restarting it in ${(delay / 1000).toFixed(1)} s`);
      timer = setTimeout(() => {
        timer = null;
        if (processes.stopping || deliberate) return;
        restarts += 1;
        const fresh = spawnOne();
        processes.untilUp(fresh, readyUrl).then((up) => {
          if (fresh === child && !processes.stopping) log(up ? `${name} is back (pid ${fresh.pid}, restart ${restarts})` : `${name} (pid ${fresh.pid}) did not come up`);
        });
      }, delay);
    });
    return current;
  };

  return {
    name,
    port,
    get pid() {
      return child && !exited(child) ? child.pid : null;
    },
    get restarts() {
      return restarts;
    },
    get child() {
      return child;
    },
    /** Starts it; resolves whether it came up. */
    start() {
      return processes.untilUp(spawnOne(), readyUrl);
    },
    /**
     * Stops it with SIGTERM (it drains), starts it again and waits for its readiness.
     * @returns {Promise<{ oldPid: number | null, pid: number, up: boolean, seconds: number }>}
     */
    async restart() {
      const began = Date.now();
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      const old = child;
      const oldPid = old && !exited(old) ? old.pid : null;
      deliberate = true;
      try {
        await stopChild(old, 'SIGTERM', stopTimeoutMs);
      } finally {
        deliberate = false;
      }
      if (processes.stopping) return { oldPid, pid: null, up: false, seconds: 0 };
      failures = 0;
      restarts += 1;
      const fresh = spawnOne();
      const up = await processes.untilUp(fresh, readyUrl);
      return { oldPid, pid: fresh.pid, up, seconds: (Date.now() - began) / 1000 };
    },
    /** Sends a signal to the running process (the supervisor restarts it when it dies). */
    kill(signal = 'SIGTERM') {
      return new Promise((resolve) => {
        const current = child;
        if (!current || exited(current)) return resolve();
        current.once('exit', () => resolve());
        current.kill(signal);
      });
    },
    /** Stops restarting it (the whole cluster is stopping; childProcesses stops the process itself). */
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Restarts the group's processes one at a time, each ready before the next stops: there is always one serving.
 * @param {ReturnType<typeof supervise>[]} group
 * @param {(line: string) => void} say
 * @param {{ beforeStop?: (member: object) => Promise<void> | void, afterReady?: (member: object) => Promise<void> | void }} [hooks]
 *   what takes a process out of the proxy's rotation before it stops, and puts it back once it is ready
 * @returns {Promise<boolean>} whether every one came back
 */
export async function rollingRestart(group, say, { beforeStop = async () => {}, afterReady = async () => {} } = {}) {
  for (const member of group) {
    await beforeStop(member);
    say(`${member.name}: stopping pid ${member.pid ?? '(not running)'} (SIGTERM: it drains)…`);
    const result = await member.restart();
    if (!result.up) {
      // Back in rotation all the same: the proxy's passive checks keep it out while it does not answer.
      await afterReady(member);
      say(`${member.name}: pid ${result.pid} did not become ready; stopping the roll here`);
      return false;
    }
    await afterReady(member);
    say(`${member.name}: ready again as pid ${result.pid} after ${result.seconds.toFixed(1)} s`);
  }
  return true;
}

/**
 * The control socket `npm run cluster -- …` talks to (HTTP over a unix socket, reachable by this machine's users who
 * can open the runtime folder only):
 *   GET /status            the processes, their ids, ports and restart counts (JSON)
 *   POST /restart/<group>  a rolling restart of `api`, `pages` or one process by name (`api-2`), its progress as lines
 * @param {string} socketPath
 * @param {Record<string, ReturnType<typeof supervise>[]>} groups  e.g. { api: [...], pages: [...] }
 * @param {(message: string) => void} [log]  the cluster's own output, where each step is said too
 * @param {Parameters<typeof rollingRestart>[2]} [hooks]
 */
export async function startControlServer(socketPath, groups, log = console.log, hooks = {}) {
  let rolling = null;
  const everyone = Object.values(groups).flat();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    if (request.method === 'GET' && url.pathname === '/status') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ rolling, processes: everyone.map((p) => ({ name: p.name, pid: p.pid, port: p.port, restarts: p.restarts })) }));
      return;
    }
    const match = /^\/restart\/([a-z0-9-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && match) {
      const what = match[1];
      const group = groups[what] ?? everyone.filter((p) => p.name === what);
      if (group.length === 0) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end(`nothing called "${what}": say ${[...Object.keys(groups), ...everyone.map((p) => p.name)].join(', ')}\n`);
        return;
      }
      if (rolling) {
        response.writeHead(409, { 'content-type': 'text/plain' });
        response.end(`a restart of ${rolling} is already under way\n`);
        return;
      }
      rolling = what;
      response.writeHead(200, { 'content-type': 'text/plain' });
      const say = (line) => {
        log(`[cluster] ${line}`);
        response.write(`${line}\n`);
      };
      rollingRestart(group, say, hooks)
        .then((ok) => response.end(ok ? 'done\n' : 'failed\n'))
        .catch((error) => response.end(`failed: ${error.message}\n`))
        .finally(() => {
          rolling = null;
        });
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('GET /status or POST /restart/<api|pages|name>\n');
  });
  // A socket file left by a cluster that was killed: nobody answers on it.
  if (fs.existsSync(socketPath)) {
    const answered = await new Promise((resolve) => {
      const probe = http.get({ socketPath, path: '/status', timeout: 1000 }, (res) => {
        res.resume();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
      probe.on('timeout', () => {
        probe.destroy();
        resolve(false);
      });
    });
    if (answered) throw new Error(`another cluster is running on this site's port (its control socket ${socketPath} answers)`);
    fs.rmSync(socketPath, { force: true });
  }
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

/** Talks to a running cluster's control socket: the response's lines go to `onLine`; resolves with the status code. */
export function controlRequest(socketPath, method, requestPath, onLine = () => {}) {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method, path: requestPath }, (response) => {
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          onLine(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
        }
      });
      response.on('end', () => {
        if (buffered) onLine(buffered);
        resolve(response.statusCode ?? 0);
      });
    });
    request.on('error', reject);
    request.end();
  });
}
