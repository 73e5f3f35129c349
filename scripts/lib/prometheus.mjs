// Prometheus in `npm run start:cluster`: scrapes every API process (job sciexperts-api) and every page server (job
// sciexperts-pages) on their metrics ports, and evaluates deploy/prometheus/rules.yml (the recording and alerting rules
// the Kubernetes manifests load too). Prometheus is Debian's `prometheus` package; without it the cluster runs and says so.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './apps.mjs';

export const RULES_FILE = path.join(root, 'deploy', 'prometheus', 'rules.yml');

/** prometheus.yml for the cluster's processes: each target labelled with the process's name as its instance. */
export function renderPrometheusConfig(cluster, { scrapeInterval = '5s' } = {}) {
  const job = (name, targets) => [
    `  - job_name: ${name}`,
    '    static_configs:',
    ...targets.map(({ name: instance, metricsPort }) => [`      - targets: ['127.0.0.1:${metricsPort}']`, `        labels: { instance: ${instance} }`]).flat(),
  ];
  return [
    '# Written by `npm run start:cluster` (scripts/lib/prometheus.mjs).',
    'global:',
    `  scrape_interval: ${scrapeInterval}`,
    `  evaluation_interval: ${scrapeInterval}`,
    'rule_files:',
    `  - ${JSON.stringify(RULES_FILE)}`,
    'scrape_configs:',
    ...job('sciexperts-api', cluster.apis),
    ...job('sciexperts-pages', cluster.pages),
    '',
  ].join('\n');
}

/**
 * Starts Prometheus on 127.0.0.1:cluster.prometheus.port with its data under the cluster's runtime folder, and
 * resolves once it answers /-/ready. Resolves null (after saying why) when the prometheus binary is missing.
 * @returns {Promise<null | { url: string, child: import('node:child_process').ChildProcess }>}
 */
export async function startPrometheus(cluster, { log = console.log, adopt } = {}) {
  const bin = cluster.prometheus.bin;
  if (spawnSync(bin, ['--version']).error) {
    log(`Prometheus is not installed (apt-get install -y prometheus, or PROMETHEUS_BIN): the processes' metrics are served but not collected`);
    return null;
  }
  const dir = path.join(cluster.runtimeDir, 'prometheus');
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  const configFile = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(configFile, renderPrometheusConfig(cluster));
  const url = `http://127.0.0.1:${cluster.prometheus.port}`;
  const child = spawn(
    bin,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      '--storage.tsdb.retention.time=2d',
      `--web.listen-address=127.0.0.1:${cluster.prometheus.port}`,
      `--web.external-url=${url}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Stopped with everything else (the cluster's stopAll).
  adopt?.(child);
  child.stderr.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) log(`[prometheus] ${line}`);
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ready) return { url, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`Prometheus did not answer on ${url} (exit ${child.exitCode ?? 'none'})`);
}
