#!/usr/bin/env node
// `npm run admin -- resolve <milestoneId> release|refund`: the operator's commands (server/src/admin.ts), run with
// the same configuration (environment) as the API.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const result = spawnSync(process.execPath, [tsx, path.join(root, 'server', 'src', 'admin.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
