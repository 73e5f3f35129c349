#!/usr/bin/env node
// `npm run start:cluster`: builds what is not built yet, then runs the several-process topology behind nginx
// (scripts/lib/cluster.mjs). Ctrl-C stops everything it started.
import { buildFrontends } from './lib/build.mjs';
import { clusterBanner, resolveClusterConfig, startCluster } from './lib/cluster.mjs';

async function main() {
  let cluster;
  try {
    cluster = resolveClusterConfig();
  } catch (error) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  let starting = null;
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    const running = await starting?.catch(() => null);
    await running?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const built = await buildFrontends();
  if (Object.keys(built).length === 0) console.log('front-end builds are up to date');
  starting = startCluster(cluster);
  const running = await starting;
  if (stopping) return;
  console.log(clusterBanner(cluster, running));
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
