#!/usr/bin/env node
// `npm run build`: production builds of the shell and every remote, and the compiled server (server/dist, esbuild);
// `--force` rebuilds all. Names limit it: `node scripts/build.mjs --force server` (what `npm run build -w server`
// runs) builds the server alone, `… mf-chat shell` those two front-ends.
import { buildFrontends } from './lib/build.mjs';
import { buildServer } from './lib/serverBuild.mjs';

const force = process.argv.includes('--force');
const only = process.argv.filter((arg) => !arg.startsWith('-')).slice(2);
const frontendsOnly = only.filter((name) => name !== 'server');
const main = async () => {
  if (only.length === 0 || only.includes('server')) await buildServer({ force });
  if (only.length === 0 || frontendsOnly.length > 0) await buildFrontends({ force, only: frontendsOnly.length ? frontendsOnly : null });
};
main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
