// The server benchmarks (server/bench/*.bench.ts), each in a process of its own, for `npm run bench` and its smoke run:
// their figures, and which of them broke and how. A bench that breaks must fail the run, never just print less.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const TAIL_LINES = 15;
/** Benches running now: their process groups are ended with this process (Ctrl-C, or CI cancelling the job). */
const running = new Set();
let signalsHandled = false;
function endRunningOnSignals() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const pid of running) killGroup(pid);
      process.exit(130);
    });
  }
}
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** The `*.bench.ts` files of `dir`, in name order. */
export function benchFiles(dir) {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort() : [];
}

/** One figure line: {"group","metric","value","unit","goal","met"}; anything else is not one. */
function parseFigure(line) {
  try {
    const row = JSON.parse(line);
    if (row && typeof row === 'object' && typeof row.group === 'string' && typeof row.metric === 'string' && 'value' in row) return row;
  } catch {
    /* not JSON */
  }
  return null;
}

/**
 * Runs one bench with tsx (its stderr passed through as it comes) and judges it: broken when it exits other than 0,
 * is killed or outlives `timeoutMs` (its whole process group is killed then, the servers it started with it), prints
 * a line starting with `{` that is not a figure, prints no figure at all, or prints a figure whose value is 'failed'.
 */
export function runBench({ root, dir, file, env, timeoutMs, stderr = process.stderr }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(dir, file)], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a timeout ends the bench and every server it started.
      detached: true,
    });
    running.add(child.pid);
    let stdout = '';
    const tail = [];
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      tail.push(...lines.filter((l) => l.trim() !== ''));
      tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
    });
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          killGroup(child.pid);
        }, timeoutMs)
      : null;
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      running.delete(child.pid);
      // Whatever it started and left behind (a server it did not stop) ends with it.
      killGroup(child.pid);
      if (partial.trim() !== '') tail.push(partial);
      const rows = [];
      const problems = [];
      for (const line of stdout.split('\n')) {
        if (line.trim() === '') continue;
        const row = line.startsWith('{') ? parseFigure(line) : null;
        if (row) rows.push(row);
        else if (line.startsWith('{')) problems.push(`printed a line that is not a figure: ${line.slice(0, 200)}`);
        else stderr.write(`${line}\n`);
      }
      if (timedOut) problems.unshift(`did not finish within ${Math.round(timeoutMs / 1000)} s (killed)`);
      else if (signal) problems.unshift(`was killed by ${signal}`);
      else if (code !== 0) problems.unshift(`exited with ${code}`);
      if (rows.length === 0) problems.push('printed no figure');
      for (const row of rows) if (row.value === 'failed') problems.push(`reported "${row.group}: ${row.metric}" failed`);
      const seconds = (Date.now() - started) / 1000;
      resolve({ file, rows, seconds, failure: problems.length > 0 ? { bench: file, reason: problems.join('; '), tail: [...tail] } : null });
    });
  });
}

/**
 * Every bench of `dir` (or those `only` names, as `api` for api.bench.ts), `concurrency` at a time (the smoke run's benches measure nothing, so two may share the cores).
 * Returns all figures in file order, the time each bench took, and the failures (empty when every bench ran to its figures).
 */
export async function runServerBenches({ root, dir, env, timeoutMs, concurrency = 1, only = null, onProgress = () => undefined, stderr }) {
  endRunningOnSignals();
  const files = benchFiles(dir).filter((f) => !only || only.includes(f.replace(/\.bench\.ts$/, '')));
  if (only && files.length !== only.length) throw new Error(`--only names no bench of ${dir}: ${only.filter((n) => !files.includes(`${n}.bench.ts`)).join(', ')}`);
  const results = new Array(files.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      onProgress(`running ${path.relative(root, path.join(dir, files[i]))}…`);
      results[i] = await runBench({ root, dir, file: files[i], env, timeoutMs, stderr });
      onProgress(`${files[i]}: ${results[i].failure ? 'FAILED' : 'done'} in ${results[i].seconds.toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));
  return {
    rows: results.flatMap((r) => r.rows),
    seconds: Object.fromEntries(results.map((r) => [r.file, r.seconds])),
    failures: results.flatMap((r) => (r.failure ? [r.failure] : [])),
  };
}

/** The failures as the run's last words: which bench, why, and the end of what it said on stderr. */
export function describeFailures(failures) {
  return failures
    .map((f) => [`FAILED ${f.bench}: ${f.reason}`, ...(f.tail.length > 0 ? [`  its last lines on stderr:`, ...f.tail.map((l) => `    ${l}`)] : [])].join('\n'))
    .join('\n');
}
