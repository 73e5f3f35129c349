// `npm run dev`: one front-end app (the shell or a remote) served by webpack-dev-server with hot module
// replacement and React fast refresh, on the same port, registry and Content-Security-Policy as `npm start`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './apps.mjs';
import { buildContentSecurityPolicy, commonSecurityHeaders, openerHeaders, remotePageHeaders, SITE_FRAMED_PAGES } from './securityHeaders.mjs';
import { API_PROXY_PREFIXES, chatGeneratedFiles, shellGeneratedFiles } from './suite.mjs';

/** A request's path and its query (with the '?'), for openerHeaders. */
const splitUrl = (url) => {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
};
import { generatedContentType } from './staticServer.mjs';

const require = createRequire(import.meta.url);

/** The dev servers' hot-update sockets: the only thing the development CSP adds to the production one. */
export function devSocketOrigins(config, devApps) {
  return devApps.map((app) => config.originOf(app.port).replace(/^http/, 'ws'));
}

/** Headers of every dev-server response: the page headers of `npm start`, plus CORS for a remote's files. */
export function devHeaders(config, app, devApps) {
  const csp = buildContentSecurityPolicy(config, { devConnect: devSocketOrigins(config, devApps) });
  return {
    ...commonSecurityHeaders,
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    // The shell's page (another origin) fetches a remote's manifest, entry, chunks and hot updates.
    ...(app.isHost ? {} : { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' }),
  };
}

/**
 * Starts webpack-dev-server for `app` and resolves once it listens; `ready` resolves after the first compile.
 * @param {object} options
 * @param {ReturnType<import('./suite.mjs').resolveSuiteConfig>} options.config
 * @param {object} options.app       an entry of config.apps
 * @param {object[]} options.devApps every app served in development (their sockets go into the CSP)
 * @param {string} [options.host]
 * @param {(line: string) => void} [options.log]
 */
export async function startDevServer({ config, app, devApps, host = '127.0.0.1', log = console.log }) {
  const webpack = require('webpack');
  const WebpackDevServer = require('webpack-dev-server');
  const factory = require(path.join(root, app.dir, 'webpack.config.cjs'));
  // WEBPACK_SERVE is what `webpack serve` passes too: createConfig turns on fast refresh for it.
  const compiler = webpack(factory({ WEBPACK_SERVE: true }, { mode: 'development' }));

  let first = true;
  let started = Date.now();
  compiler.hooks.invalid.tap('sciexperts-dev', () => {
    started = Date.now();
  });
  compiler.hooks.done.tap('sciexperts-dev', (stats) => {
    const ms = Date.now() - started;
    const failed = stats.hasErrors();
    if (first) log(`${app.dir}: ${failed ? 'compiled with errors' : 'compiled'} in ${(ms / 1000).toFixed(1)} s`);
    else log(`${app.dir}: ${failed ? 'rebuilt with errors' : 'rebuilt'} in ${ms} ms`);
    first = false;
  });

  const generated = app.isHost ? shellGeneratedFiles(config) : app.dir === 'mf-chat' ? chatGeneratedFiles(config) : {};
  const server = new WebpackDevServer(
    {
      host,
      port: app.port,
      hot: true, // falls back to a full reload when an update cannot be applied in place
      static: false,
      historyApiFallback: true,
      // The partners' sign-in popup keeps its cross-origin opener (openerHeaders) in development too.
      // A remote's page the site frames (/developers' live example) may be framed by the site alone.
      headers: (req) => {
        const [pathname, query] = splitUrl(req.url ?? '/');
        const headers = devHeaders(config, app, devApps);
        if (app.isHost) return { ...headers, ...openerHeaders(pathname, query) };
        if (!SITE_FRAMED_PAGES.has(pathname)) return headers;
        const framed = { ...headers, ...remotePageHeaders(pathname, headers['Content-Security-Policy'], config.siteOrigin) };
        delete framed['X-Frame-Options'];
        return framed;
      },
      // The site's API on its own origin, as `npm start` serves it (apiProxy.mjs): calls and the socket pass through.
      ...(app.isHost ? { proxy: [{ context: API_PROXY_PREFIXES, target: `http://127.0.0.1:${config.apiPort}`, ws: true, xfwd: true }] } : {}),
      client: {
        // Explicit, because a remote's client runs inside the shell's page (another port).
        webSocketURL: { protocol: 'ws', hostname: config.host, port: app.port, pathname: '/ws' },
        overlay: { errors: true, warnings: false, runtimeErrors: false },
        logging: 'warn',
      },
      setupExitSignals: false,
      setupMiddlewares: (middlewares) => {
        for (const [urlPath, produce] of Object.entries(generated)) {
          middlewares.unshift({
            name: `sciexperts-generated ${urlPath}`,
            path: urlPath,
            middleware: (req, res, next) => {
              if (req.method !== 'GET' && req.method !== 'HEAD') return next();
              Promise.resolve()
                .then(() => produce())
                .then(
                  (body) => {
                    res.writeHead(200, { ...devHeaders(config, app, devApps), 'Content-Type': generatedContentType(urlPath), 'Cache-Control': 'no-cache' });
                    res.end(req.method === 'HEAD' ? undefined : body);
                  },
                  () => res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not available right now.'),
                );
            },
          });
        }
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  const ready = new Promise((resolve) => server.middleware.waitUntilValid(() => resolve()));
  return { server, ready, stop: () => server.stop() };
}
