#!/usr/bin/env node
// The several-process topology as the e2e suite's cluster part needs it (playwright.config.ts, E2E_TOPOLOGY=cluster):
// `npm run start:cluster` on a fresh database and data folder each run, the built front-end.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/apps.mjs';
import { buildFrontends } from './lib/build.mjs';
import { resolveClusterConfig, startCluster } from './lib/cluster.mjs';

// Without traces: the collector is start:cluster's tool for an operator, and the suite reads none of them.
const cluster = resolveClusterConfig({ TRACING: 'off', ...process.env });
fs.rmSync(path.resolve(root, cluster.dataDir), { recursive: true, force: true });
await buildFrontends();
const running = await startCluster(cluster);
console.log(`e2e cluster up at ${cluster.suite.siteOrigin}`);
const stop = () => void running.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
