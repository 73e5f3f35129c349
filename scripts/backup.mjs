#!/usr/bin/env node
// `npm run backup -- <file>`: a consistent copy of the PostgreSQL database in pg_dump's custom format (one
// snapshot, taken while the site keeps running). `npm run restore -- <file>` brings it back (scripts/restore.mjs).
// The database: DATABASE_URL, or the one `npm run start:cluster` uses on this machine (CLUSTER_DATABASE, "sciexperts").
// Uploaded files live in DATA_DIR/uploads, outside the database: copy that folder beside the dump (README).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { databaseUrlFor } from './lib/databaseUrl.mjs';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>   (DATABASE_URL names the database; the cluster\'s own by default)');
  process.exit(2);
}
const url = databaseUrlFor(process.env);
fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
// Custom format: compressed, restorable table by table, and pg_restore can recreate it in an empty database.
// No owners or privileges: the dump restores under whichever role the operator restores with.
const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, '--dbname', url], { stdio: 'inherit' });
if (result.error) {
  console.error(`pg_dump could not run (apt-get install postgresql-client): ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`Backed up ${url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')} to ${file} (${fs.statSync(file).size} bytes)`);
