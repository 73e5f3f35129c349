#!/usr/bin/env node
// `npm run kube:play`: deploy/kubernetes/overlays/local played with `podman kube play` on the images `npm run images`
// built, PostgreSQL and Redis from this machine, then checked by scripts/kube-check.mjs (a page, a sign-in, a chat
// message through the site's origin) and taken down again (`--keep` leaves it running; `npm run kube:play -- --down`
// takes it down later). What podman cannot play is said, and done otherwise (decision 0048):
//   - the migrations Job: its container is run with `podman run`, same image, command and environment;
//   - the Secret: handed to podman as a podman secret of the same name (values made here, kept in .runtime/kube/);
//   - the Ingress: an nginx pod of the overlay (edge.yaml) with deploy/nginx's configuration, written here;
//   - Services, HPAs, PDBs, the backup CronJob: not played (validated by scripts/test/kubernetesManifests.test.mjs).
// Ports: the site on 19380, the API 19311 (metrics 19341), the page server 19321 (metrics 19351), the remotes
// 19381-19387; the database `sciexperts_kube` on the machine's PostgreSQL (KUBE_DATABASE_URL to use another).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import yaml from 'yaml';
import { root } from './lib/apps.mjs';
import { kustomize } from './lib/kustomize.mjs';
import { CONTAINERS_CONF } from './images.mjs';
import { checkSite } from './kube-check.mjs';

const overlay = path.join(root, 'deploy', 'kubernetes', 'overlays', 'local');
const runtime = path.join(root, '.runtime', 'kube');
const EDGE_DIR = '/var/tmp/sciexperts-kube/edge';
const SITE = 'http://localhost:19380';
const PLAYABLE = new Set(['ConfigMap', 'PersistentVolumeClaim', 'Deployment', 'Pod']);
const env = { ...process.env, CONTAINERS_CONF };
const args = new Set(process.argv.slice(2));

function podman(argv, { input, allowFail = false } = {}) {
  const r = spawnSync('podman', argv, { env, input, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  if (r.error) throw new Error(`podman: ${r.error.message} (apt-get install -y podman buildah runc)`);
  if (r.status !== 0 && !allowFail) throw new Error(`podman ${argv.join(' ')} failed:\n${r.stderr || r.stdout}`);
  return r;
}
/** A deep copy of plain data (what YAML parses to). */
const clone = (value) => JSON.parse(JSON.stringify(value));
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    if (args.has('--fresh')) await client.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** The Secret's values for this machine, made once and kept (the token secret must outlive a replay). */
function localSecrets(databaseUrl) {
  fs.mkdirSync(runtime, { recursive: true });
  const file = path.join(runtime, 'secrets.json');
  const kept = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const values = {
    TOKEN_SECRET: kept.TOKEN_SECRET ?? randomBytes(48).toString('base64url'),
    METRICS_TOKEN: kept.METRICS_TOKEN ?? randomBytes(24).toString('base64url'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.KUBE_REDIS_URL || 'redis://127.0.0.1:6379',
  };
  fs.writeFileSync(file, JSON.stringify(values, null, 2), { mode: 0o600 });
  // Stripe and SMTP stay unset here: the money routes answer 503 and mail goes to the outbox folder.
  return values;
}

/**
 * deploy/nginx/sciexperts.conf for the local pods (`site`), and the main configuration that runs it unprivileged
 * (`main`, which includes the site from `dir`, where the edge pod mounts them).
 */
export function edgeNginxConfig(dir = '/etc/sciexperts-edge') {
  const template = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'sciexperts.conf'), 'utf8');
  const values = {
    SITE_LISTEN: '127.0.0.1:19380',
    INTERNAL_LISTEN: '127.0.0.1:19379',
    SERVER_NAME: 'localhost',
    API_SERVERS: '  server 127.0.0.1:19311 max_fails=1 fail_timeout=2s;',
    SOCKET_SERVERS: '  server 127.0.0.1:19311 max_fails=0;',
    PAGE_SERVERS: '  server 127.0.0.1:19321 max_fails=1 fail_timeout=2s;',
  };
  const site = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`deploy/nginx/sciexperts.conf: no local value for {{${name}}}`);
    return values[name];
  });
  const main = [
    '# Written by scripts/kube-play.mjs: the Ingress stand-in of deploy/kubernetes/overlays/local.',
    'worker_processes 1;',
    'pid /tmp/nginx.pid;',
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path /tmp/${name};`),
    `  include ${dir}/sciexperts.conf;`,
    '}',
    '',
  ].join('\n');
  return { site, main };
}

function writeEdgeConfig() {
  const { site, main } = edgeNginxConfig();
  fs.mkdirSync(EDGE_DIR, { recursive: true });
  fs.writeFileSync(path.join(EDGE_DIR, 'sciexperts.conf'), site, { mode: 0o644 });
  fs.writeFileSync(path.join(EDGE_DIR, 'nginx.conf'), main, { mode: 0o644 });
}

const envOf = (container, configMap, secrets) => {
  const out = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(out, configMap.data);
    if (from.secretRef) Object.assign(out, secrets);
  }
  for (const e of container.env ?? []) if (e.value !== undefined) out[e.name] = e.value;
  return out;
};

async function waitFor(url, what, limitMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${limitMs / 1000} s`);
}

/**
 * podman's reading of a pod that Kubernetes reads otherwise: with hostNetwork, Kubernetes takes containerPort as the
 * host's port, podman refuses any port list ("PortMappings can only be used with Bridge or slirp4netns networking"),
 * so the list is dropped and the probes name the port by number.
 */
function forPodman(resource) {
  const pod = resource.spec?.template?.spec;
  if (!pod?.hostNetwork) return resource;
  const copy = clone(resource);
  for (const container of copy.spec.template.spec.containers) {
    const byName = Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort]));
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      const get = container[probe]?.httpGet;
      if (get && typeof get.port === 'string') get.port = byName[get.port];
    }
    delete container.ports;
  }
  return copy;
}

/** The pods of the play, the volumes its claims made (podman's kube down keeps them) and the secret. */
function down(file) {
  if (fs.existsSync(file)) {
    // Pod by pod (podman kube down stops at the first pod that is missing, as after a play that failed half-way).
    const resources = yaml.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS());
    for (const r of resources.filter((x) => x?.kind === 'Deployment')) podman(['pod', 'rm', '--force', '--time', '10', `${r.metadata.name}-pod-0`], { allowFail: true });
    for (const r of resources.filter((x) => x?.kind === 'PersistentVolumeClaim')) podman(['volume', 'rm', '--force', r.metadata.name], { allowFail: true });
  }
  podman(['secret', 'rm', 'sciexperts-secrets'], { allowFail: true });
}

async function main() {
  const playFile = path.join(runtime, 'play.yaml');
  if (args.has('--down')) {
    down(playFile);
    console.log('taken down');
    return;
  }
  const resources = kustomize(overlay);
  for (const image of new Set(resources.flatMap((r) => r.spec?.template?.spec?.containers ?? []).map((c) => c.image))) {
    if (podman(['image', 'exists', image], { allowFail: true }).status !== 0) throw new Error(`image ${image} is missing: run npm run images first`);
  }
  const configMap = resources.find((r) => r.kind === 'ConfigMap');
  const databaseUrl = process.env.KUBE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sciexperts_kube';
  await ensureDatabase(databaseUrl);
  const secrets = localSecrets(databaseUrl);
  writeEdgeConfig();
  down(playFile);

  // The Secret, as podman 4 reads one for secretRef and secretKeyRef: a podman secret of the same name holding a JSON
  // object of base64 values (a Secret's `data`).
  const secret = resources.find((r) => r.kind === 'Secret');
  const secretObject = Object.fromEntries(Object.entries(secrets).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
  const secretFile = path.join(runtime, 'secret.json');
  fs.writeFileSync(secretFile, JSON.stringify(secretObject), { mode: 0o600 });
  try {
    podman(['secret', 'create', secret.metadata.name, secretFile]);
  } finally {
    fs.rmSync(secretFile);
  }

  // The migrations Job, as a container run to its end before the pods start.
  const job = resources.find((r) => r.kind === 'Job');
  const migrate = job.spec.template.spec.containers[0];
  let started = Date.now();
  const jobEnv = envOf(migrate, configMap, secrets);
  const ran = podman(['run', '--rm', '--network', 'host', '--read-only', '--tmpfs', '/tmp', '--user', String(job.spec.template.spec.securityContext.runAsUser), ...Object.entries(jobEnv).flatMap(([k, v]) => ['--env', `${k}=${v}`]), '--entrypoint', migrate.command[0], migrate.image, ...migrate.command.slice(1)], { allowFail: true });
  if (ran.status !== 0) throw new Error(`the migrations Job failed:\n${ran.stdout}${ran.stderr}`);
  console.log(`migrations Job (podman run ${migrate.image} ${migrate.command.join(' ')}): ${ran.stdout.trim().split('\n').pop()} (${seconds(started)})`);

  const played = resources.filter((r) => PLAYABLE.has(r.kind)).map(forPodman);
  const skipped = resources.filter((r) => !PLAYABLE.has(r.kind) && r.kind !== 'Secret' && r.kind !== 'Job');
  fs.writeFileSync(playFile, played.map((r) => yaml.stringify(r, { lineWidth: 0 })).join('---\n'));
  started = Date.now();
  const play = podman(['kube', 'play', '--replace', playFile]);
  console.log(`podman kube play ${path.relative(root, playFile)}: ${played.map((r) => `${r.kind}/${r.metadata.name}`).join(', ')}`);
  if (play.stderr.trim()) console.log(play.stderr.trim().replace(/^/gm, '  podman: '));
  console.log(`not played (no podman equivalent; schema-validated by the manifests' test): ${skipped.map((r) => `${r.kind}/${r.metadata.name}`).join(', ')}`);

  try {
    await waitFor('http://127.0.0.1:19311/api/health/ready', 'the API pod');
    console.log(`API pod ready after ${seconds(started)}`);
    await waitFor('http://127.0.0.1:19321/remotes.json', 'the page server pod');
    await waitFor('http://127.0.0.1:19383/mf-manifest.json', 'the remotes pod');
    await waitFor(`${SITE}/api/health/ready`, 'the edge pod');
    console.log(`every pod answers after ${seconds(started)}; checking ${SITE}:`);
    for (const line of podman(['pod', 'ps', '--format', '{{.Name}} {{.Status}} ({{.NumberOfContainers}} containers)']).stdout.trim().split('\n')) console.log(`  pod ${line}`);
    await checkSite(SITE);
    // Prometheus's view: each pod's metrics port, with the bearer from the Secret.
    const scrape = async (url) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${secrets.METRICS_TOKEN}` } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.text()).split('\n').filter((l) => l && !l.startsWith('#'));
    };
    const [apiSamples, pageSamples] = await Promise.all([scrape('http://127.0.0.1:19341/metrics'), scrape('http://127.0.0.1:19351/metrics')]);
    if (!apiSamples.some((l) => l.startsWith('chat_messages_total 1'))) throw new Error('the API pod does not count the chat message');
    if (!pageSamples.some((l) => l.startsWith('page_request_duration_seconds_count'))) throw new Error('the page server pod counts no request');
    console.log(`  ok  metrics: the API pod serves ${apiSamples.length} samples (chat_messages_total 1), the page server ${pageSamples.length}`);
    if (args.has('--keep')) console.log(`\nRunning: ${SITE} (stop with npm run kube:play -- --down)`);
  } catch (error) {
    for (const name of ['sciexperts-api', 'sciexperts-pages', 'sciexperts-edge', 'sciexperts-remotes']) {
      const logs = podman(['logs', '--tail', '15', `${name}-pod-0-${name.split('-')[1]}`], { allowFail: true });
      if (logs.stdout || logs.stderr) console.error(`--- ${name}:\n${logs.stdout}${logs.stderr}`);
    }
    throw error;
  } finally {
    if (!args.has('--keep')) {
      down(playFile);
      console.log('pods, volumes of the play and the secret removed');
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
