// Starts the whole product: API server, the shell and the four remotes, each on its own origin.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiPort, frontends, portFrom, root } from './apps.mjs';
import { createStaticServer, listen } from './staticServer.mjs';
import { buildContentSecurityPolicy } from './securityHeaders.mjs';

export function resolveSuiteConfig(env = process.env) {
  const host = env.PUBLIC_HOST || 'localhost';
  const apps = frontends.map((app) => ({ ...app, port: portFrom(env, app.portEnv, app.defaultPort) }));
  const api = portFrom(env, apiPort.portEnv, apiPort.defaultPort);
  const seen = new Map();
  for (const [label, port] of [...apps.map((a) => [a.dir, a.port]), ['server', api]]) {
    if (seen.has(port)) throw new Error(`${label} and ${seen.get(port)} are both set to port ${port}`);
    seen.set(port, label);
  }
  const originOf = (port) => `http://${host}:${port}`;
  const shell = apps.find((a) => a.isHost);
  const remotes = apps.filter((a) => !a.isHost);
  const registry = { remotes: remotes.map((a) => ({ name: a.name, entry: `${originOf(a.port)}/mf-manifest.json` })) };
  const runtimeConfig = {
    apiBaseUrl: originOf(api),
    socketUrl: originOf(api),
    oidc: null,
    orcid: null,
  };
  return {
    host,
    apps,
    shell,
    remotes,
    apiPort: api,
    siteOrigin: originOf(shell.port),
    originOf,
    registry,
    runtimeConfig,
    dataDir: env.DATA_DIR || path.join(root, 'data'),
  };
}

function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const attempt = async () => {
      try {
        const response = await fetch(url);
        if (response.ok) return resolve(true);
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) return resolve(false);
      setTimeout(attempt, 250);
    };
    void attempt();
  });
}

export async function startSuite(config, { log = console.log, env = process.env } = {}) {
  const closers = [];
  const children = [];

  const serverEntry = path.join(root, 'server', 'src', 'main.ts');
  let apiReady = false;
  if (fs.existsSync(serverEntry)) {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), serverEntry], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...env,
        PORT: String(config.apiPort),
        HOST: env.API_HOST || '127.0.0.1',
        DATA_DIR: config.dataDir,
        PUBLIC_URL: config.runtimeConfig.apiBaseUrl,
        SITE_URL: config.siteOrigin,
        CORS_ORIGINS: [config.siteOrigin, ...config.remotes.map((r) => config.originOf(r.port))].join(','),
      },
    });
    children.push(child);
    child.on('exit', (code, signal) => {
      if (!stopping) log(`server exited (${signal ?? code})`);
    });
    apiReady = await waitForHealth(`http://127.0.0.1:${config.apiPort}/api/health`, 60_000);
    if (!apiReady) log('warning: the API server did not report healthy within 60 s');
  } else {
    log('warning: server/src/main.ts is missing; starting the front-end only');
  }

  const registryJson = () => JSON.stringify(config.registry, null, 2);
  const runtimeJson = () => JSON.stringify(config.runtimeConfig, null, 2);
  const csp = buildContentSecurityPolicy(config);

  for (const app of config.apps) {
    const dist = path.join(root, app.dir, 'dist');
    const server = app.isHost
      ? createStaticServer({
          root: dist,
          spa: true,
          generated: { '/remotes.json': registryJson, '/runtime-config.json': runtimeJson },
          pageHeaders: () => ({ 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' }),
        })
      : createStaticServer({ root: dist, spa: true, cors: true });
    await listen(server, app.port, env.STATIC_HOST || '127.0.0.1');
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    server.closeIdleConnections?.();
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(closers.map((close) => close()));
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 5000);
            child.on('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  };
  return { stop, apiReady };
}

export function readDemoAccounts() {
  const file = path.join(root, 'server', 'seed', 'demo-accounts.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}
