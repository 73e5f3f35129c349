#!/usr/bin/env node
// One page server of `npm run start:cluster` (the shell's server, as in `npm start`, without its /api/ pass-through:
// the reverse proxy in front sends the API's paths to the API processes). Several run side by side behind the proxy;
// each is told everything in PAGE_SERVER_CONFIG (JSON, written by scripts/lib/cluster.mjs) and holds no state.
import path from 'node:path';
import { root } from './lib/apps.mjs';
import { createPageRenderer } from './lib/pageRenderer.mjs';
import { buildContentSecurityPolicy } from './lib/securityHeaders.mjs';
import { startPageObservability } from './lib/pageObservability.mjs';
import { createStaticServer, listen } from './lib/staticServer.mjs';
import { createReleaseRegistry } from './lib/releaseRegistry.mjs';

const config = JSON.parse(process.env.PAGE_SERVER_CONFIG ?? '{}');
const dist = path.join(root, 'shell', 'dist');
const csp = buildContentSecurityPolicy(config);
// The API as the page server reaches it: the proxy's internal listener (any API process, the visitor's address kept
// in X-Forwarded-For), never one process's own port.
const api = config.apiInternalUrl;

const fromApi = (file) => async () => {
  const response = await fetch(`${api}${file}`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`the API answered ${response.status} for ${file}`);
  return response.text();
};

// Metrics on PAGE_METRICS_PORT when set (one port per page server), traces when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const observability = await startPageObservability({ log: (message) => console.log(`[${config.name}] ${message}`) });

// Behind the proxy, the connection comes from the proxy: the visitor is the address it put in X-Forwarded-For (it
// sets the header from the address it saw), believed only on a connection from one of the proxy's addresses.
const trusted = new Set(config.trustedProxies ?? []);
const visitorAddress = (req) => {
  const peer = req.socket.remoteAddress;
  const forwarded = req.headers['x-forwarded-for'];
  if (!trusted.has(peer) || typeof forwarded !== 'string') return peer;
  return forwarded.split(',').pop().trim() || peer;
};

// The release registry: each visitor's versions of the remotes (the same answer on every page server, from the API's
// database), the uploaded releases under /releases/ (RELEASES_DIR, shared by the page servers).
const releases = createReleaseRegistry({
  baseRegistry: config.registry,
  apiUrl: api,
  siteOrigin: config.siteOrigin,
  releasesDir: config.releasesDir ?? process.env.RELEASES_DIR ?? null,
  log: (message) => console.log(`[${config.name}] ${message}`),
});
await releases.start();

const server = createStaticServer({
  visitorAddress,
  root: dist,
  metrics: observability.metrics,
  spa: true,
  releases,
  generated: {
    '/remotes.json': () => JSON.stringify(config.registry, null, 2),
    '/runtime-config.json': () => JSON.stringify(config.runtimeConfig, null, 2),
    '/robots.txt': fromApi('/robots.txt'),
    '/sitemap.xml': fromApi('/sitemap.xml'),
  },
  pageHeaders: () => ({ 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' }),
  renderPage: createPageRenderer({
    shellDist: dist,
    registry: config.registry,
    runtimeConfig: config.runtimeConfig,
    siteOrigin: config.siteOrigin,
    apiOrigin: api,
    log: (message) => console.log(`[render ${config.name}] ${message}`),
  }),
});
await listen(server, config.port, config.host ?? '127.0.0.1');

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  // In-flight pages finish; idle keep-alive connections from the proxy are closed so close() does not wait on them.
  // The spans still buffered are sent before the process ends.
  server.close(() => void Promise.allSettled([releases.stop(), observability.close()]).finally(() => process.exit(0)));
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
