#!/usr/bin/env node
// `npm run test:e2e [-- playwright args]`: the Playwright suite alone (builds what is stale first). Without arguments
// the cluster part (e2e/cluster, against `npm run start:cluster`'s topology) runs after the main suite;
// `E2E_TOPOLOGY=cluster npm run test:e2e -- <args>` runs only it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/apps.mjs';
import { buildFrontends } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const chromium = ensureChromium();
if (!chromium) process.exit(1);
await buildFrontends();
const args = process.argv.slice(2);
const playwright = (topology) =>
  spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, ...(topology ? { E2E_TOPOLOGY: topology } : {}) },
  }).status ?? 1;
const main = playwright(null);
const cluster = args.length === 0 && process.env.E2E_TOPOLOGY !== 'cluster' ? playwright('cluster') : 0;
process.exit(main || cluster);
