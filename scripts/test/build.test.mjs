// The build cache of `npm start` / `npm run dev`: which apps are stale. Run by `npm test` (node --test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, beforeEach, test } from 'node:test';
import { needsBuild } from '../lib/build.mjs';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-build-cache-'));
const app = { dir: 'mf-demo' };
const at = (file, seconds) => {
  const full = path.join(base, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (!fs.existsSync(full)) fs.writeFileSync(full, '');
  fs.utimesSync(full, seconds, seconds);
};

beforeEach(() => {
  fs.rmSync(base, { recursive: true, force: true });
  for (const file of ['mf-demo/src/index.ts', 'mf-demo/webpack.config.cjs', 'shared/src/index.ts', 'scripts/webpack/createConfig.cjs', 'package-lock.json']) {
    at(file, 1_000);
  }
  at('mf-demo/dist/.build-stamp', 2_000);
});
after(() => fs.rmSync(base, { recursive: true, force: true }));

test('a build newer than everything it is made from is fresh', () => {
  assert.equal(needsBuild(app, base), false);
});

test('a changed package-lock.json makes every app stale', () => {
  at('package-lock.json', 3_000);
  assert.equal(needsBuild(app, base), true);
  assert.equal(needsBuild({ dir: 'shell' }, base), true); // never built
});

test('changed sources, shared code or the webpack factory make the app stale', () => {
  for (const file of ['mf-demo/src/index.ts', 'shared/src/index.ts', 'scripts/webpack/createConfig.cjs', 'mf-demo/webpack.config.cjs']) {
    at(file, 3_000);
    assert.equal(needsBuild(app, base), true, file);
    at(file, 1_000);
  }
});

test('a missing build stamp (never built, or a build that died) is stale', () => {
  fs.rmSync(path.join(base, 'mf-demo/dist/.build-stamp'));
  assert.equal(needsBuild(app, base), true);
});

test('a build lock whose process is gone is taken over at once', async () => {
  const { withBuildLock } = await import('../lib/build.mjs');
  const { spawnSync } = await import('node:child_process');
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
  fs.mkdirSync(path.join(base, 'mf-demo/.build-lock'), { recursive: true });
  fs.writeFileSync(path.join(base, 'mf-demo/.build-lock/owner'), gone);
  const said = [];
  const result = await withBuildLock(app, async () => 'built', { base, log: (line) => said.push(line) });
  assert.equal(result, 'built');
  assert.deepEqual(said, []);
  assert.equal(fs.existsSync(path.join(base, 'mf-demo/.build-lock')), false);
});

test("a build lock held by a running process is waited for, and said so", async () => {
  const { withBuildLock } = await import('../lib/build.mjs');
  fs.mkdirSync(path.join(base, 'mf-demo/.build-lock'), { recursive: true });
  fs.writeFileSync(path.join(base, 'mf-demo/.build-lock/owner'), String(process.pid));
  const said = [];
  let ran = false;
  const waiting = withBuildLock(app, async () => { ran = true; }, { base, log: (line) => said.push(line) });
  await new Promise((resolve) => setTimeout(resolve, 700));
  assert.equal(ran, false);
  assert.deepEqual(said, [`waiting for another build of mf-demo (process ${process.pid})…`]);
  fs.rmSync(path.join(base, 'mf-demo/.build-lock'), { recursive: true, force: true });
  await waiting;
  assert.equal(ran, true);
});
