#!/usr/bin/env node
// `npm run test:e2e [-- playwright args]`: the Playwright suite alone (builds what is stale first).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/apps.mjs';
import { buildFrontends } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const chromium = ensureChromium();
if (!chromium) process.exit(1);
await buildFrontends();
const result = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
