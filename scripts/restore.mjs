#!/usr/bin/env node
// `npm run restore -- <file>`: loads a dump written by `npm run backup` into the database DATABASE_URL names (the
// cluster's own by default), which must be empty: a fresh database (createdb) is the safe target, and the site's
// processes are pointed at it once the restore has finished. One transaction: a restore that fails leaves nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { databaseUrlFor } from './lib/databaseUrl.mjs';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <file written by npm run backup>   (DATABASE_URL names the empty database to restore into)');
  process.exit(2);
}
const url = databaseUrlFor(process.env);
const result = spawnSync('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', url, file], { stdio: 'inherit' });
if (result.error) {
  console.error(`pg_restore could not run (apt-get install postgresql-client): ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`Restored ${file} into ${url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')}`);
