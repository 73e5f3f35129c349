#!/usr/bin/env node
// `npm run build`: production builds of the shell and every remote (`--force` rebuilds all).
import { buildFrontends } from './lib/build.mjs';

const force = process.argv.includes('--force');
const only = process.argv.filter((arg) => !arg.startsWith('-')).slice(2);
buildFrontends({ force, only: only.length ? only : null }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
