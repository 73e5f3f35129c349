#!/usr/bin/env node
// `npm test`: typecheck, lint, every workspace's jest suite, then the Playwright e2e suite against the
// built product. Prints one closing line: "total: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/apps.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportDir = path.join(root, '.runtime', 'reports');
fs.mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failures = [];

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, ...options });
  const ok = result.status === 0;
  console.log(`--- ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failures.push(label);
  return ok;
}

/** Like run(), without waiting: the output is held and printed whole when the step ends, so parallel steps do not interleave. */
function runQuietly(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      process.stdout.write(`\n=== ${label} ===\n${Buffer.concat(output).toString()}`);
      console.log(`--- ${label}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (!ok) failures.push(label);
      resolve(ok);
    });
  });
}

// The typechecks and the lint are independent single-threaded programs: one per core at a time (on CI's two cores this
// halves their three minutes).
const typecheckProjects = ['server', 'shared', 'ui', 'shell', 'mf-marketing', 'mf-auth', 'mf-chat', 'mf-profile', 'mf-directory', 'mf-projects', 'mf-admin', 'e2e'];
const typecheck = (project) => [`typecheck ${project}`, bin('tsc'), ['-p', project]];
// The longest two (the server's typecheck, the lint) first, so the last to start are short ones.
const staticChecks = [typecheck('server'), ['lint', bin('eslint'), ['.', '--max-warnings=0']], ...typecheckProjects.slice(1).map(typecheck)];
{
  const queue = [...staticChecks];
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      if (await runQuietly(...step)) totals.passed += 1;
      else totals.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, os.availableParallelism())) }, worker));
}

// The scripts' own tests (the build cache of `npm start` and `npm run dev`), on node's test runner.
const scriptsReport = path.join(reportDir, 'scripts.tap');
run('scripts tests (node --test)', process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${scriptsReport}`, 'scripts/test/']);
try {
  const tap = fs.readFileSync(scriptsReport, 'utf8');
  totals.passed += Number(/^# pass (\d+)$/m.exec(tap)[1]);
  totals.failed += Number(/^# fail (\d+)$/m.exec(tap)[1]);
} catch {
  totals.failed += 1;
}

const jestReport = path.join(reportDir, 'jest.json');
// --forceExit: one handle a suite leaves open (seen once, when jest ran the suites in its own process, after a failed
// React test whose root was never unmounted) would keep the run alive after its report is written and hang CI; the
// workers (jest.config.cjs) make that rarer, not impossible. `npx jest --detectOpenHandles` names such a handle; a run with it on the whole suite found none.
run('unit and integration tests (jest)', bin('jest'), ['--ci', '--forceExit', '--json', `--outputFile=${jestReport}`]);
try {
  const report = JSON.parse(fs.readFileSync(jestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
} catch {
  totals.failed += 1;
}

if (process.env.SKIP_E2E === '1') {
  console.log('\nSKIP_E2E=1: the e2e suite was not run (never set in CI).');
} else {
  const chromium = ensureChromium();
  if (!chromium) {
    failures.push('e2e (no Chromium)');
    totals.failed += 1;
  } else {
    const e2eReport = path.join(reportDir, 'e2e.json');
    run('build (production)', process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
    run('end-to-end tests (playwright, Debian chromium)', bin('playwright'), ['test'], {
      env: { ...process.env, FORCE_COLOR: '0', CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    });
    try {
      const report = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
      totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
      totals.failed += report.stats.unexpected;
    } catch {
      totals.failed += 1;
    }
    // The suite's cluster part (e2e/cluster): the same build on several processes behind nginx (npm run start:cluster).
    const clusterReport = path.join(reportDir, 'e2e-cluster.json');
    run('end-to-end tests, cluster part (nginx, two API processes, PostgreSQL, Redis)', bin('playwright'), ['test'], {
      env: { ...process.env, FORCE_COLOR: '0', CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: clusterReport, E2E_TOPOLOGY: 'cluster' },
    });
    try {
      const report = JSON.parse(fs.readFileSync(clusterReport, 'utf8'));
      totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
      totals.failed += report.stats.unexpected;
    } catch {
      totals.failed += 1;
    }
  }
}

console.log('');
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length || totals.failed ? 1 : 0);
