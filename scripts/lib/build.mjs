// Builds the front-end apps that are missing or older than their sources (two at a time on 2 cores).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { frontends, root } from './apps.mjs';

function newestMtime(dir) {
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

export function needsBuild(app) {
  const dir = path.join(root, app.dir);
  const stamp = path.join(dir, 'dist', stampName);
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(dir, 'src')),
    fs.statSync(path.join(dir, 'webpack.config.cjs')).mtimeMs,
    newestMtime(path.join(root, 'shared', 'src')),
    newestMtime(path.join(root, 'scripts', 'webpack')),
  );
  return sources > built;
}

function buildOne(app) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'], {
      cwd: path.join(root, app.dir),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`build of ${app.dir} failed (exit ${code})`));
      fs.writeFileSync(path.join(root, app.dir, 'dist', stampName), new Date().toISOString());
      const seconds = (Date.now() - started) / 1000;
      console.log(`built ${app.dir} in ${seconds.toFixed(1)} s`);
      resolve(seconds);
    });
  });
}

/** @returns {Promise<Record<string, number>>} build seconds per app that was built */
export async function buildFrontends({ force = false, only = null, concurrency = 2 } = {}) {
  const queue = frontends.filter((app) => (!only || only.includes(app.dir)) && (force || needsBuild(app)));
  const times = {};
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    while (queue.length) {
      const app = queue.shift();
      times[app.dir] = await buildOne(app);
    }
  });
  await Promise.all(workers);
  return times;
}
