#!/usr/bin/env node
/* global localStorage, performance, document -- used inside page scripts that run in the browser */
// `npm run bench`: builds the production suite, serves it, measures, prints a table of figures next to
// their goals and writes bench/results.json. Figures, not pass/fail tests: a missed goal is said plainly. A bench that
// breaks (throws, stops early, prints no figure) fails the run: exit 1, naming it, after the table.
// `npm run bench -- --smoke`: the server benches (server/bench/*.bench.ts), each on tiny data for a few seconds
// (BENCH_SMOKE=1), two at a time, then the chat embed's rows once (building only what is stale and serving the suite
// for them); it judges no figure, only that every bench runs to its figures. CI runs it after the tests.
// `--only=api,search` picks server benches by name (`embed` the embed's rows).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frontends, root } from './lib/apps.mjs';
import { describeFailures, runServerBenches } from './lib/serverBenches.mjs';
// The pages' tools (the browser, the builds, the suite, Lighthouse) are imported when used: the full run (main), and the
// smoke run's embed rows only.

const KB = 1024;
const benchEnv = {
  ...process.env,
  SHELL_PORT: '19080',
  MF_MARKETING_PORT: '19081',
  MF_AUTH_PORT: '19082',
  MF_CHAT_PORT: '19083',
  MF_PROFILE_PORT: '19084',
  MF_DIRECTORY_PORT: '19085',
  MF_PROJECTS_PORT: '19086',
  MF_ADMIN_PORT: '19087',
  API_PORT: '19000',
  DATA_DIR: path.join(root, '.runtime', 'bench-data'),
  LOG_LEVEL: 'warn',
};
const singleBundlePort = 19090;
/** The bench's partner page for the chat embed (scripts/lib/embedBench.mjs). */
const embedPartnerPort = 19092;
const smoke = process.argv.includes('--smoke');
/** `--only=api,search`: of the server benches, these alone (the smoke run's, or the full run's after the pages). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean) ?? null;
/** A smoke bench that runs longer than this is stuck; a full run's chat benches take minutes. */
const SMOKE_TIMEOUT_MS = 4 * 60_000;
const FULL_TIMEOUT_MS = 40 * 60_000;
const startedAt = Date.now();
/** A line on stderr for each step, with the time since the start: the run takes minutes and must not look stuck. */
const progress = (message) => {
  const s = Math.round((Date.now() - startedAt) / 1000);
  process.stderr.write(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${message}\n`);
};
const rows = [];
const add = (group, metric, value, unit, goal, met) => rows.push({ group, metric, value, unit, goal: goal ?? '', met: met ?? null });

function gzipBytesOf(url, distByOrigin) {
  const { origin, pathname } = new URL(url);
  const dist = distByOrigin.get(origin);
  if (!dist) return 0;
  const file = path.join(dist, pathname);
  for (const candidate of [`${file}.gz`, file]) {
    if (fs.existsSync(candidate)) return fs.statSync(candidate).size;
  }
  return 0;
}

async function firstRender(browser, url, distByOrigin, session) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (session) {
    await context.addInitScript(([token, user]) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('userData', JSON.stringify(user));
    }, [session.token, session.user]);
  }
  const page = await context.newPage();
  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = requests.filter((request) => request.resourceType() === 'script');
  const jsGzip = scripts.reduce((sum, request) => sum + gzipBytesOf(request.url(), distByOrigin), 0);
  // The shell's entry (its federation runtime is the difference from the single bundle's) and the remotes' entries.
  const gzipOfScripts = (test) => scripts.filter((request) => test(new URL(request.url()).pathname)).reduce((sum, request) => sum + gzipBytesOf(request.url(), distByOrigin), 0);
  const entryGzip = gzipOfScripts((pathname) => /^\/main\.[0-9a-f]+\.js$/.test(pathname));
  const remoteEntriesGzip = gzipOfScripts((pathname) => pathname.endsWith('/remoteEntry.js'));
  // The scripts the first paint had to wait for (Resource Timing's renderBlockingStatus): none when the page
  // arrives as HTML with deferred scripts; all of the page's when it renders in the browser.
  const blockingUrls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' && entry.renderBlockingStatus === 'blocking')
      .map((entry) => entry.name),
  );
  const paintedByScript = await page.evaluate(() => !document.getElementById('server-render'));
  // What the page fetched before it was hydrated (the shell's mark); its islands' code comes after, on idle, in view
  // or touched (decision 0020). Everything counts in jsGzip.
  const beforeHydratedUrls = await page.evaluate(() => {
    const mark = performance.getEntriesByName('sciexperts:hydrated')[0];
    return mark ? performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' && entry.startTime < mark.startTime).map((entry) => entry.name) : null;
  });
  const blockingGzip = paintedByScript ? jsGzip : blockingUrls.reduce((sum, u) => sum + gzipBytesOf(u, distByOrigin), 0);
  await context.close();
  const beforeHydratedGzip = beforeHydratedUrls === null ? null : beforeHydratedUrls.reduce((sum, u) => sum + gzipBytesOf(u, distByOrigin), 0);
  return { jsGzip, blockingGzip, beforeHydratedGzip, entryGzip, remoteEntriesGzip, scriptCount: scripts.length, requestCount: requests.length };
}

async function signInDemo(apiBase, readDemoAccounts, index = 0) {
  const account = readDemoAccounts()[index];
  if (!account) return null;
  const response = await fetch(`${apiBase}/api/Account/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) return null;
  return response.json();
}

function buildSingleBundle() {
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production', '--config', 'bench/single-bundle/webpack.config.cjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the single-bundle build failed');
  return (Date.now() - started) / 1000;
}

function printTable({ judged = true } = {}) {
  const header = judged ? ['group', 'metric', 'value', 'goal', 'met'] : ['group', 'metric', 'value (smoke: not a measurement)'];
  const body = rows.map((r) => [r.group, r.metric, `${r.value}${r.unit ? ` ${r.unit}` : ''}`, r.goal, r.met === null ? '' : r.met ? 'yes' : 'NO'].slice(0, header.length));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

/** The server benches; the failures are the run's to report once everything else is printed. */
async function serverBenches(env, options) {
  // `--only=embed` alone names no server bench: none runs.
  const serverOnly = only?.filter((name) => name !== 'embed') ?? null;
  if (serverOnly?.length === 0) return { rows: [], seconds: {}, failures: [] };
  const server = await runServerBenches({ root, dir: path.join(root, 'server', 'bench'), env, only: serverOnly, onProgress: progress, ...options });
  for (const row of server.rows) add(row.group, row.metric, row.value, row.unit, row.goal, row.met);
  return server;
}

function reportFailures(failures) {
  if (failures.length === 0) return;
  console.error(`\n${describeFailures(failures)}`);
  console.error(`\n${failures.length} bench${failures.length === 1 ? '' : 'es'} FAILED: ${failures.map((f) => f.bench).join(', ')}`);
  process.exitCode = 1;
}

/**
 * The chat embed's rows (issue 45): the loader's gzipped size, and from `<sciexperts-chat>` on a partner's page to its
 * first rendered conversation (median of `samples`; a demo member, talking to the second demo member).
 */
async function embedRows({ browser, env, config, readDemoAccounts, samples }) {
  const { loaderSize, embedFirstConversation } = await import('./lib/embedBench.mjs');
  const size = loaderSize();
  add('embed', 'loader @sciexperts/chat-embed (gzip)', (size.gzip / KB).toFixed(2), 'KB', '< 6 KB', size.gzip < 6 * KB);
  const member = await signInDemo(config.apiOrigin, readDemoAccounts);
  const counterpart = await signInDemo(config.apiOrigin, readDemoAccounts, 1);
  if (!member) {
    add('embed', '<sciexperts-chat> to first rendered conversation', 'not measured (demo sign-in failed)', '');
    return;
  }
  progress(`the chat embed on a partner page (${samples} sample${samples === 1 ? '' : 's'})…`);
  const times = await embedFirstConversation({ browser, env, config, member, counterpartId: counterpart?.user?.id, port: embedPartnerPort, samples });
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  add('embed', `<sciexperts-chat> to first rendered conversation (median of ${times.length}, signed in)`, median.toFixed(0), 'ms');
}

/** The smoke run's embed rows: builds what is stale, serves the suite on the bench ports, one sample. */
async function smokeEmbed() {
  const [{ chromium }, { buildFrontends }, { ensureChromium }, { readDemoAccounts, resolveSuiteConfig, startSuite }] = await Promise.all([
    import('@playwright/test'),
    import('./lib/build.mjs'),
    import('./lib/chromium.mjs'),
    import('./lib/suite.mjs'),
  ]);
  const chromiumPath = ensureChromium();
  if (!chromiumPath) throw new Error('no chromium for the embed bench');
  progress('embed: building what is stale, starting the suite…');
  await buildFrontends();
  fs.rmSync(benchEnv.DATA_DIR, { recursive: true, force: true });
  const config = resolveSuiteConfig(benchEnv);
  const suite = await startSuite(config, { env: benchEnv, log: () => undefined });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    await embedRows({ browser, env: benchEnv, config, readDemoAccounts, samples: 1 });
  } finally {
    await browser.close();
    await suite.stop();
  }
}

async function smokeRun() {
  const server = await serverBenches({ ...process.env, BENCH_SMOKE: '1', LOG_LEVEL: 'warn' }, { concurrency: 2, timeoutMs: SMOKE_TIMEOUT_MS });
  if (!only || only.includes('embed')) {
    try {
      await smokeEmbed();
    } catch (error) {
      server.failures.push({ bench: 'embed (partner page)', reason: error.message, tail: (error.stack ?? '').split('\n').slice(1, 6) });
    }
  }
  printTable({ judged: false });
  const seconds = Object.entries(server.seconds).map(([file, s]) => `${file} ${s.toFixed(0)} s`).join(', ');
  console.log(`\nsmoke: ${Object.keys(server.seconds).length} server benches in ${((Date.now() - startedAt) / 1000).toFixed(0)} s (${seconds})`);
  reportFailures(server.failures);
}

async function main() {
  if (smoke) return smokeRun();
  const [{ chromium }, { buildFrontends }, { ensureChromium }, { readDemoAccounts, resolveSuiteConfig, startSuite }, { createStaticServer, listen }, { runLighthouse }] = await Promise.all([
    import('@playwright/test'),
    import('./lib/build.mjs'),
    import('./lib/chromium.mjs'),
    import('./lib/suite.mjs'),
    import('./lib/staticServer.mjs'),
    import('./lib/lighthouse.mjs'),
  ]);
  const chromiumPath = ensureChromium();
  if (!chromiumPath) process.exit(1);

  progress('building every app for production, one at a time to time each…');
  const buildTimes = await buildFrontends({ force: true, concurrency: 1 });
  for (const app of frontends) {
    const seconds = buildTimes[app.dir];
    if (seconds !== undefined) add('build', `${app.dir} production build`, seconds.toFixed(1), 's', '< 20 s', seconds < 20);
  }
  progress('building the single-bundle comparison…');
  const singleSeconds = buildSingleBundle();
  add('build', 'single-bundle build (benchmark only)', singleSeconds.toFixed(1), 's');

  progress('starting the suite on the bench ports…');
  fs.rmSync(benchEnv.DATA_DIR, { recursive: true, force: true });
  const config = resolveSuiteConfig(benchEnv);
  const suite = await startSuite(config, { env: benchEnv, log: () => undefined });
  const singleDist = path.join(root, 'bench', 'single-bundle', 'dist');
  const single = createStaticServer({
    root: singleDist,
    spa: true,
    generated: { '/runtime-config.json': () => JSON.stringify(config.runtimeConfig), '/remotes.json': () => '{"remotes":[]}' },
  });
  await listen(single, singleBundlePort);
  const singleOrigin = `http://localhost:${singleBundlePort}`;

  const distByOrigin = new Map(config.apps.map((app) => [config.originOf(app.port), path.join(root, app.dir, 'dist')]));
  distByOrigin.set(singleOrigin, singleDist);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const session = await signInDemo(config.apiOrigin, readDemoAccounts);

  const pages = [
    { path: '/', public: true },
    { path: '/how-it-works', public: true },
    { path: '/join-expert', public: true },
    { path: '/profile', public: false },
    { path: '/chat', public: false },
  ];
  // The other public pages, measured by Lighthouse only: the directory's search, a subject's page, the FAQ and the
  // first expert profile the search's HTML links to (the single bundle has the home, how-it-works and join pages alone).
  const lighthouseOnlyPages = ['/find-an-expert', '/find-an-expert/subject/statistical-analysis', '/faq'];
  const searchHtml = await (await fetch(`${config.siteOrigin}/find-an-expert`)).text().catch(() => '');
  const profilePath = searchHtml.match(/href="(\/experts\/\d+-[a-z0-9-]+)"/)?.[1];
  if (profilePath) lighthouseOnlyPages.push(profilePath);
  else add('lighthouse', 'an expert profile', 'not measured (the search lists no expert)', '');
  const federated = {};
  const bundled = {};
  try {
    for (const page of pages) {
      if (!page.public && !session) {
        add('first render', `${page.path} JavaScript`, 'not measured (demo sign-in failed)', '');
        continue;
      }
      progress(`first render of ${page.path}…`);
      const measured = await firstRender(browser, `${config.siteOrigin}${page.path}`, distByOrigin, page.public ? null : session);
      federated[page.path] = measured;
      const goal = page.path === '/' ? '≤ 120 KB' : '';
      add('first render', `${page.path} JavaScript (gzip)`, (measured.jsGzip / KB).toFixed(1), 'KB', goal, page.path === '/' ? measured.jsGzip <= 120 * KB : null);
      add('first render', `${page.path} of it, what the first paint waits for`, (measured.blockingGzip / KB).toFixed(1), 'KB');
      if (measured.beforeHydratedGzip !== null) add('first render', `${page.path} of it, fetched before the page is hydrated (islands' code after)`, (measured.beforeHydratedGzip / KB).toFixed(1), 'KB');
      add('first render', `${page.path} requests (scripts)`, `${measured.requestCount} (${measured.scriptCount})`, '');
      if (page.public) {
        bundled[page.path] = await firstRender(browser, `${singleOrigin}${page.path}`, distByOrigin, null);
        const ratio = measured.jsGzip / bundled[page.path].jsGzip - 1;
        add('composition', `${page.path} federated vs single bundle, JS`, `${(bundled[page.path].jsGzip / KB).toFixed(1)} KB single, ${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}`, '%', '≤ +10 %', ratio <= 0.1);
        // What any page composed at run time carries before its own code: the federation runtime in the shell's entry
        // and the remote entries it loads. It does not shrink with the page, so it sets how close to the single bundle
        // a page of this size can come (decision 0020, round six). Figures only, no goal.
        const fixedCost = measured.entryGzip - bundled[page.path].entryGzip + measured.remoteEntriesGzip;
        add('composition', `${page.path} of it, the composition's fixed cost: federation runtime (shell entry against the single bundle's) and remote entries`, (fixedCost / KB).toFixed(1), 'KB');
        const beyondFixed = measured.jsGzip / (bundled[page.path].jsGzip + fixedCost) - 1;
        add('composition', `${page.path} federated vs single bundle plus that cost`, `${beyondFixed >= 0 ? '+' : ''}${(beyondFixed * 100).toFixed(1)}`, '%');
      }
    }
    // Interaction to Next Paint on the home page at 4× CPU (scripts/lib/inpBench.mjs).
    const { measureInp, inpRows } = await import('./lib/inpBench.mjs');
    for (const row of inpRows(await measureInp(browser, `${config.siteOrigin}/`, { onProgress: progress }))) add(row.group, row.metric, row.value, row.unit, row.goal, row.met);
    await embedRows({ browser, env: benchEnv, config, readDemoAccounts, samples: 5 });
  } finally {
    await browser.close();
  }

  const lighthouse = await runLighthouse({
    chromiumPath,
    onProgress: progress,
    pages: [
      ...pages.filter((p) => p.public).map((p) => ({ label: p.path, federated: `${config.siteOrigin}${p.path}`, single: `${singleOrigin}${p.path}` })),
      ...lighthouseOnlyPages.map((p) => ({ label: p, federated: `${config.siteOrigin}${p}` })),
    ],
  });
  for (const row of lighthouse) add(row.group, row.metric, row.value, row.unit, row.goal, row.met);

  const server = await serverBenches({ ...benchEnv, BENCH_API_URL: config.apiOrigin }, { timeoutMs: FULL_TIMEOUT_MS });
  for (const failure of server.failures) add('server', failure.bench, 'FAILED', '', '', false);

  // A restarted API process, timed from its start to readiness on the suite's database (decision 0047).
  progress('timing an API process from start to ready…');
  const { measureApiStart } = await import('./lib/apiStartBench.mjs');
  const apiStart = await measureApiStart(benchEnv, 19091);
  const apiStartSeconds = apiStart.medianMs === null ? null : apiStart.medianMs / 1000;
  add('server', 'API process ready after start (median of 3)', apiStartSeconds === null ? 'not ready in 60 s' : apiStartSeconds.toFixed(2), 's', '< 3 s', apiStartSeconds !== null && apiStartSeconds < 3);

  await new Promise((resolve) => single.close(resolve));
  await suite.stop();

  printTable();
  const results = { date: new Date().toISOString(), cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, rows, federated, bundled };
  fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${os.cpus().length} cores, ${results.date}; written to bench/results.json`);
  reportFailures(server.failures);
}

main().catch((error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
