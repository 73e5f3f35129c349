// Release registry benchmark (issue 44; run by `npm run bench`, or alone: `node_modules/.bin/tsx server/bench/releases.bench.ts`):
// - what the per-visitor registry costs a page load on the page server: its answer for one visitor (seven remotes,
//   one on a canary; the cohort bucketing, the registry and its JSON), p50 and p95, goal under 5 ms at p95;
// - the time from a promotion (the release command's function returning) to the first page load that gets the new
//   version, on each of two page server processes (scripts/page-server.mjs, as start:cluster runs them) against one
//   API process and its database: the slower of the two, goal under 5 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createReleaseRegistry } from '../../scripts/lib/releaseRegistry.mjs';
import { PasswordHasher } from '../src/auth/passwords';
import { openConfiguredDatabase } from '../src/db/connect';
import { runOperatorCommand } from '../src/modules/admin/command';
import { runReleaseCommand } from '../src/modules/releases/command';
import { currentShellProfile } from '../src/modules/releases/repository';
import { SMOKE, figureWriter, freePort, knob, percentile, runBench, waitHealthy } from './benchKit';

const ROOT = path.resolve(__dirname, '..', '..');
const emit = figureWriter('Releases');
const LOOKUPS = knob('BENCH_RELEASE_LOOKUPS', 20_000, 500);
const PROMOTIONS = knob('BENCH_RELEASE_PROMOTIONS', 10, 2);
const REMOTES = ['mf_marketing', 'mf_auth', 'mf_chat', 'mf_profile', 'mf_directory', 'mf_projects', 'mf_admin'];
const SITE = 'https://bench.invalid';
const base = { remotes: REMOTES.map((name, i) => ({ name, entry: `http://127.0.0.1:${18081 + i}/mf-manifest.json` })) };
const entry = (remote: string, version: string) => `/releases/${remote}/${version}/mf-manifest.json`;

/** The registry's answer for one visitor at a time, each with a cohort of their own, as the page server computes it. */
async function perVisitorCost(): Promise<void> {
  const live = {
    remotes: REMOTES.map((remote, i) => ({
      remote,
      live: { version: `0.1.${i}+aaaaaaaaaaaa`, entry: entry(remote, `0.1.${i}+aaaaaaaaaaaa`) },
      canary: remote === 'mf_chat' ? { version: '0.2.0+bbbbbbbbbbbb', entry: entry(remote, '0.2.0+bbbbbbbbbbbb'), percent: 10 } : null,
    })),
  };
  const fetchImpl = (async () => new Response(JSON.stringify(live), { status: 200, headers: { etag: 'W/"g1"' } })) as unknown as typeof fetch;
  const registry = createReleaseRegistry({ baseRegistry: base, apiUrl: 'http://api.invalid', siteOrigin: SITE, fetchImpl });
  await registry.refresh();
  const times: number[] = [];
  for (let i = 0; i < LOOKUPS; i += 1) {
    const req = { url: '/', headers: { cookie: `theme=dark; sx_cohort=${randomBytes(16).toString('base64url')}` } };
    const started = performance.now();
    await registry.forRequest(req, { count: true });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  emit('per-visitor registry, one page load (7 remotes, 1 canary), p50', Number(percentile(times, 50).toFixed(3)), 'ms');
  emit('per-visitor registry, one page load (7 remotes, 1 canary), p95', Number(p95.toFixed(3)), 'ms', '< 5 ms', SMOKE ? null : p95 < 5);
}

function startChild(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { PATH: process.env.PATH ?? '', ...env } });
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  return child;
}

/** The version of mf_chat a page server's /remotes.json gives a new visitor now. */
async function servedVersion(url: string): Promise<string | undefined> {
  const response = await fetch(`${url}/remotes.json`);
  const registry = (await response.json()) as { remotes: Array<{ name: string; version?: string }> };
  return registry.remotes.find((r) => r.name === 'mf_chat')?.version;
}

async function promotionReach(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-release-bench-'));
  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  const children: ChildProcess[] = [];
  const db = openConfiguredDatabase({ databaseUrl: null, databaseSchema: null, databasePoolSize: 1, dataDir });
  try {
    const apiChild = startChild(['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
      NODE_ENV: 'production',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'https://api.bench.invalid',
      SITE_URL: SITE,
      CORS_ORIGINS: SITE,
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    children.push(apiChild);
    await waitHealthy(api, apiChild);

    // The release operator and two registered versions, as the release command makes them (its functions, here).
    const email = 'releaser@bench.invalid';
    const quiet = { out: () => undefined };
    if ((await runOperatorCommand(['create-operator', email, 'release'], { db, hasher: new PasswordHasher({ memoryKiB: 1024, iterations: 1 }), ...quiet })) !== 0) throw new Error('create-operator failed');
    const shell = currentShellProfile();
    const versions = ['0.1.0+aaaaaaaaaaaa', '0.2.0+bbbbbbbbbbbb'];
    const command = (args: string[]) => runReleaseCommand(args, { db, env: { RELEASE_OPERATOR: email }, shell: () => shell, ...quiet });
    for (const [i, version] of versions.entries()) {
      const registration = { remote: 'mf_chat', version, filesHash: String(i + 1).repeat(64), commit: null, shared: [], runtimeVersion: shell.runtimeVersion, exposesHash: shell.exposesHash };
      if ((await command(['register', JSON.stringify(registration)])) !== 0) throw new Error(`registering ${version} failed`);
    }

    // Two page servers, each told everything in PAGE_SERVER_CONFIG as start:cluster tells them.
    const pageServers: string[] = [];
    for (const name of ['page-1', 'page-2']) {
      const port = await freePort();
      const config = { name, port, host: '127.0.0.1', registry: base, runtimeConfig: { apiBaseUrl: SITE }, siteOrigin: SITE, apiInternalUrl: api, releasesDir: path.join(dataDir, 'releases') };
      const child = startChild([path.join(ROOT, 'scripts', 'page-server.mjs')], { PAGE_SERVER_CONFIG: JSON.stringify(config) });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
        if (await servedVersion(url).then(() => true, () => false)) break;
        if (Date.now() > deadline) throw new Error(`${name} did not answer`);
        await new Promise((r) => setTimeout(r, 100));
      }
      pageServers.push(url);
    }

    const reach: number[] = [];
    for (let round = 0; round < PROMOTIONS; round += 1) {
      const version = versions[round % 2]!;
      if ((await command(['promote', `mf_chat@${version}`])) !== 0) throw new Error(`promoting ${version} failed`);
      const promoted = performance.now();
      const firstLoads = await Promise.all(
        pageServers.map(async (url) => {
          // A new visitor's page load every 20 ms on each process, until one gets the new version.
          for (;;) {
            if ((await servedVersion(url)) === version) return performance.now() - promoted;
            if (performance.now() - promoted > 30_000) throw new Error(`${url} never served ${version}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        }),
      );
      reach.push(Math.max(...firstLoads));
    }
    reach.sort((a, b) => a - b);
    const worst = reach[reach.length - 1]!;
    emit('promote → first page load with the new version, both of 2 page servers, p50', Math.round(percentile(reach, 50)), 'ms');
    emit('promote → first page load with the new version, both of 2 page servers, max', Math.round(worst), 'ms', '< 5 s', SMOKE ? null : worst < 5000);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('releases', async () => {
  await perVisitorCost();
  await promotionReach();
});
