// Builds the front-end apps that are missing or older than their sources (two at a time on 2 cores).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { frontends, root } from './apps.mjs';

/** The newest modification time of the sources under `dir` (not node_modules, dist or dot folders); 0 when missing. */
export function newestMtime(dir) {
  let newest = 0;
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

const stampName = '.build-stamp';

export const mtimeOf = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * An app is stale when its build stamp is missing or older than anything it is built from: its sources and
 * webpack config, the shared and ui packages, the webpack factory, and package-lock.json (a changed dependency —
 * React, the router, the federation runtime — changes every bundle and the share list's versions). The chat also
 * serves the embed package's loader (chat-embed/src, bundled by its build).
 * @param {{ dir: string }} app
 * @param {string} [base] the repository root (tests pass a scratch folder)
 */
export function needsBuild(app, base = root) {
  const dir = path.join(base, app.dir);
  const stamp = path.join(dir, 'dist', stampName);
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(dir, 'src')),
    mtimeOf(path.join(dir, 'webpack.config.cjs')),
    newestMtime(path.join(base, 'shared', 'src')),
    newestMtime(path.join(base, 'ui', 'src')),
    newestMtime(path.join(base, 'scripts', 'webpack')),
    mtimeOf(path.join(base, 'package-lock.json')),
    app.dir === 'mf-chat' ? Math.max(newestMtime(path.join(base, 'chat-embed', 'src')), mtimeOf(path.join(base, 'chat-embed', 'build.cjs'))) : 0,
  );
  return sources > built;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this id is running (signal 0 tests without sending anything). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * One build of an app at a time, across processes (several test runs may share a checkout). The lock is a folder
 * holding its owner's process id: a lock whose owner is gone (a build stopped by Ctrl-C or killed) is taken over
 * at once, instead of making the next `npm start` wait in silence for it to age.
 */
export async function withBuildLock(app, fn, { base = root, log = console.log } = {}) {
  const lock = path.join(base, app.dir, '.build-lock');
  const ownerFile = path.join(lock, 'owner');
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let owner = null;
      try {
        owner = Number(fs.readFileSync(ownerFile, 'utf8'));
      } catch {
        owner = null; // being created this instant, or left by a build that died before it wrote its id
      }
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      const abandoned = owner ? !isRunning(owner) : age > 10_000;
      if (abandoned) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!told) {
        log(`waiting for another build of ${app.dir}${owner ? ` (process ${owner})` : ''}…`);
        told = true;
      }
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function runWebpack(app, outputPath) {
  return new Promise((resolve, reject) => {
    const cli = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [cli, '--mode', 'production', '--output-path', outputPath], {
      cwd: path.join(root, app.dir),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${app.dir} failed (exit ${code})`))));
  });
}

async function buildOne(app, force) {
  return withBuildLock(app, async () => {
    if (!force && !needsBuild(app)) return null; // another process built it while we waited
    const started = Date.now();
    const dist = path.join(root, app.dir, 'dist');
    const staging = path.join(root, app.dir, `.dist-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    try {
      await runWebpack(app, staging);
      fs.writeFileSync(path.join(staging, stampName), new Date().toISOString());
      // Swap the finished build in, so a running server never serves half a build.
      const old = `${dist}.old-${process.pid}`;
      if (fs.existsSync(dist)) fs.renameSync(dist, old);
      fs.renameSync(staging, dist);
      fs.rmSync(old, { recursive: true, force: true });
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`built ${app.dir} in ${seconds.toFixed(1)} s`);
    return seconds;
  });
}

/** @returns {Promise<Record<string, number>>} build seconds per app that was built */
export async function buildFrontends({ force = false, only = null, concurrency = 2 } = {}) {
  const queue = frontends.filter((app) => (!only || only.includes(app.dir)) && (force || needsBuild(app)));
  const times = {};
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    while (queue.length) {
      const app = queue.shift();
      const seconds = await buildOne(app, force);
      if (seconds !== null) times[app.dir] = seconds;
    }
  });
  await Promise.all(workers);
  return times;
}
