// The jest suites refuse the network (scripts/jest/offline.cjs): an unmocked request fails the test that made it and
// never reaches a server of another process, such as a developer's `npm start`. Run by `npm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(repo, 'scripts', 'jest', 'fixtures', 'offline');
const reached = [];
let other;

before(async () => {
  // Stands in for the developer's own API on port 3000: it answers 401, which signs a test's member out.
  other = http.createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
});
after(() => new Promise((resolve) => other.close(resolve)));

/** Runs jest with a fixture config; returns each test's title, status and failure text. */
function runJest(config) {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-offline-')), 'report.json');
  spawnSync(process.execPath, [path.join(repo, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', path.join(fixtures, config), '--ci', '--json', '--outputFile', report], {
    cwd: repo,
    env: { ...process.env, OTHER_SERVER: `http://127.0.0.1:${other.address().port}` },
    encoding: 'utf8',
  });
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  return testResults.flatMap((file) => file.assertionResults.map((r) => ({ title: r.title, status: r.status, failure: r.failureMessages.join('\n') })));
}

function expectOutcomes(results) {
  assert.ok(results.length > 0, 'jest ran the fixtures');
  for (const { title, status } of results) assert.equal(status, title.startsWith('passes:') ? 'passed' : 'failed', title);
}

test('browser suites: every unmocked fetch, XMLHttpRequest and WebSocket fails its test, naming it, and reaches nothing', () => {
  const results = runJest('browser.config.cjs');
  expectOutcomes(results);
  const port = other.address().port;
  const failure = (start) => results.find((r) => r.title.startsWith(start)).failure;
  assert.match(failure('fails: an unmocked fetch'), new RegExp(`fetch GET http://127\\.0\\.0\\.1:${port}/api/Chat/UnreadCount`));
  assert.match(failure('fails: an unmocked XMLHttpRequest'), new RegExp(`XMLHttpRequest POST http://127\\.0\\.0\\.1:${port}/api/Upload`));
  assert.match(failure('fails: a WebSocket'), new RegExp(`WebSocket OPEN ws://127\\.0\\.0\\.1:${port}`));
  assert.deepEqual(reached, []);
});

test("node suites: a test reaches the servers it started, not another process's", () => {
  reached.length = 0;
  const results = runJest('node.config.cjs');
  expectOutcomes(results);
  assert.match(results.find((r) => r.title.startsWith('fails:')).failure, /Unit tests never touch the network.*fetch GET http:\/\/127\.0\.0\.1:\d+\/api\/health/s);
  assert.deepEqual(reached, []);
});
