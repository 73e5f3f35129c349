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
  const built = await buildFrontends();
  if (Object.keys(built).length === 0) console.log('front-end builds are up to date');

  const suite = await startSuite(config);
  console.log(suiteBanner(config));

  const shutdown = async (signal) => {
    console.log(`\n${signal}: stopping…`);
    await suite.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
