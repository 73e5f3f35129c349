#!/usr/bin/env node
// The product as the e2e suite needs it: a fresh database each run, the built front-end, all services.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/apps.mjs';
import { buildFrontends } from './lib/build.mjs';
import { resolveSuiteConfig, startSuite } from './lib/suite.mjs';

const config = resolveSuiteConfig();
fs.rmSync(path.resolve(root, config.dataDir), { recursive: true, force: true });
config.dataDir = path.resolve(root, config.dataDir);
await buildFrontends();
const suite = await startSuite(config);
console.log(`e2e product up at ${config.siteOrigin}`);
const stop = () => void suite.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
