// `npm run start:cluster`: the several-process topology on this machine. nginx on the site's port in front of two
// API processes and two page servers, the remotes' files served by nginx on their own origins, PostgreSQL and Redis
// from the machine (or DATABASE_URL / REDIS_URL), and the local stand-ins as `npm start` has them.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { frontends, portFrom, root } from './apps.mjs';
import { suiteBanner } from './banner.mjs';
import { startPrometheus } from './prometheus.mjs';
import { startTraceCollector } from './traceCollector.mjs';
import { buildContentSecurityPolicy, remotePageHeaders, SITE_FRAMED_PAGES } from './securityHeaders.mjs';
import { buildServer, serverEntry } from './serverBuild.mjs';
import { apiEnv, chatGeneratedFiles, childProcesses, resolveSuiteConfig, startStandIns } from './suite.mjs';
import { startControlServer, supervise } from './supervisor.mjs';

const deployDir = path.join(root, 'deploy', 'nginx');
const PG_ADMIN_USERS = ['postgres', 'root'];

/**
 * Ports, by default around the site's port P (SITE_PORT, 8080): the remotes on P+1…P+6 (as `npm start`), the API
 * processes on P+11, P+12…, the page servers on P+21, P+22…, the stand-ins on P+31…P+33. Every one can be moved.
 */
export function resolveClusterConfig(env = process.env) {
  const sitePort = portFrom(env, 'SITE_PORT', 8080);
  const count = (name) => {
    const n = Number(env[name] ?? 2);
    if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`${name} must be a whole number from 1 to 8 (got "${env[name]}")`);
    return n;
  };
  const apiPorts = Array.from({ length: count('API_PROCESSES') }, (_, i) => portFrom(env, `API_${i + 1}_PORT`, sitePort + 11 + i));
  const pagePorts = Array.from({ length: count('PAGE_SERVERS') }, (_, i) => portFrom(env, `PAGE_SERVER_${i + 1}_PORT`, sitePort + 21 + i));
  const suiteEnv = {
    ...env,
    SHELL_PORT: String(sitePort),
    API_PORT: String(apiPorts[0]),
    OIDC_PORT: env.OIDC_PORT || String(sitePort + 31),
    ORCID_PORT: env.ORCID_PORT || String(sitePort + 32),
    PAYMENTS_PORT: env.PAYMENTS_PORT || String(sitePort + 33),
  };
  frontends.forEach((app, i) => {
    if (!app.isHost) suiteEnv[app.portEnv] = env[app.portEnv] || String(sitePort + i);
  });
  const suite = resolveSuiteConfig(suiteEnv);
  // The site's origin is the only public one for the API: uploads, the payment provider's webhooks and integrators
  // reach the API processes through the proxy, never one process's own port.
  suite.apiOrigin = suite.siteOrigin;
  if (suite.providers.payments?.local) suite.providers.payments.webhookUrl = `http://127.0.0.1:${sitePort}/api/Payments/Webhook`;
  const taken = new Map([...suite.apps.map((a) => [a.port, a.dir]), [suite.providers.oidc?.port, 'OIDC'], [suite.providers.orcid?.port, 'ORCID'], [suite.providers.payments?.port, 'payments']]);
  for (const [label, port] of [...apiPorts.map((p, i) => [`API ${i + 1}`, p]), ...pagePorts.map((p, i) => [`page server ${i + 1}`, p])]) {
    if (taken.has(port)) throw new Error(`${label} and ${taken.get(port)} are both set to port ${port}`);
    taken.set(port, label);
  }
  const databaseName = env.CLUSTER_DATABASE || 'sciexperts';
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(root, 'data', 'cluster');
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`CLUSTER_DATABASE must be a plain lower-case name (got "${databaseName}")`);
  return {
    suite,
    sitePort,
    siteHost: env.SITE_HOST || '127.0.0.1',
    // nginx's listener for the page servers' API calls (P+10), on loopback only.
    internalPort: portFrom(env, 'INTERNAL_API_PORT', sitePort + 10),
    // Each API process serves Prometheus's GET /metrics on a port of its own (P+41, P+42…).
    apis: apiPorts.map((port, i) => ({ name: `api-${i + 1}`, port, metricsPort: portFrom(env, `API_${i + 1}_METRICS_PORT`, sitePort + 41 + i) })),
    // Each page server serves its own GET /metrics on P+51, P+52…; Prometheus (deploy/prometheus/rules.yml) on P+60.
    pages: pagePorts.map((port, i) => ({ name: `page-${i + 1}`, port, metricsPort: portFrom(env, `PAGE_SERVER_${i + 1}_METRICS_PORT`, sitePort + 51 + i) })),
    prometheus: { port: portFrom(env, 'PROMETHEUS_PORT', sitePort + 60), bin: env.PROMETHEUS_BIN || 'prometheus', enabled: !/^(0|false|no|off)$/i.test(env.PROMETHEUS ?? '') },
    // Traces: every API process and page server sends its spans to the collector on P+70, which writes them to
    // traces.jsonl in the runtime folder (`npm run cluster -- trace`). An OTEL_EXPORTER_OTLP_ENDPOINT of the operator's
    // own is used instead when set; TRACING=off sends none.
    tracing: {
      enabled: !/^(0|false|no|off)$/i.test(env.TRACING ?? ''),
      externalEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || null,
      port: portFrom(env, 'TRACE_COLLECTOR_PORT', sitePort + 70),
      file: path.join(root, '.runtime', `cluster-${sitePort}`, 'traces.jsonl'),
    },
    // DATABASE_URL is the operator's database as it is; otherwise a database of its own on the machine's PostgreSQL.
    databaseUrl: env.DATABASE_URL || null,
    databaseName,
    freshDatabase: /^(1|true|yes)$/i.test(env.CLUSTER_FRESH_DATABASE ?? ''),
    adminDatabaseUrl: env.CLUSTER_ADMIN_DATABASE_URL || null,
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    redisScope: /^(1|true|yes)$/i.test(env.CLUSTER_FRESH_DATABASE ?? '') ? `${databaseName}:${Date.now().toString(36)}` : databaseName,
    dataDir,
    // The uploaded releases (scripts/release.mjs --cluster uploads there), served by both page servers at /releases/.
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : path.join(dataDir, 'releases'),
    runtimeDir: path.join(root, '.runtime', `cluster-${sitePort}`),
    nginx: env.NGINX_BIN || 'nginx',
    // nginx logs each connection refused by a stopping process as an error; tests that stop one on purpose quieten it.
    nginxLogLevel: env.NGINX_LOG_LEVEL || 'warn',
    // nginx reaches the API processes from this machine: only its address is believed in X-Forwarded-For.
    trustProxy: env.TRUST_PROXY ?? '127.0.0.1',
  };
}

/** DATABASE_URL, or the machine's PostgreSQL with the cluster's own database created when missing (dropped first when fresh). */
export async function ensureDatabase(cluster) {
  if (cluster.databaseUrl) return cluster.databaseUrl;
  const candidates = cluster.adminDatabaseUrl ? [cluster.adminDatabaseUrl] : PG_ADMIN_USERS.map((user) => `postgres://${user}@127.0.0.1:5432/test`);
  const errors = [];
  for (const adminUrl of candidates) {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      if (cluster.freshDatabase) await client.query(`drop database if exists ${cluster.databaseName} with (force)`);
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [cluster.databaseName]);
      if (!rowCount) await client.query(`create database ${cluster.databaseName}`);
      await client.end();
      const url = new URL(adminUrl);
      url.pathname = `/${cluster.databaseName}`;
      return url.toString();
    } catch (error) {
      errors.push(`${adminUrl}: ${error.message}`);
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PostgreSQL is needed (set DATABASE_URL, or run it on 127.0.0.1:5432 with trust auth):\n  ${errors.join('\n  ')}`);
}

/** The secret every API process signs and checks tokens with: one for all, or a token from one is refused by another. */
function sharedTokenSecret(cluster, env) {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  const file = path.join(cluster.dataDir, 'token-secret');
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim().length >= 32) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(cluster.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const fill = (template, values) =>
  template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`deploy/nginx: no value for {{${name}}}`);
    return values[name];
  });

/** deploy/nginx's files with this machine's addresses, and the small main configuration that runs them unprivileged. */
/**
 * @param {object} cluster
 * @param {Set<string>} [down]  processes taken out of rotation (`down`) for a deliberate restart: nginx sends them
 *   nothing new while they drain, instead of learning it from a refused or reset connection
 */
export function renderNginxConfig(cluster, down = new Set()) {
  const { suite, runtimeDir } = cluster;
  const serverName = suite.host;
  const site = fill(fs.readFileSync(path.join(deployDir, 'sciexperts.conf'), 'utf8'), {
    SITE_LISTEN: `${cluster.siteHost}:${cluster.sitePort}`,
    INTERNAL_LISTEN: `127.0.0.1:${cluster.internalPort}`,
    SERVER_NAME: serverName,
    // Passive checks for HTTP: a process that refused a connection is skipped for 2 s, then the next request tries it
    // and readmits it (decision 0047).
    API_SERVERS: cluster.apis.map((api) => `  server 127.0.0.1:${api.port} max_fails=1 fail_timeout=2s${down.has(api.name) ? ' down' : ''};`).join('\n'),
    // None for the WebSockets: a WebSocket sent to a process on probation holds it there until the socket closes,
    // hours later, so passive checks never readmit a restarted process for sockets. A refused connection is retried
    // on the next process at once instead (proxy_next_upstream error).
    SOCKET_SERVERS: cluster.apis.map((api) => `  server 127.0.0.1:${api.port} max_fails=0${down.has(api.name) ? ' down' : ''};`).join('\n'),
    PAGE_SERVERS: cluster.pages.map((page) => `  server 127.0.0.1:${page.port} max_fails=1 fail_timeout=2s${down.has(page.name) ? ' down' : ''};`).join('\n'),
  });
  const remoteTemplate = fs.readFileSync(path.join(deployDir, 'remote.conf'), 'utf8');
  const csp = buildContentSecurityPolicy(suite).replace(/"/g, '');
  const framedCsp = remotePageHeaders([...SITE_FRAMED_PAGES][0], csp, suite.siteOrigin)['Content-Security-Policy'];
  // The chat's origin tells the embed's loader where the site, the API and the socket are (chatGeneratedFiles).
  const embedConfig = chatGeneratedFiles(suite)['/embed-config.json']();
  const chatLocations = [
    '  location = /embed-config.json {',
    '    default_type application/json;',
    '    add_header Access-Control-Allow-Origin * always;',
    '    add_header Cross-Origin-Resource-Policy cross-origin always;',
    '    add_header X-Content-Type-Options nosniff always;',
    '    add_header Cache-Control no-cache always;',
    `    return 200 '${embedConfig}';`,
    '  }',
  ].join('\n');
  const remotes = suite.remotes
    .map((remote) =>
      fill(remoteTemplate, {
        REMOTE_LISTEN: `${cluster.siteHost}:${remote.port}`,
        SERVER_NAME: serverName,
        REMOTE_ROOT: path.join(root, remote.dir, 'dist'),
        CONTENT_SECURITY_POLICY: csp,
        FRAMED_CONTENT_SECURITY_POLICY: framedCsp,
        EXTRA_LOCATIONS: remote.dir === 'mf-chat' ? chatLocations : '',
      }),
    )
    .join('\n');
  const temp = (name) => path.join(runtimeDir, 'temp', name);
  const main = [
    '# Written by `npm run start:cluster` (scripts/lib/cluster.mjs); the site itself is in sciexperts.conf and remotes.conf.',
    'worker_processes auto;',
    `pid ${path.join(runtimeDir, 'nginx.pid')};`,
    `error_log stderr ${cluster.nginxLogLevel};`,
    'events {',
    '  worker_connections 16384;',
    '}',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${temp(name)};`),
    `  include ${path.join(runtimeDir, 'sciexperts.conf')};`,
    `  include ${path.join(runtimeDir, 'remotes.conf')};`,
    '}',
    '',
  ].join('\n');
  return { main, site, remotes };
}

function writeNginxConfig(cluster, down = new Set()) {
  const { main, site, remotes } = renderNginxConfig(cluster, down);
  fs.mkdirSync(cluster.runtimeDir, { recursive: true });
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    const dir = path.join(cluster.runtimeDir, 'temp', name);
    fs.mkdirSync(dir, { recursive: true });
    // nginx's workers drop to an unprivileged user when it starts as root; they write request bodies here.
    fs.chmodSync(dir, 0o777);
  }
  fs.writeFileSync(path.join(cluster.runtimeDir, 'sciexperts.conf'), site);
  fs.writeFileSync(path.join(cluster.runtimeDir, 'remotes.conf'), remotes);
  const file = path.join(cluster.runtimeDir, 'nginx.conf');
  fs.writeFileSync(file, main);
  return file;
}

/** Where nginx is, or a message saying how to get it. */
export function findNginx(cluster) {
  const result = spawnSync(cluster.nginx, ['-v'], { encoding: 'utf8' });
  if (result.error) throw new Error(`nginx is needed for the cluster (apt-get install -y nginx, or NGINX_BIN): ${result.error.message}`);
  return cluster.nginx;
}

/** The environment of API process `api`: as `npm start` gives its one API, plus what the processes must share. */
export function clusterApiEnv(cluster, api, shared, env = process.env) {
  return {
    ...apiEnv({ ...cluster.suite, apiPort: api.port, dataDir: cluster.dataDir }, env),
    PORT: String(api.port),
    HOST: '127.0.0.1',
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: cluster.redisUrl,
    // One chat stream and one key prefix per database: two clusters on one Redis never deliver each other's messages
    // or share throttles; a fresh database starts with fresh counters too.
    CHAT_STREAM_NAME: env.CHAT_STREAM_NAME || `sciexperts-chat:${cluster.redisScope}`,
    REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX || `sciexperts:${cluster.redisScope}`,
    TOKEN_SECRET: shared.tokenSecret,
    // X-Forwarded-For is believed only from the proxy in front (nginx on this machine).
    TRUST_PROXY: cluster.trustProxy,
    INSTANCE_NAME: api.name,
    METRICS_PORT: String(api.metricsPort),
    ...traceEnv(cluster),
  };
}

/** Where a process of the cluster sends its spans: the operator's collector, the cluster's own, or nowhere. */
export function traceEnv(cluster) {
  const { tracing } = cluster;
  if (!tracing.enabled) return { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' };
  if (tracing.externalEndpoint) return {};
  return { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${tracing.port}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
}

/**
 * Starts everything and resolves once the site answers through nginx. The API processes run the compiled server
 * (server/dist, built first when stale); they, the page servers and nginx are supervised: one that dies is started
 * again with back-off, and `npm run cluster -- restart api` rolls through the API processes over the control socket.
 * @returns {Promise<{ stop: () => Promise<void>, stopApi: (i: number, signal?: string) => Promise<void>, restart: (group: string, say?: (line: string) => void) => Promise<boolean>, supervisors: { api: object[], pages: object[], nginx: object[] }, controlSocket: string, databaseUrl: string, nginxConf: string }>}
 */
export async function startCluster(cluster, { log = console.log, env = process.env } = {}) {
  findNginx(cluster);
  await buildServer({ log });
  const processes = childProcesses({ log, env });
  const { spawnNode } = processes;
  const supervisors = { api: [], pages: [], nginx: [] };
  let control = null;
  let traceCollector = null;
  const stop = async () => {
    for (const member of Object.values(supervisors).flat()) member.cancel();
    await control?.close();
    await processes.stopAll();
    await traceCollector?.close();
  };
  try {
    const databaseUrl = await ensureDatabase(cluster);
    fs.mkdirSync(path.join(cluster.dataDir, 'uploads'), { recursive: true });
    const shared = { databaseUrl, tokenSecret: sharedTokenSecret(cluster, env) };
    if (cluster.tracing.enabled && !cluster.tracing.externalEndpoint) traceCollector = await startTraceCollector({ port: cluster.tracing.port, file: cluster.tracing.file });
    // The payments stand-in keeps its state beside the cluster's shared files, not in the one-process suite's folder.
    await startStandIns({ ...cluster.suite, dataDir: cluster.dataDir }, processes, log, { compiled: true });

    // One OS process per API instance, node on the compiled server. SIGINT when the whole cluster stops (nobody is
    // left to route around a process, so no grace period); SIGTERM, which drains, for a restart.
    for (const api of cluster.apis) {
      supervisors.api.push(
        supervise({
          name: api.name,
          port: api.port,
          processes,
          log,
          readyUrl: `http://127.0.0.1:${api.port}/api/health/ready`,
          launch: () => spawnNode(api.name, serverEntry('main'), clusterApiEnv(cluster, api, shared, env), { nodeArgs: ['--enable-source-maps'], logExit: false, stopSignal: 'SIGINT' }),
        }),
      );
    }
    // All at once, as a deployment starts them: the database's migrations run once (an advisory lock).
    const apisUp = await Promise.all(supervisors.api.map((member) => member.start()));
    if (apisUp.some((up) => !up)) throw new Error(`API process(es) ${cluster.apis.filter((_, i) => !apisUp[i]).map((a) => a.name).join(', ')} did not start`);

    for (const page of cluster.pages) {
      const pageConfig = {
        name: page.name,
        port: page.port,
        host: '127.0.0.1',
        registry: cluster.suite.registry,
        runtimeConfig: cluster.suite.runtimeConfig,
        siteOrigin: cluster.suite.siteOrigin,
        apiOrigin: cluster.suite.siteOrigin,
        apiInternalUrl: `http://127.0.0.1:${cluster.internalPort}`,
        releasesDir: cluster.releasesDir,
        // nginx reaches the page servers from this machine.
        trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
      };
      supervisors.pages.push(
        supervise({
          name: page.name,
          port: page.port,
          processes,
          log,
          readyUrl: `http://127.0.0.1:${page.port}/remotes.json`,
          launch: () => spawnNode(page.name, path.join(root, 'scripts', 'page-server.mjs'), { PAGE_SERVER_CONFIG: JSON.stringify(pageConfig), PAGE_METRICS_PORT: String(page.metricsPort), ...traceEnv(cluster) }, { logExit: false }),
        }),
      );
    }
    const pagesUp = await Promise.all(supervisors.pages.map((member) => member.start()));
    if (pagesUp.some((up) => !up)) throw new Error('a page server did not start');

    const nginxConf = writeNginxConfig(cluster);
    const test = spawnSync(cluster.nginx, ['-e', 'stderr', '-p', cluster.runtimeDir, '-c', nginxConf, '-t'], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
    supervisors.nginx.push(
      supervise({
        name: 'nginx',
        port: cluster.sitePort,
        processes,
        log,
        readyUrl: `http://127.0.0.1:${cluster.sitePort}/api/health`,
        launch: () => {
          const nginx = spawn(cluster.nginx, ['-e', 'stderr', '-p', cluster.runtimeDir, '-c', nginxConf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
          processes.adopt(nginx);
          return nginx;
        },
      }),
    );
    if (!(await supervisors.nginx[0].start())) throw new Error(`nginx did not answer on port ${cluster.sitePort}`);

    // A deliberate restart takes the process out of nginx's rotation first (`down`, then a reload: new connections
    // go to the others at once) and puts it back once it is ready, as an orchestrator takes a pod that fails its
    // readiness or is terminating out of its service's endpoints. Without it, nginx learnt of the drain from a
    // refused connection, or from a connection the kernel had queued for the closing listener and then reset: a
    // POST nginx had sent there failed with 502 (nginx rightly never sends a POST twice).
    const down = new Set();
    const rotation = async (name, out) => {
      if (out) down.add(name);
      else down.delete(name);
      writeNginxConfig(cluster, down);
      const reload = spawnSync(cluster.nginx, ['-e', 'stderr', '-p', cluster.runtimeDir, '-c', nginxConf, '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) log(`nginx reload failed (${name} ${out ? 'out of' : 'back in'} rotation): ${reload.stderr.trim()}`);
      // The reload's new workers take over within milliseconds; the old ones finish what they hold.
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const controlSocket = path.join(cluster.runtimeDir, 'control.sock');
    const inRotation = (member) => member.name !== 'nginx';
    control = await startControlServer(controlSocket, supervisors, log, {
      beforeStop: (member) => (inRotation(member) ? rotation(member.name, true) : undefined),
      afterReady: (member) => (inRotation(member) ? rotation(member.name, false) : undefined),
    });
    // Prometheus scrapes every API process and page server (PROMETHEUS=off leaves it out).
    const prometheus = cluster.prometheus.enabled ? await startPrometheus(cluster, { log, adopt: processes.adopt }) : null;

    /** Sends API process i a signal, as if it died or an operator stopped it by hand: the supervisor starts it again. */
    const stopApi = (i, signal = 'SIGTERM') => supervisors.api[i].kill(signal);
    return { stop, stopApi, supervisors, controlSocket, databaseUrl, nginxConf, prometheusUrl: prometheus?.url ?? null, traceCollectorUrl: traceCollector?.url ?? null };
  } catch (error) {
    await stop();
    throw error;
  }
}

const pidOf = (member) => (member?.pid ? `, pid ${member.pid}` : '');

/** What runs where, as `npm start` prints it, with the cluster's processes and their ids. */
export function clusterBanner(cluster, { databaseUrl, nginxConf, supervisors = { api: [], pages: [], nginx: [] }, prometheusUrl = null, traceCollectorUrl = null }) {
  const pad = (label) => label.padEnd(14);
  const { suite } = cluster;
  const safeUrl = (url) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
  const lines = [
    '',
    'SciExperts is running on several processes:',
    `  ${pad('website')}${suite.siteOrigin}  (nginx${pidOf(supervisors.nginx[0])}; configuration ${path.relative(root, nginxConf)}, from deploy/nginx/)`,
    ...suite.remotes.map((r) => `  ${pad(r.dir)}${suite.originOf(r.port)}  (nginx serves ${r.dir}/dist)`),
    ...cluster.apis.map((api, i) => `  ${pad(api.name)}http://127.0.0.1:${api.port}  (API + chat, node server/dist/main.js${pidOf(supervisors.api[i])}; readiness at /api/health/ready; metrics at http://127.0.0.1:${api.metricsPort}/metrics)`),
    ...cluster.pages.map((page, i) => `  ${pad(page.name)}http://127.0.0.1:${page.port}  (page server: the shell's pages, rendered${pidOf(supervisors.pages[i])}; metrics at http://127.0.0.1:${page.metricsPort}/metrics)`),
    prometheusUrl
      ? `  ${pad('Prometheus')}${prometheusUrl}  (scrapes every API process and page server; alerts: ${prometheusUrl}/alerts, rules in deploy/prometheus/rules.yml)`
      : `  ${pad('Prometheus')}not running (${cluster.prometheus.enabled ? 'apt-get install -y prometheus' : 'PROMETHEUS=off'})`,
    traceCollectorUrl
      ? `  ${pad('traces')}${traceCollectorUrl}  (OTLP/JSON from every API process and page server, written to ${path.relative(root, cluster.tracing.file)};\n${' '.repeat(16)}\`npm run cluster -- trace\` lists the latest, \`trace <id>\` shows one; each log line names its trace_id)`
      : `  ${pad('traces')}${cluster.tracing.externalEndpoint ? `sent to ${cluster.tracing.externalEndpoint}` : 'off (TRACING=off)'}`,
    `  ${pad('supervision')}a process that dies is started again (back-off 0.5 s to 10 s); \`npm run cluster -- restart api\` rolls`,
    `  ${pad('')}through the API processes one at a time (\`restart pages\`, \`restart api-2\`, \`status\` too)`,
    `  ${pad('database')}PostgreSQL ${safeUrl(databaseUrl)}`,
    `  ${pad('Redis')}${safeUrl(cluster.redisUrl)}  (chat delivery between the API processes)`,
    `  ${pad('shared files')}${cluster.dataDir}  (uploads/ and the mail outbox, shared by the API processes)`,
    `  ${pad('releases')}${cluster.releasesDir}  (served by both page servers at /releases/; \`npm run release -w <remote> -- --cluster\` uploads there)`,
  ];
  // The stand-ins, operator command and demo accounts read as in `npm start`.
  const base = suiteBanner(suite).split('\n');
  const from = base.findIndex((line) => line.startsWith('  identity'));
  lines.push(...base.slice(from).filter((line) => !line.startsWith('  operator')));
  return lines.join('\n');
}
