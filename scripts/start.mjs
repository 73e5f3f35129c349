#!/usr/bin/env node
// `npm start`: builds what is not built yet, then serves the whole product on localhost.
import { buildFrontends } from './lib/build.mjs';
import { suiteBanner } from './lib/banner.mjs';
import { resolveSuiteConfig, startSuite } from './lib/suite.mjs';

async function main() {
  let config;
  try {
    config = resolveSuiteConfig();
  } catch (error) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  // Listening from the start: a signal while the servers are starting must stop the ones already started, or
  // they would outlive this process and hold their ports. During the builds there is nothing to stop yet.
  let suiteStarting = null;
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    const suite = await suiteStarting?.catch(() => null);
    await suite?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const built = await buildFrontends();
  if (Object.keys(built).length === 0) console.log('front-end builds are up to date');

  suiteStarting = startSuite(config);
  await suiteStarting;
  if (stopping) return; // shutdown stops it
  console.log(suiteBanner(config));
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
