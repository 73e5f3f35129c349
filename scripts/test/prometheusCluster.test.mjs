// Prometheus as `npm run start:cluster` runs it (scripts/lib/prometheus.mjs): its configuration names every API
// process and page server of the cluster, and a real Prometheus started with it scrapes them (here two small servers
// standing in for an API process and a page server) and loads deploy/prometheus/rules.yml. Runs where Debian's
// `prometheus` is installed (.ci/run installs it); ports 19390-19393.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { resolveClusterConfig } from '../lib/cluster.mjs';
import { renderPrometheusConfig, startPrometheus } from '../lib/prometheus.mjs';

const installed = !spawnSync('prometheus', ['--version']).error;

test("the configuration lists each API process's and page server's metrics port under its name", () => {
  const cluster = resolveClusterConfig({ SITE_PORT: '19200', API_PROCESSES: '3' });
  const config = renderPrometheusConfig(cluster);
  assert.match(config, /job_name: sciexperts-api\n {4}static_configs:\n {6}- targets: \['127\.0\.0\.1:19241'\]\n {8}labels: \{ instance: api-1 \}/);
  for (const port of [19241, 19242, 19243, 19251, 19252]) assert.ok(config.includes(`'127.0.0.1:${port}'`), `${port} is not scraped`);
  assert.match(config, /job_name: sciexperts-pages/);
  assert.match(config, /deploy\/prometheus\/rules\.yml/);
  assert.equal(cluster.prometheus.port, 19260);
  assert.equal(resolveClusterConfig({ SITE_PORT: '19200', PROMETHEUS: 'off' }).prometheus.enabled, false);
});

test('Prometheus scrapes the processes it is given and loads the alert rules', { skip: installed ? false : 'prometheus is not installed (apt-get install -y prometheus)' }, async () => {
  const serve = (port, body) =>
    new Promise((resolve) => {
      const server = http.createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4' }).end(body));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  const servers = await Promise.all([serve(19391, 'chat_open_sockets 3\napi_readiness_changes_total 0\n'), serve(19392, 'page_request_duration_seconds_count{kind="page",status_code="200"} 5\n')]);
  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-prometheus-'));
  const cluster = {
    runtimeDir,
    apis: [{ name: 'api-1', metricsPort: 19391 }],
    pages: [{ name: 'page-1', metricsPort: 19392 }],
    prometheus: { port: 19390, bin: 'prometheus', enabled: true },
  };
  let child = null;
  try {
    const started = await startPrometheus(cluster, { log: () => undefined, adopt: (c) => (child = c) });
    assert.ok(child, 'the process was handed to the cluster to stop');
    // The first scrape comes within one interval (5 s); wait for both targets, up.
    let targets = [];
    for (let i = 0; i < 60; i += 1) {
      targets = (await (await fetch(`${started.url}/api/v1/targets`)).json()).data.activeTargets;
      if (targets.length === 2 && targets.every((t) => t.health === 'up')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.deepEqual(targets.map((t) => [t.labels.job, t.labels.instance, t.health]).sort(), [
      ['sciexperts-api', 'api-1', 'up'],
      ['sciexperts-pages', 'page-1', 'up'],
    ]);
    const query = await (await fetch(`${started.url}/api/v1/query?query=${encodeURIComponent('chat_open_sockets')}`)).json();
    assert.equal(query.data.result[0].value[1], '3');
    const groups = (await (await fetch(`${started.url}/api/v1/rules`)).json()).data.groups.map((g) => g.name);
    assert.deepEqual(groups.sort(), ['sciexperts.alerts', 'sciexperts.recording']);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    for (const server of servers) server.close();
    fs.rmSync(runtimeDir, { recursive: true, force: true });
  }
});
