#!/usr/bin/env node
// `npm run admin -- resolve <milestoneId> release|refund`: the operator's commands (server/src/admin.ts), run with
// the configuration the API has. Beside `npm start`, that is the database and the local payment stand-in `npm start`
// gives the API, resolved from the same environment by the same function (adminEnv in lib/suite.mjs); in a
// deployment, the deployment's own environment.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminEnv } from './lib/suite.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
let env;
try {
  env = { ...process.env, ...adminEnv(process.env) };
} catch (error) {
  // The same refusal `npm start` gives for the same environment (two services on one port, half a provider).
  console.error(`Configuration error: ${error.message}`);
  process.exit(2);
}
const result = spawnSync(process.execPath, [tsx, path.join(root, 'server', 'src', 'admin.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
process.exit(result.status ?? 1);
