// `npm run bench`'s "API process ready after start" (decision 0047): how long a restarted API process is out of the
// pool. The compiled server is started as production runs it (node --enable-source-maps server/dist/main.js) on a
// database that is already migrated, as in a rolling restart, and timed from the spawn to its first 200 from
// GET /api/health/ready; the median of a few starts.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { root } from './apps.mjs';
import { buildServer, serverEntry } from './serverBuild.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function oneStart(env, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry('main')], { cwd: root, env: { ...env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  let readyMs = null;
  while (!exited && performance.now() - started < 60_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      async (response) => {
        await response.body?.cancel();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await sleep(20);
  }
  if (!exited) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await gone;
  }
  return readyMs;
}

/**
 * @param {NodeJS.ProcessEnv} env  the API's environment (the bench's: its data folder, already prepared by the suite)
 * @param {number} port  a free port for the timed process
 * @returns {Promise<{ medianMs: number | null, runsMs: Array<number | null> }>}
 */
export async function measureApiStart(env, port, runs = 3) {
  await buildServer({ log: () => undefined });
  const runsMs = [];
  for (let i = 0; i < runs; i++) runsMs.push(await oneStart(env, port));
  const done = runsMs.filter((ms) => ms !== null).sort((a, b) => a - b);
  return { medianMs: done.length === runs ? done[Math.floor(runs / 2)] : null, runsMs };
}
