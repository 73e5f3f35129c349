#!/usr/bin/env node
// `npm run dev`: the development loop. The shell and every remote are served by webpack-dev-server with
// React fast refresh on the ports `npm start` uses (so the registry and the CSP are the same), the API
// restarts when its sources change (tsx watch), and the identity and ORCID stand-ins run as in `npm start`.
//
// `npm run dev -- mf-chat [mf-profile …]`: only those remotes (and the shell, which hosts the registry and
// provides React's development build that fast refresh needs) run in development; the other remotes are
// their production builds (built first when stale) on the static server of `npm start`.
import { frontends } from './lib/apps.mjs';
import { suiteBanner } from './lib/banner.mjs';
import { buildFrontends } from './lib/build.mjs';
import { startDevServer } from './lib/devServer.mjs';
import { resolveSuiteConfig, startSuite } from './lib/suite.mjs';

// The API and webpack run in development whatever the calling shell has set.
process.env.NODE_ENV = 'development';

function selectApps(args, apps) {
  const wanted = args.filter((arg) => !arg.startsWith('-'));
  if (wanted.length === 0) return apps;
  const unknown = wanted.filter((name) => !frontends.some((a) => a.dir === name || a.name === name));
  if (unknown.length) {
    throw new Error(`unknown app ${unknown.join(', ')}; choose from ${frontends.map((a) => a.dir).join(', ')}`);
  }
  return apps.filter((a) => a.isHost || wanted.includes(a.dir) || wanted.includes(a.name));
}

async function main() {
  let config;
  let devApps;
  try {
    config = resolveSuiteConfig();
    devApps = selectApps(process.argv.slice(2), config.apps);
  } catch (error) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  const staticApps = config.apps.filter((a) => !devApps.includes(a)).map((a) => a.dir);
  if (staticApps.length) await buildFrontends({ only: staticApps });

  const devServers = [];
  let suite = null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([...devServers.map((d) => d.stop()), suite?.stop()]);
  };
  const shutdown = async (signal) => {
    console.log(`\n${signal}: stopping…`);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const started = Date.now();
  try {
    // The first compiles and the API's start overlap.
    const host = process.env.STATIC_HOST || '127.0.0.1';
    const servers = devApps.map((app) => startDevServer({ config, app, devApps, host }).then((dev) => (devServers.push(dev), dev)));
    const suiteStarted = startSuite(config, { watchApi: true, staticApps }).then((s) => (suite = s));
    // Settle everything first, so a failure (a port in use) never leaves a half-started suite running.
    const failed = (await Promise.allSettled([...servers, suiteStarted])).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    await Promise.all(devServers.map((d) => d.ready));
  } catch (error) {
    console.error(`npm run dev could not start: ${error.message}`);
    await stop();
    process.exit(1);
  }
  console.log(
    suiteBanner(config, {
      title: `SciExperts development loop is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s):`,
      servedBy: (app) => (devApps.includes(app) ? 'dev server, fast refresh' : 'production build'),
    }),
  );
  console.log('The API restarts when server/ or shared/ sources change; front-end edits refresh in place.\n');
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
