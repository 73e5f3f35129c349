// The release commands on a SQLite database of their own (scripts/release.mjs with the server's side,
// server/src/modules/releases/command.ts): a build is uploaded once under its version and registered, not live; only
// an operator with the release role may release; promote, canary and rollback change what is live, and a release the
// shell cannot run is refused with the reasons. The server's side runs in this process (its TypeScript through tsx),
// as the command runs it, with the arguments release.mjs passes; one release runs the command as a team types it, in
// processes of its own, to show the wiring. Run by `npm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { require as tsRequire } from 'tsx/cjs/api';
import { root } from '../lib/apps.mjs';
import { describeRelease, filesHash, release as releaseBuild } from '../release.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-release-cmd-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', SCIEXPERTS_ENV: '', RELEASE_OPERATOR: '' };
const installed = (pkg) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
const server = (file) => tsRequire(path.join(root, 'server', 'src', file), import.meta.url);
const { loadConfig } = server('config.ts');
const { openConfiguredDatabase } = server('db/connect.ts');
const { migrate } = server('db/migrations/index.ts');
const { runReleaseCommand } = server('modules/releases/command.ts');
const { runOperatorCommand } = server('modules/admin/command.ts');
const { PasswordHasher } = server('auth/passwords.ts');
const config = loadConfig(env);
const db = openConfiguredDatabase(config);

/** `npm run promote|rollback -- …` (release.mjs hands its arguments to the server's command as they are). */
async function run(args) {
  const lines = [];
  const code = await runReleaseCommand(args, { db, env, out: (line) => lines.push(line) });
  return { code, out: lines.join('\n') };
}

/** A build of mf-chat as webpack leaves it: a manifest naming the shared modules and the runtime, and its files. */
function fakeBuild(name, text, { react = `~${installed('react')}`, runtime = installed('@module-federation/enhanced') } = {}) {
  const dist = path.join(dataDir, name);
  fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'static', 'chat.js'), `console.log(${JSON.stringify(text)});`);
  fs.writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString());
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: 'mf_chat', name: 'mf_chat', metaData: { pluginVersion: runtime, publicPath: 'auto' }, shared: [{ name: 'react', requiredVersion: react, singleton: true }], exposes: [] }),
  );
  return dist;
}

/** `npm run release -w mf-chat -- --skip-tests --dist <dist> …`, its registration run here. */
async function release(dist, ...more) {
  const lines = [];
  const code = await releaseBuild(['--dir', 'mf-chat', '--skip-tests', '--dist', dist, ...more], env, {
    register: (args) => runReleaseCommand(['register', ...args], { db, env, out: (line) => lines.push(line) }),
  });
  return { code, out: lines.join('\n') };
}

before(async () => {
  await migrate(db.kysely, db.dialect);
  const hasher = new PasswordHasher(config.passwordHash);
  for (const [email, role] of [
    ['rel@sciexperts.test', 'release'],
    ['money@sciexperts.test', 'finance'],
  ]) {
    assert.equal(await runOperatorCommand(['create-operator', email, role], { db, hasher, out: () => undefined }), 0);
  }
});

after(async () => {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('release uploads the build once under its version and registers it, not live', async () => {
  const dist = fakeBuild('build-1', 'first');
  const described = describeRelease(dist, { semver: '0.1.0', commit: null });
  assert.match(described.version, /^0\.1\.0\+[0-9a-f]{12}$/);
  const refused = await release(dist, '--as', 'money@sciexperts.test');
  assert.equal(refused.code, 1);
  assert.match(refused.out, /money@sciexperts\.test is not an operator who may change releases/);

  const done = await release(dist, '--as', 'rel@sciexperts.test');
  assert.equal(done.code, 0, done.out);
  const target = path.join(dataDir, 'releases', 'mf_chat', described.version);
  assert.match(done.out, new RegExp(`Registered mf_chat@${described.version.replace('+', '\\+')} \\(not live yet\\)`));
  assert.equal(fs.readFileSync(path.join(target, 'static', 'chat.js'), 'utf8'), 'console.log("first");');
  assert.equal(fs.existsSync(path.join(target, '.build-stamp')), false);
  assert.equal(filesHash(target), described.filesHash);
});

test('promote, canary and rollback change what is live; the gate refuses what the shell cannot run', async () => {
  env.RELEASE_OPERATOR = 'rel@sciexperts.test';
  const first = describeRelease(fakeBuild('build-1', 'first'), { semver: '0.1.0', commit: null }).version;
  const secondDist = fakeBuild('build-2', 'second');
  assert.equal((await release(secondDist)).code, 0);
  const second = describeRelease(secondDist, { semver: '0.1.0', commit: null }).version;

  assert.match((await run(['promote', `mf_chat@${first}`])).out, new RegExp(`mf_chat@${first.replace('+', '\\+')} is live for everyone`));
  const canary = await run(['promote', `mf_chat@${second}`, '--canary', '10']);
  assert.equal(canary.code, 0);
  assert.match(canary.out, /is live for 10 % of visitors \(live for the others: 0\.1\.0\+/);
  const back = await run(['rollback', 'mf_chat']);
  assert.equal(back.code, 0);
  assert.match(back.out, new RegExp(`mf_chat: live is ${first.replace('+', '\\+')} \\(canary ${second.replace('+', '\\+')} dropped\\)`));

  const oldReact = fakeBuild('build-3', 'third', { react: '^18.2.0' });
  assert.equal((await release(oldReact)).code, 0);
  const third = describeRelease(oldReact, { semver: '0.1.0', commit: null }).version;
  const refused = await run(['promote', `mf_chat@${third}`]);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /The live shell cannot run this release/);
  assert.match(refused.out, new RegExp(`- react: the release needs \\^18\\.2\\.0, the shell provides ${installed('react').replace(/\./g, '\\.')}`));
  const forced = await run(['promote', `mf_chat@${third}`, '--force', '--reason', 'drill']);
  assert.equal(forced.code, 0);
  assert.match(forced.out, /Recorded: forced past the gate: react: the release needs \^18\.2\.0/);
});

test('the command as a team types it: release.mjs runs the server’s side in a process of its own', () => {
  const dist = fakeBuild('build-4', 'fourth');
  const version = describeRelease(dist, { semver: '0.1.0', commit: null }).version;
  const typed = spawnSync(process.execPath, [path.join(root, 'scripts', 'release.mjs'), 'release', '--dir', 'mf-chat', '--skip-tests', '--dist', dist, '--as', 'rel@sciexperts.test'], { cwd: root, env, encoding: 'utf8' });
  assert.equal(typed.status, 0, typed.stdout + typed.stderr);
  assert.match(typed.stdout, new RegExp(`Registered mf_chat@${version.replace('+', '\\+')} \\(not live yet\\)`));
  assert.match(typed.stdout, new RegExp(`next: npm run promote -- mf_chat@${version.replace('+', '\\+')}`));
});
