// A bench that breaks fails `npm run bench` (and its smoke run in CI), naming what broke: a throw, a process that ends
// before its bench has finished, no figure at all, a 'failed' figure, a bench that never ends. Fake benches in a temp
// folder, run as the real ones are (tsx, server/bench/benchKit.ts's runBench). Run by `npm test`; starts no server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { root } from '../lib/apps.mjs';
import { runBench, runServerBenches } from '../lib/serverBenches.mjs';

const kit = JSON.stringify(path.join(root, 'server', 'bench', 'benchKit.ts'));
const figure = (metric) => `process.stdout.write(JSON.stringify({ group: 'fake', metric: ${JSON.stringify(metric)}, value: 1, unit: 'ms', goal: '', met: null }) + '\\n');`;
const benches = {
  'fine.bench.ts': `import { runBench } from ${kit};\nrunBench('fine', async () => { ${figure('fine')} });`,
  'throws.bench.ts': `import { runBench } from ${kit};\nrunBench('throws', async () => { ${figure('before the throw')} throw new Error('the sign-up was refused'); });`,
  // What search.bench did: a figure, then an await that nothing would ever resolve, and an event loop with nothing left.
  'stops.bench.ts': `import { runBench } from ${kit};\nrunBench('stops', async () => { ${figure('before the stop')} await new Promise(() => undefined); ${figure('never')} });`,
  'silent.bench.ts': `import { runBench } from ${kit};\nrunBench('silent', async () => undefined);`,
  'reports.bench.ts': `import { runBench } from ${kit};\nrunBench('reports', async () => { process.stdout.write(JSON.stringify({ group: 'fake', metric: 'run', value: 'failed', unit: '', goal: '', met: false }) + '\\n'); });`,
};
const hangs = `${figure('before the hang')}\nsetInterval(() => undefined, 1000);`;

let dir;
let result;
let hung;
const stderr = { write: () => true };
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-fake-benches-'));
  for (const [file, source] of Object.entries(benches)) fs.writeFileSync(path.join(dir, file), `${source}\n`);
  fs.mkdirSync(path.join(dir, 'alone'));
  fs.writeFileSync(path.join(dir, 'alone', 'hangs.bench.ts'), `${hangs}\n`);
  [result, hung] = await Promise.all([
    runServerBenches({ root, dir, env: process.env, timeoutMs: 120_000, concurrency: Object.keys(benches).length, stderr }),
    runBench({ root, dir: path.join(dir, 'alone'), file: 'hangs.bench.ts', env: process.env, timeoutMs: 3_000, stderr }),
  ]);
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const failureOf = (file) => result.failures.find((f) => f.bench === file);

test('a bench that prints its figures and finishes is no failure, and its figures are kept', () => {
  assert.equal(failureOf('fine.bench.ts'), undefined);
  assert.ok(result.rows.some((r) => r.metric === 'fine'));
});

test('a bench that throws fails the run with its error', () => {
  const failure = failureOf('throws.bench.ts');
  assert.match(failure.reason, /exited with 1/);
  assert.ok(failure.tail.some((l) => l.includes('the sign-up was refused')), failure.tail.join('\n'));
});

test('a bench whose process ends before the bench has finished fails the run, though it printed a figure', () => {
  const failure = failureOf('stops.bench.ts');
  assert.match(failure.reason, /exited with 1/);
  assert.ok(failure.tail.some((l) => l.includes('ending before the bench had finished')), failure.tail.join('\n'));
  assert.ok(!result.rows.some((r) => r.metric === 'never'));
});

test('a bench that prints no figure, or reports a run failed, fails the run', () => {
  assert.match(failureOf('silent.bench.ts').reason, /printed no figure/);
  assert.match(failureOf('reports.bench.ts').reason, /reported "fake: run" failed/);
});

test('a bench that never ends is killed at the timeout and fails the run', () => {
  assert.match(hung.failure.reason, /did not finish within 3 s \(killed\)/);
  assert.equal(result.failures.length, 4);
});
