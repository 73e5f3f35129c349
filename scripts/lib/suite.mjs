// Starts the whole product: API server, the shell and the four remotes, each on its own origin,
// plus local stand-ins for the identity provider, ORCID and the payment provider unless hosted ones are configured.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiPort, frontends, portFrom, root } from './apps.mjs';
import { createStaticServer, listen } from './staticServer.mjs';
import { startPageObservability } from './pageObservability.mjs';
import { buildContentSecurityPolicy, remotePageHeaders } from './securityHeaders.mjs';
import { createPageRenderer } from './pageRenderer.mjs';
import { buildServer, serverEntry } from './serverBuild.mjs';
import { createReleaseRegistry } from './releaseRegistry.mjs';

/** The scopes the product asks the identity provider for: the member's identity, e-mail and profile, then the API's three. */
export const IDENTITY_SCOPES = 'openid profile email read:profile read:experts send:message';
/** The public client the local OpenID provider registers for the website. */
export const LOCAL_OIDC_CLIENT_ID = 'sciexperts-web';
/** Credentials the local ORCID stand-in accepts (development only). */
export const LOCAL_ORCID_CLIENT = { clientId: 'APP-SCIEXPERTSDEV01', clientSecret: 'local-orcid-dev-secret' };
/** The API's key at the local payment stand-in and the secret its webhooks are signed with (development only). */
export const LOCAL_PAYMENTS = { secretKey: 'sk_local_sciexperts_dev', webhookSecret: 'whsec_local_sciexperts_dev' };

/** Kept in step with server/src/dev/oidcProvider.ts (DEMO_IDENTITIES) and orcidStandIn.ts (DEMO_RESEARCHER, NEW_RESEARCHER). */
export const LOCAL_OIDC_IDENTITIES = [
  { email: 'ada.identity@sciexperts.test', password: 'ada-identity-demo' },
  { email: 'liam.linkedin@sciexperts.test', password: 'liam-linkedin-demo' },
];
export const LOCAL_ORCID_RESEARCHER = 'Josiah Carberry, 0000-0002-1825-0097 (five works), or Rosalind Newcomb, 0009-0000-0000-0017 (no works yet)';

const standInsEnabled = (env) => !/^(0|false|no|off)$/i.test(env.DEV_STAND_INS ?? '');
const trimSlash = (url) => url.replace(/\/+$/, '');

/**
 * Identity provider, ORCID and payments: hosted ones when OIDC_ISSUER / ORCID_BASE_URL / STRIPE_SECRET_KEY are set,
 * otherwise the local stand-ins (ports OIDC_PORT, ORCID_PORT and PAYMENTS_PORT, by default the API port + 1, + 2
 * and + 3), unless DEV_STAND_INS=false.
 */
function resolveProviders(env, { api, originOf, siteOrigin }) {
  const apiBase = originOf(api);
  let oidc = null;
  if (env.OIDC_ISSUER) {
    const issuer = trimSlash(env.OIDC_ISSUER);
    if (!env.OIDC_AUDIENCE || !env.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER needs OIDC_AUDIENCE and OIDC_CLIENT_ID (the public SPA client) as well');
    oidc = { local: false, issuer, audience: env.OIDC_AUDIENCE, clientId: env.OIDC_CLIENT_ID, jwksUrl: env.OIDC_JWKS_URL || null, port: null };
  } else if (standInsEnabled(env)) {
    const port = portFrom(env, 'OIDC_PORT', api + 1);
    const issuer = `http://localhost:${port}`;
    oidc = { local: true, issuer, audience: `${apiBase}/api`, clientId: LOCAL_OIDC_CLIENT_ID, jwksUrl: `${issuer}/jwks`, port };
  }
  let orcid = null;
  const redirectUri = env.ORCID_REDIRECT_URI || `${siteOrigin}/profile`;
  if (env.ORCID_BASE_URL) {
    if (!env.ORCID_CLIENT_ID || !env.ORCID_CLIENT_SECRET) throw new Error('ORCID_BASE_URL needs ORCID_CLIENT_ID and ORCID_CLIENT_SECRET as well');
    const baseUrl = trimSlash(env.ORCID_BASE_URL);
    orcid = { local: false, baseUrl, apiUrl: env.ORCID_API_URL || null, clientId: env.ORCID_CLIENT_ID, clientSecret: env.ORCID_CLIENT_SECRET, redirectUri, port: null };
  } else if (standInsEnabled(env)) {
    const port = portFrom(env, 'ORCID_PORT', api + 2);
    const baseUrl = `http://localhost:${port}`;
    orcid = { local: true, baseUrl, apiUrl: baseUrl, ...LOCAL_ORCID_CLIENT, redirectUri, port };
  }
  let payments = null;
  // Stripe's keys go to the API as they are (the env is inherited); only the local stand-in needs starting.
  if (!env.STRIPE_SECRET_KEY && standInsEnabled(env)) {
    const port = portFrom(env, 'PAYMENTS_PORT', api + 3);
    // The API listens on API_HOST (127.0.0.1 by default), and the stand-in reaches it there, not through the public host.
    const webhookUrl = `http://127.0.0.1:${api}/api/Payments/Webhook`;
    payments = { local: true, baseUrl: `http://localhost:${port}`, ...LOCAL_PAYMENTS, webhookUrl, port };
  }
  return { oidc, orcid, payments };
}

function runtimeProviders({ oidc, orcid }) {
  return {
    oidc: oidc ? { authority: oidc.issuer, clientId: oidc.clientId, audience: oidc.audience, scope: IDENTITY_SCOPES } : null,
    orcid: orcid ? { authorizeUrl: `${orcid.baseUrl}/oauth/authorize`, clientId: orcid.clientId, redirectUri: orcid.redirectUri, scope: '/authenticate' } : null,
  };
}

/**
 * What the shell's server passes through to the API: every API path (all under /api/ but the ORCID callback, whose
 * path ORCID registrations name) and the socket. No page of the site lives under these.
 */
export const API_PROXY_PREFIXES = ['/api/', '/auth/orcid/', '/socket.io/'];

export function resolveSuiteConfig(env = process.env) {
  const host = env.PUBLIC_HOST || 'localhost';
  const apps = frontends.map((app) => ({ ...app, port: portFrom(env, app.portEnv, app.defaultPort) }));
  const api = portFrom(env, apiPort.portEnv, apiPort.defaultPort);
  const originOf = (port) => `http://${host}:${port}`;
  const siteOrigin = originOf(apps.find((a) => a.isHost).port);
  const providers = resolveProviders(env, { api, originOf, siteOrigin });
  const seen = new Map();
  const standInPorts = [
    ['local OpenID provider', providers.oidc?.port],
    ['local ORCID stand-in', providers.orcid?.port],
    ['local payments stand-in', providers.payments?.port],
  ].filter(([, port]) => port);
  for (const [label, port] of [...apps.map((a) => [a.dir, a.port]), ['server', api], ...standInPorts]) {
    if (seen.has(port)) throw new Error(`${label} and ${seen.get(port)} are both set to port ${port}`);
    seen.set(port, label);
  }
  const shell = apps.find((a) => a.isHost);
  const remotes = apps.filter((a) => !a.isHost);
  const registry = { remotes: remotes.map((a) => ({ name: a.name, entry: `${originOf(a.port)}/mf-manifest.json` })) };
  // The composed site calls the API on its own origin: the shell's server passes /api/ and /socket.io/ through
  // (apiProxy.mjs), so no call pays a CORS preflight. apiOrigin is the API itself (uploads, integrators, the stand-ins).
  const chat = remotes.find((a) => a.name === 'mf_chat');
  const runtimeConfig = {
    apiBaseUrl: siteOrigin,
    socketUrl: siteOrigin,
    // Where partner pages load the chat embed's script from (the developers' page names it and frames its example).
    ...(chat ? { chatOrigin: originOf(chat.port) } : {}),
    ...runtimeProviders(providers),
  };
  return {
    host,
    apps,
    shell,
    remotes,
    apiPort: api,
    siteOrigin,
    apiOrigin: originOf(api),
    originOf,
    providers,
    registry,
    runtimeConfig,
    dataDir: env.DATA_DIR || path.join(root, 'data'),
  };
}

function waitForHealth(url, timeoutMs, accept = (response) => response.ok, isCancelled = () => false) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const attempt = async () => {
      if (isCancelled()) return resolve(false);
      try {
        const response = await fetch(url);
        await response.body?.cancel();
        if (accept(response)) return resolve(true);
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) return resolve(false);
      setTimeout(attempt, 100);
    };
    void attempt();
  });
}

/** What the API needs to reach the payment provider the suite resolved: the local stand-in's address and secrets. */
function paymentsEnv(payments) {
  return payments?.local ? { PAYMENTS_STAND_IN_URL: payments.baseUrl, PAYMENTS_SECRET_KEY: payments.secretKey, PAYMENTS_WEBHOOK_SECRET: payments.webhookSecret } : {};
}

/** Environment the API needs to use the identity provider, ORCID and payment provider the suite resolved. */
function providerEnv({ oidc, orcid, payments }) {
  const out = {};
  if (oidc?.local) Object.assign(out, { OIDC_ISSUER: oidc.issuer, OIDC_AUDIENCE: oidc.audience, OIDC_JWKS_URL: oidc.jwksUrl });
  if (orcid) {
    Object.assign(out, { ORCID_BASE_URL: orcid.baseUrl, ORCID_CLIENT_ID: orcid.clientId, ORCID_CLIENT_SECRET: orcid.clientSecret, ORCID_REDIRECT_URI: orcid.redirectUri });
    if (orcid.apiUrl) out.ORCID_API_URL = orcid.apiUrl;
  }
  return { ...out, ...paymentsEnv(payments) };
}

/** What the suite sets for the API process, over the environment it inherits. */
export function apiEnv(config, env = process.env) {
  return {
    ...providerEnv(config.providers ?? {}),
    PORT: String(config.apiPort),
    HOST: env.API_HOST || '127.0.0.1',
    DATA_DIR: config.dataDir,
    PUBLIC_URL: config.apiOrigin,
    // The shell's server, which puts the client's address in X-Forwarded-For (the throttles key on it), reaches the
    // API over loopback: X-Forwarded-For is believed from there only (docs/decisions/0033-address-trust.md).
    TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
    SITE_URL: config.siteOrigin,
    CORS_ORIGINS: [config.siteOrigin, ...config.remotes.map((r) => config.originOf(r.port))].join(','),
    // The developers' live example is served by the chat remote and signs in as the built-in demo partner (with the
    // demo data; production refuses both).
    ...(isProduction(env) || !demoPartnerOrigin(config) ? {} : { DEMO_PARTNER_ORIGINS: demoPartnerOrigin(config) }),
  };
}

/** The chat remote's origin, when a partner may have it outside production (https, or http on loopback: partnerOriginProblem). */
function demoPartnerOrigin(config) {
  const origin = config.runtimeConfig.chatOrigin;
  return origin && /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\]):)/.test(origin) ? origin : null;
}

const isProduction = (env) => env.NODE_ENV === 'production' || env.SCIEXPERTS_ENV === 'production';

/**
 * What `npm run admin` sets over the operator's environment: the database and the payment provider that `npm start`,
 * with the same environment, gives the API (the local stand-in's address and secrets are not in anyone's shell, and
 * without them the operator's commands found no payment provider). Resolved by the same functions, never copied.
 * A deployment runs the operator's commands with its own environment, as it runs the API: nothing is added there.
 */
export function adminEnv(env = process.env) {
  if (isProduction(env)) return {};
  const api = apiEnv(resolveSuiteConfig(env), env);
  return Object.fromEntries(ADMIN_KEYS.filter((key) => key in api).map((key) => [key, api[key]]));
}
const ADMIN_KEYS = ['DATA_DIR', 'PAYMENTS_STAND_IN_URL', 'PAYMENTS_SECRET_KEY', 'PAYMENTS_WEBHOOK_SECRET'];

/** The files the shell's server answers itself (read at each request: a stand-in that failed is left out). */
export function shellGeneratedFiles(config) {
  // The API writes robots.txt and the sitemap (it knows the public pages and, later, public profiles);
  // they belong at the site's origin, so the shell's server relays them.
  const fromApi = (file) => async () => {
    const response = await fetch(`http://127.0.0.1:${config.apiPort}${file}`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`the API answered ${response.status} for ${file}`);
    return response.text();
  };
  return {
    '/remotes.json': () => JSON.stringify(config.registry, null, 2),
    '/runtime-config.json': () => JSON.stringify(config.runtimeConfig, null, 2),
    '/robots.txt': fromApi('/robots.txt'),
    '/sitemap.xml': fromApi('/sitemap.xml'),
  };
}

/**
 * The suite's child processes (stand-ins, API processes, page servers): spawned with the environment, logged when one
 * exits on its own, stopped together. `npm start` and `npm run start:cluster` share it.
 */
export function childProcesses({ log = console.log, env = process.env } = {}) {
  const children = [];
  const stopSignals = new WeakMap();
  let stopping = false;
  const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  /**
   * @param {object} [options]
   * @param {boolean} [options.logExit]  log when it exits on its own (a supervisor that says more turns this off)
   * @param {NodeJS.Signals} [options.stopSignal]  what stopAll sends it (SIGTERM unless said)
   */
  const spawnWith = (label, args, childEnv, { logExit = true, stopSignal = 'SIGTERM' } = {}) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, ...childEnv } });
    children.push(child);
    stopSignals.set(child, stopSignal);
    child.on('exit', (code, signal) => {
      // Forgotten once gone: a supervised process restarted a thousand times does not keep a thousand entries.
      const at = children.indexOf(child);
      if (at >= 0 && !stopping) children.splice(at, 1);
      if (!stopping && logExit) log(`${label} exited (${signal ?? code})`);
    });
    return child;
  };
  const spawnTsx = (label, entry, childEnv, tsxArgs = []) => spawnWith(label, [tsxCli, ...tsxArgs, entry], childEnv);
  /** Node on a JavaScript file: a script, or the compiled server (server/dist) with `nodeArgs: ['--enable-source-maps']`. */
  const spawnNode = (label, entry, childEnv, { nodeArgs = [], ...options } = {}) => spawnWith(label, [...nodeArgs, entry], childEnv, options);
  /** Adds a process started elsewhere (nginx) to those stopAll stops. */
  const adopt = (child, stopSignal = 'SIGTERM') => {
    children.push(child);
    stopSignals.set(child, stopSignal);
    child.on('exit', () => {
      const at = children.indexOf(child);
      if (at >= 0 && !stopping) children.splice(at, 1);
    });
  };
  // Up when the URL answers, down as soon as the child exits (e.g. its port is taken by another process).
  // Polling stops when the child exits: a restarted process killed before it was up left a minute of polling behind.
  const untilUp = (child, url, accept, timeoutMs = 60_000) => {
    let gone = child.exitCode !== null || child.signalCode !== null;
    return Promise.race([
      waitForHealth(url, timeoutMs, accept, () => gone),
      new Promise((resolve) => {
        if (gone) return resolve(false);
        child.once('exit', () => {
          gone = true;
          resolve(false);
        });
      }),
    ]);
  };
  /** Its stop signal to each (in reverse order of start), SIGKILL to any still running 5 s later. */
  const stopAll = async () => {
    stopping = true;
    for (const child of [...children].reverse()) child.kill(stopSignals.get(child) ?? 'SIGTERM');
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
  return { spawnTsx, spawnNode, adopt, untilUp, stopAll, children, get stopping() { return stopping; } };
}

/**
 * What the chat's origin tells the embed's loader (chat-embed, CHAT_EMBED_CONFIG_PATH): where the sign-in popup (the
 * site) and the API and socket are, so a partner's page names the chat's script and nothing else.
 */
export function chatGeneratedFiles(config) {
  const answer = { site: config.siteOrigin, api: config.runtimeConfig.apiBaseUrl, socket: config.runtimeConfig.socketUrl };
  return { '/embed-config.json': () => JSON.stringify(answer) };
}

/**
 * The local stand-ins for the identity provider, ORCID and payments the config resolved, started first so the API
 * finds them; one that does not come up is left out of the runtime config (the site then hides that sign-in path)
 * instead of sending users to a dead page.
 */
export async function startStandIns(config, { spawnTsx, spawnNode, untilUp }, log = console.log, { compiled = false } = {}) {
  const { oidc, orcid, payments } = config.providers ?? {};
  // From server/src under tsx, or (`npm run start:cluster`) compiled in server/dist as the API is.
  const spawnServer = (label, name, childEnv) =>
    compiled ? spawnNode(label, serverEntry(name), childEnv, { nodeArgs: ['--enable-source-maps'] }) : spawnTsx(label, path.join(root, 'server', 'src', 'dev', `${name}.ts`), childEnv);
  const standIns = [];
  if (oidc?.local) {
    const child = spawnServer('local OpenID provider', 'oidcMain', {
      OIDC_PORT: String(oidc.port),
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_AUDIENCE: oidc.audience,
      SITE_URL: config.siteOrigin,
    });
    standIns.push(
      untilUp(child, `${oidc.issuer}/.well-known/openid-configuration`).then((up) => {
        if (up) return;
        log(`warning: the local OpenID provider did not start on port ${oidc.port}; identity sign-in is off`);
        config.runtimeConfig.oidc = null;
        config.providers.oidc = null;
      }),
    );
  }
  if (orcid?.local) {
    const child = spawnServer('local ORCID stand-in', 'orcidMain', {
      ORCID_PORT: String(orcid.port),
      ORCID_CLIENT_ID: orcid.clientId,
      ORCID_CLIENT_SECRET: orcid.clientSecret,
      ORCID_REDIRECT_URI: orcid.redirectUri,
      SITE_URL: config.siteOrigin,
    });
    // The authorize endpoint answers 400 without parameters: any answer means it is up.
    standIns.push(
      untilUp(child, `${orcid.baseUrl}/oauth/authorize`, (response) => response.status < 500).then((up) => {
        if (up) return;
        log(`warning: the local ORCID stand-in did not start on port ${orcid.port}; ORCID sync is off`);
        config.runtimeConfig.orcid = null;
        config.providers.orcid = null;
      }),
    );
  }
  if (payments?.local) {
    const child = spawnServer('local payments stand-in', 'paymentsMain', {
      PAYMENTS_PORT: String(payments.port),
      PAYMENTS_SECRET_KEY: payments.secretKey,
      PAYMENTS_WEBHOOK_SECRET: payments.webhookSecret,
      PAYMENTS_WEBHOOK_URL: payments.webhookUrl,
      // What it moved, its payout accounts and saved cards outlive a restart, beside the product's own data.
      PAYMENTS_DATA_DIR: path.resolve(root, config.dataDir),
    });
    standIns.push(
      untilUp(child, `${payments.baseUrl}/health`).then((up) => {
        if (up) return;
        log(`warning: the local payments stand-in did not start on port ${payments.port}; funding milestones is off`);
        config.providers.payments = null;
      }),
    );
  }
  await Promise.all(standIns);
}

/**
 * @param {object} [options]
 * @param {boolean} [options.watchApi]       `npm run dev`: the API restarts when its sources change (tsx watch)
 * @param {string[]} [options.staticApps]   the front-end folders served from dist (default: all of them)
 */
export async function startSuite(config, { log = console.log, env = process.env, watchApi = false, staticApps = null } = {}) {
  const closers = [];
  const processes = childProcesses({ log, env });
  const { spawnTsx } = processes;
  // Except under `npm run dev`, the API and the stand-ins run compiled (server/dist, built here when stale: a
  // few seconds), as production and `npm run start:cluster` run them.
  const compiled = !watchApi && fs.existsSync(path.join(root, 'server', 'src', 'main.ts'));
  if (compiled) await buildServer({ log });
  await startStandIns(config, processes, log, { compiled });

  const serverSource = path.join(root, 'server', 'src', 'main.ts');
  let apiReady = false;
  if (fs.existsSync(serverSource)) {
    if (watchApi) {
      // `npm run dev`: TypeScript under tsx watch, restarted at once on a change (no grace period to wait out).
      spawnTsx('server', serverSource, { SHUTDOWN_DELAY_MS: env.SHUTDOWN_DELAY_MS ?? '0', ...apiEnv(config, env) }, ['watch', '--clear-screen=false']);
    } else {
      // The compiled server, as production runs it (built above). SIGINT when the suite stops: everything stops
      // together, so no grace period.
      processes.spawnNode('server', serverEntry('main'), apiEnv(config, env), { nodeArgs: ['--enable-source-maps'], stopSignal: 'SIGINT' });
    }
    apiReady = await waitForHealth(`http://127.0.0.1:${config.apiPort}/api/health`, 60_000);
    if (!apiReady) log('warning: the API server did not report healthy within 60 s');
  } else {
    log('warning: server/src/main.ts is missing; starting the front-end only');
  }

  const csp = buildContentSecurityPolicy(config);
  // The remotes' own pages (standalone pages, the integrator example) get the same policy as the shell; the one page
  // the site frames (/developers' live example) may be framed by the site's origin alone.
  const pageHeaders = () => ({ 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' });
  const remoteHeaders = (req) => remotePageHeaders(new URL(req?.url ?? '/', 'http://remote').pathname, csp, config.siteOrigin);
  // The shell's server's metrics (served on PAGE_METRICS_PORT when set) and traces (when OTEL_EXPORTER_OTLP_ENDPOINT is).
  const observability = await startPageObservability({ env, log });
  closers.push(() => observability.close());

  // The release registry: each visitor's versions of the remotes in /remotes.json and the server render, the uploaded
  // releases under /releases/ (releaseRegistry.mjs). With no release live, the built registry as it is.
  const releases = createReleaseRegistry({ baseRegistry: config.registry, apiUrl: `http://127.0.0.1:${config.apiPort}`, siteOrigin: config.siteOrigin, releasesDir: path.join(config.dataDir, 'releases'), log });
  await releases.start();
  closers.push(() => releases.stop());

  for (const app of config.apps.filter((a) => !staticApps || staticApps.includes(a.dir))) {
    const dist = path.join(root, app.dir, 'dist');
    const server = app.isHost
      ? createStaticServer({
          root: dist,
          spa: true,
          generated: shellGeneratedFiles(config),
          pageHeaders,
          proxy: { prefixes: API_PROXY_PREFIXES, target: `http://127.0.0.1:${config.apiPort}` },
          metrics: observability.metrics,
          releases,
          renderPage: createPageRenderer({
            shellDist: dist,
            registry: config.registry,
            runtimeConfig: config.runtimeConfig,
            siteOrigin: config.siteOrigin,
            apiOrigin: `http://127.0.0.1:${config.apiPort}`,
            log: (message) => log(`[render] ${message}`),
          }),
        })
      : createStaticServer({ root: dist, spa: true, cors: true, pageHeaders: remoteHeaders, generated: app.dir === 'mf-chat' ? chatGeneratedFiles(config) : {} });
    await listen(server, app.port, env.STATIC_HOST || '127.0.0.1');
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    server.closeIdleConnections?.();
  }

  const stop = async () => {
    if (processes.stopping) return;
    await Promise.all([processes.stopAll(), ...closers.map((close) => close())]);
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
