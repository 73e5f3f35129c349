#!/usr/bin/env node
// Run after any `npm install` that changes package-lock.json:  node scripts/lockfile-platform-stubs.mjs
//
// The registry mirror of our machines serves only this platform's native binaries (the others answer 404),
// so npm leaves other platforms' optional packages out of the lock, and then `npm ci` refuses the lock
// as out of sync. This records each missing optional package with its os/cpu, exactly as a lock made
// with full registry access would; `npm ci` then skips them on a platform they do not match.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');

const osNames = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const cpuNames = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => osNames.includes(part));
  let cpu = parts.find((part) => cpuNames.includes(part));
  if (!cpu && parts.includes('arm') === false && parts.some((p) => p.startsWith('arm'))) cpu = 'arm';
  const libc = parts.find((part) => part === 'gnu' || part.startsWith('gnueabi')) ? 'glibc' : parts.includes('musl') || parts.some((p) => p.startsWith('musleabi')) ? 'musl' : null;
  return { os, cpu, libc };
}

function missingPackages() {
  const result = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8' });
  const output = `${result.stdout}\n${result.stderr}`;
  return [...output.matchAll(/Missing: (\S+?)@\S* from lock file/g)].map((match) => match[1]);
}

const missing = missingPackages();
if (missing.length === 0) {
  console.log('package-lock.json is complete: npm ci accepts it.');
  process.exit(0);
}

const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
let added = 0;
for (const name of missing) {
  const parent = Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name]);
  if (!parent) {
    console.error(`no package in the lock lists ${name} as optional; not stubbing it`);
    continue;
  }
  const { os, cpu, libc } = platformOf(name);
  const entry = { version: parent.optionalDependencies[name].replace(/^[\^~=]/, ''), optional: true };
  if (parent.dev) entry.dev = true;
  if (cpu) entry.cpu = [cpu];
  if (os) entry.os = [os];
  if (libc) entry.libc = [libc];
  if (name.includes('wasm32')) entry.cpu = ['wasm32'];
  lock.packages[`node_modules/${name}`] = entry;
  added += 1;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} other-platform optional packages in package-lock.json`);
const still = missingPackages();
if (still.length) {
  console.error(`npm ci still reports missing: ${still.join(', ')}`);
  process.exit(1);
}
console.log('npm ci accepts package-lock.json now.');
