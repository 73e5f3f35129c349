#!/usr/bin/env node
// The release commands (docs/decisions/0049-versioned-remote-releases.md):
//   npm run release -w mf-chat    the remote's tests, its production build, the upload of dist/ to
//                                 <DATA_DIR>/releases/<remote>/<version>/ (served by the site at /releases/, never
//                                 overwritten), and its registration in the release registry (not live yet)
//   npm run promote -- mf_chat@<version> [--canary 10] [--force] [--reason "…"]
//   npm run rollback -- mf_chat [--reason "…"]
// The version is the remote's semver and a content hash of its files (0.1.0+3f2a1bc9e0d4): the same files make the
// same version, other files another. The registry's side runs on the server against the API's database
// (server/src/releaseCommand.ts) as an operator with the release role: --as <email> or RELEASE_OPERATOR.
// Options of `release`: --skip-tests, --skip-build, --dist <folder> (a build made elsewhere). Every command takes
// --cluster: against `npm run start:cluster` (its database and its releases folder) rather than `npm start`'s.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { frontends, root } from './lib/apps.mjs';
import { adminEnv } from './lib/suite.mjs';

const STAMP = '.build-stamp';
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Every file of a build, relative and sorted (the build's own time stamp left out: it is not part of the release). */
export function releaseFiles(dir) {
  const files = [];
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && rel !== STAMP) files.push(rel);
    }
  };
  walk('');
  return files.sort();
}

/** sha256 over each file's path and content hash: what makes a version one set of files. */
export function filesHash(dir) {
  const hash = crypto.createHash('sha256');
  for (const rel of releaseFiles(dir)) hash.update(`${rel}\0${crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, rel))).digest('hex')}\n`);
  return hash.digest('hex');
}

/** sha256 of the exposes contract (line endings normalised): the same function as the server's exposesContractHash. */
export function exposesContractHash(base = root) {
  return crypto.createHash('sha256').update(fs.readFileSync(path.join(base, 'shared', 'src', 'contracts', 'exposes.ts'), 'utf8').replace(/\r\n/g, '\n')).digest('hex');
}

/** The registration of a build: from its manifest (shared requirements, runtime version) and its files. */
export function describeRelease(dist, { semver, commit }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const hash = filesHash(dist);
  const shared = new Map();
  for (const s of manifest.shared ?? []) {
    if (typeof s?.name === 'string' && typeof s.requiredVersion === 'string' && !shared.has(s.name)) {
      shared.set(s.name, { name: s.name, requiredVersion: s.requiredVersion, singleton: Boolean(s.singleton) });
    }
  }
  return {
    remote: manifest.name ?? manifest.id,
    version: `${semver}+${hash.slice(0, 12)}`,
    filesHash: hash,
    commit,
    shared: [...shared.values()],
    runtimeVersion: manifest.metaData?.pluginVersion ?? '0.0.0',
    exposesHash: exposesContractHash(),
  };
}

/** Copies dist/ to its version's folder once: an existing folder with the same files is left; other files refuse. */
export function upload(dist, releasesDir, release) {
  const target = path.join(releasesDir, release.remote, release.version);
  if (fs.existsSync(target)) {
    if (filesHash(target) !== release.filesHash) throw new Error(`${target} holds other files; a release is never overwritten`);
    return { target, copied: false };
  }
  const staging = `${target}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  for (const rel of releaseFiles(dist)) {
    fs.mkdirSync(path.dirname(path.join(staging, rel)), { recursive: true });
    fs.copyFileSync(path.join(dist, rel), path.join(staging, rel));
  }
  // Whole or not at all: the folder appears with every file in it.
  fs.renameSync(staging, target);
  return { target, copied: true };
}

function serverCommand(args, env) {
  const result = spawnSync(process.execPath, [tsx, path.join(root, 'server', 'src', 'releaseCommand.ts'), ...args], { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

function gitCommit() {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 && /^[0-9a-f]{40}$/.test(result.stdout.trim()) ? result.stdout.trim() : null;
}

/**
 * `npm run release -w <remote>`: tests, build, upload, registration. `register` runs the server's side with the
 * registration and the remaining arguments (by default the server's command in a process of its own; the tests pass
 * the same function run in theirs). Returns the exit code.
 */
export async function release(args, env, { register = (more) => serverCommand(['register', ...more], env) } = {}) {
  const take = (name) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    return args.splice(at, 2)[1];
  };
  const skip = (name) => (args.includes(name) ? (args.splice(args.indexOf(name), 1), true) : false);
  const distOption = take('--dist');
  const skipTests = skip('--skip-tests');
  const skipBuild = skip('--skip-build') || distOption !== undefined;
  // npm run -w <remote> runs in the remote's folder; `--dir mf-chat` from anywhere else.
  const dir = path.resolve(root, take('--dir') ?? path.relative(root, process.cwd()));
  const app = frontends.find((a) => !a.isHost && path.join(root, a.dir) === dir);
  if (!app) {
    console.error('Run it for one remote: npm run release -w mf-chat (the shell is not released this way).');
    return 2;
  }
  if (!skipTests) {
    console.log(`[release] ${app.dir}: tests`);
    const tests = spawnSync(process.execPath, [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci'], { cwd: dir, stdio: 'inherit', env });
    if (tests.status !== 0) {
      console.error(`[release] ${app.dir}: the tests failed; nothing was released`);
      return 1;
    }
  }
  if (!skipBuild) {
    console.log(`[release] ${app.dir}: production build`);
    const { buildFrontends } = await import('./lib/build.mjs');
    await buildFrontends({ only: [app.dir], force: true });
  }
  const dist = distOption ? path.resolve(distOption) : path.join(dir, 'dist');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const described = describeRelease(dist, { semver: pkg.version, commit: gitCommit() });
  if (described.remote !== app.name) {
    console.error(`[release] ${dist} holds ${described.remote}, not ${app.name}`);
    return 1;
  }
  const releasesDir = env.RELEASES_DIR || path.join(env.DATA_DIR || path.join(root, 'data'), 'releases');
  let uploaded;
  try {
    uploaded = upload(dist, releasesDir, described);
  } catch (error) {
    console.error(`[release] ${error.message}`);
    return 1;
  }
  console.log(`[release] ${described.remote}@${described.version}: ${uploaded.copied ? 'uploaded to' : 'already at'} ${uploaded.target}`);
  const code = await register([JSON.stringify(described), ...args]);
  if (code === 0) console.log(`[release] next: npm run promote -- ${described.remote}@${described.version} [--canary 10]`);
  return code;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let env;
  try {
    env = { ...process.env, ...adminEnv(process.env) };
  } catch (error) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  const [command, ...args] = process.argv.slice(2);
  // --cluster: against `npm run start:cluster` on this machine: its database, and its releases folder, which both of
  // its page servers serve.
  if (args.includes('--cluster')) {
    args.splice(args.indexOf('--cluster'), 1);
    const { resolveClusterConfig } = await import('./lib/cluster.mjs');
    const { databaseUrlFor } = await import('./lib/databaseUrl.mjs');
    const cluster = resolveClusterConfig(process.env);
    env = { ...env, DATABASE_URL: databaseUrlFor(process.env), DATA_DIR: cluster.dataDir, RELEASES_DIR: cluster.releasesDir };
  }
  if (command === 'release') process.exitCode = await release(args, env);
  else if (command === 'promote' || command === 'rollback') process.exitCode = serverCommand([command, ...args], env);
  else {
    console.error('Usage: node scripts/release.mjs release|promote|rollback …');
    process.exitCode = 2;
  }
}
