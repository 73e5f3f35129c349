// deploy/prometheus/rules.yml: `promtool check rules` accepts it and `promtool test rules` passes its unit tests
// (rules.test.yml, at least one firing case per alert). promtool comes with Debian's `prometheus` package, which
// .ci/run installs; on a machine without it these tests say so and pass nothing else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import yaml from 'yaml';
import { root } from '../lib/apps.mjs';

const dir = path.join(root, 'deploy', 'prometheus');
const promtool = process.env.PROMTOOL_BIN || 'promtool';
const installed = !spawnSync(promtool, ['--version']).error;
const noPromtool = installed ? false : 'promtool is not installed (apt-get install -y prometheus)';

const run = (...args) => spawnSync(promtool, args, { cwd: dir, encoding: 'utf8' });

test('promtool check rules accepts the rules', { skip: noPromtool }, () => {
  const result = run('check', 'rules', 'rules.yml');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /SUCCESS: \d+ rules found/);
});

test('promtool test rules passes the unit tests', { skip: noPromtool }, () => {
  const result = run('test', 'rules', 'rules.test.yml');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /SUCCESS/);
});

test('every alert has a unit test in which it fires', () => {
  const rules = yaml.parse(fs.readFileSync(path.join(dir, 'rules.yml'), 'utf8'));
  const tests = yaml.parse(fs.readFileSync(path.join(dir, 'rules.test.yml'), 'utf8'));
  const alerts = rules.groups.flatMap((g) => g.rules).filter((r) => r.alert).map((r) => r.alert);
  const firing = new Set(tests.tests.flatMap((t) => t.alert_rule_test ?? []).filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname));
  assert.ok(alerts.length >= 7, `alerts: ${alerts.join(', ')}`);
  assert.deepEqual(alerts.filter((a) => !firing.has(a)), []);
  // The series the issue asked to watch are each behind an alert.
  const exprs = rules.groups.flatMap((g) => g.rules).map((r) => r.expr).join('\n');
  for (const series of ['http_request_duration_seconds_count', 'http_request_duration_seconds_bucket', 'jobs_oldest_due_age_seconds', 'chat_delivery_lag_seconds_bucket', 'chat_open_sockets', 'payments_reconciliation_differences', 'api_readiness_changes_total']) {
    assert.ok(exprs.includes(series), `no rule reads ${series}`);
  }
});
