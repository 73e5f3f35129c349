// Releasing one remote alone (issue 44, docs/decisions/0049-versioned-remote-releases.md), end to end on the running
// product: versions of the marketing remote (the home page's) are released with the release command itself (a copy of
// its build, one visible string changed), previewed from the console (a signed link opened with the operator's session), put on a 50 % canary, rolled
// back; then a version that throws on render is rolled back by the canary check by itself, which the console shows.
// This file runs last and alone (playwright.config.ts): a canary of the home page would change what other files see.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RELEASE_PATHS } from '@sciexperts/shared/contracts';
import { e2eOrigins } from '../playwright.config';
import { COHORT_COOKIE, cohortBucket } from '../scripts/lib/releaseRegistry.mjs';
import { expect, sessionOf, signUp, test } from './fixtures';
import { commandEnv, createOperator, operatorSignedIn, repoRoot } from './operators';

const REMOTE = 'mf_marketing';
const BUILT_TITLE = 'Hire vetted scientific and research experts';
const NEW_TITLE = 'Hire vetted scientists: the second release';
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const work = path.join(repoRoot, '.runtime', `e2e-releases-${offset}`);
const word = Date.now().toString(36);
const releaser = `releaser.${word}@ops.sciexperts.test`;

/** Runs `node scripts/release.mjs …` as the release operator against the e2e run's database; its output. */
function releaseCommand(...args: string[]): string {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs'), ...args, '--as', releaser], { cwd: repoRoot, encoding: 'utf8', env: commandEnv() });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return run.stdout;
}

/**
 * A build of the marketing remote with `title` in place of the hero's heading (in the browser's chunk and the server
 * build alike: other files, so another version), released by the command as a team would; its version.
 */
function releaseBuild(name: string, title: string | null): string {
  const dist = path.join(work, name);
  fs.rmSync(dist, { recursive: true, force: true });
  fs.cpSync(path.join(repoRoot, 'mf-marketing', 'dist'), dist, { recursive: true });
  if (title !== null) {
    const changed: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.js')) {
          const text = fs.readFileSync(file, 'utf8');
          if (!text.includes(JSON.stringify(BUILT_TITLE))) continue;
          fs.writeFileSync(file, text.replaceAll(JSON.stringify(BUILT_TITLE), title));
          changed.push(path.relative(dist, file));
        }
      }
    };
    walk(dist);
    // The server build, and the browser chunk that holds the hero (which chunk that is, the bundler decides).
    expect(changed, 'the heading is in the server build').toContain(path.join('server', 'render.js'));
    expect(changed.length, 'the heading is in a browser chunk too').toBeGreaterThanOrEqual(2);
  }
  const out = releaseCommand('release', '--dir', 'mf-marketing', '--skip-tests', '--dist', dist);
  return /\[release\] mf_marketing@(\S+): uploaded to/.exec(out)![1]!;
}

/** Two cohort ids: one in the canary's half of the marketing remote's buckets, one outside it (the page servers' function). */
function cohorts(): { inCanary: string; outside: string } {
  let inCanary: string | undefined;
  let outside: string | undefined;
  for (let i = 0; !inCanary || !outside; i++) {
    const id = `e2e-cohort-${word}-${i}`;
    if (cohortBucket(REMOTE, id) < 50) inCanary ??= id;
    else outside ??= id;
  }
  return { inCanary, outside };
}

async function withCohort(context: BrowserContext, cohort: string): Promise<void> {
  await context.addCookies([{ name: COHORT_COOKIE, value: cohort, url: e2eOrigins.site }]);
}

/** React's hydration complaints (a server render that differs from the hydrating one) on the page, collected. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && /hydrat|did not match/i.test(m.text())) problems.push(m.text());
  });
  return problems;
}

/** The marketing release folders this page loaded files from (cached ones too). */
const releaseFolders = (page: Page) =>
  page.evaluate((remote) => {
    const folders = performance.getEntriesByType('resource').map((e) => new RegExp(`/releases/${remote}/([^/]+)/`).exec(e.name)?.[1]);
    return [...new Set(folders.filter((f): f is string => f !== undefined).map(decodeURIComponent))];
  }, REMOTE);

/**
 * What one visitor gets, twice (a load and a reload): the server's HTML and the hydrated page show `title`, the page's
 * files come from `version`'s folder only, and React found nothing to complain about while hydrating.
 */
async function expectVersion(context: BrowserContext, page: Page, problems: string[], version: string, title: string): Promise<void> {
  await expect.poll(async () => (await context.request.get('/')).text(), { message: 'the page servers have the change' }).toContain(title);
  for (const load of [() => page.goto('/'), () => page.reload()]) {
    const html = await (await context.request.get('/')).text();
    expect(html).toContain(title);
    expect(html).toContain(`/releases/${REMOTE}/${version}/`);
    await load();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await releaseFolders(page)).toEqual([version]);
    expect(problems).toEqual([]);
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('releasing the marketing remote alone', () => {
  let first: string;

  test.beforeAll(() => {
    fs.mkdirSync(work, { recursive: true });
    createOperator(releaser, 'release');
    // The first version: the remote as built, released and made live for everyone.
    first = releaseBuild('first', null);
    expect(releaseCommand('promote', `${REMOTE}@${first}`)).toContain(`${REMOTE}@${first} is live for everyone.`);
  });

  test('a second version: previewed by its team alone, a 50 % canary seen by one cohort only (a member\'s in every browser), then rolled back', async ({ browser, people, request }) => {
    test.setTimeout(180_000);
    const second = releaseBuild('second', JSON.stringify(NEW_TITLE));
    const { inCanary, outside } = cohorts();

    // Registered, not live: a visitor still gets the first version.
    const visitor = await people.visitor();
    const visitorProblems = hydrationProblems(visitor.page);
    await expectVersion(visitor.context, visitor.page, visitorProblems, first, BUILT_TITLE);

    // The team previews it from the console: the signed link, opened with the release operator's session, gives that
    // browser alone the release, with a banner; another visitor's page is unchanged.
    const ops = await operatorSignedIn(browser, `preview.${word}@ops.sciexperts.test`, 'release');
    try {
      await ops.page.getByRole('link', { name: 'Releases' }).click();
      await ops.page.getByRole('button', { name: `Preview ${second}` }).click();
      await expect(ops.page.getByText(`This browser previews ${second} until`)).toBeVisible();
      const [preview] = await Promise.all([ops.context.waitForEvent('page'), ops.page.getByRole('link', { name: 'Open the site' }).click()]);
      const previewProblems = hydrationProblems(preview);
      const banner = preview.getByRole('region', { name: 'Release preview' });
      await expect(banner).toHaveText(new RegExp(`Preview: ${REMOTE} ${second.replace(/[+.]/g, '\\$&')}\\. Only this browser sees it\\.`));
      await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
      expect(await releaseFolders(preview)).toEqual([second]);
      await preview.reload();
      await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
      expect(previewProblems).toEqual([]);
      await expectVersion(visitor.context, visitor.page, visitorProblems, first, BUILT_TITLE);
      await banner.getByRole('link', { name: 'Leave preview' }).click();
      await expect(preview.getByRole('heading', { level: 1 })).toHaveText(BUILT_TITLE);
      await expect(banner).toBeHidden();
    } finally {
      await ops.context.close();
    }

    // A 50 % canary: sticky per cohort, the same version in the server's HTML, the hydrated page and every reload.
    expect(releaseCommand('promote', `${REMOTE}@${second}`, '--canary', '50')).toContain(`${REMOTE}@${second} is live for 50 % of visitors`);
    const a = await people.visitor();
    const b = await people.visitor();
    await withCohort(a.context, inCanary);
    await withCohort(b.context, outside);
    const aProblems = hydrationProblems(a.page);
    const bProblems = hydrationProblems(b.page);
    await expectVersion(a.context, a.page, aProblems, second, NEW_TITLE);
    await expectVersion(b.context, b.page, bProblems, first, BUILT_TITLE);

    // A member's canary follows the member, not the browser: two browsers of one member, whose visitor cohorts fall on
    // either side of the 50 %, load the member's version once the shell has told the page server who is signed in.
    const member = await signUp(request, 'Cora', 'Canary');
    const asked = await request.get(`${e2eOrigins.api}${RELEASE_PATHS.memberCohort}`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(asked.ok(), await asked.text()).toBe(true);
    const { cohort } = (await asked.json()) as { cohort: string };
    const memberVersion = cohortBucket(REMOTE, cohort) < 50 ? second : first;
    for (const visitorCohort of [inCanary, outside]) {
      const { context, page } = await people.signedIn(sessionOf(member));
      await withCohort(context, visitorCohort);
      await page.goto('/how-it-works');
      // The shell asks once per member and browser session; the page server answers with the member's cohort cookie.
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === COHORT_COOKIE)?.value, { message: 'the member\'s cohort' }).toBe(cohort);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'How it Works' })).toBeVisible();
      expect(await releaseFolders(page)).toEqual([memberVersion]);
    }

    // One command back: both get the first version again.
    expect(releaseCommand('rollback', REMOTE)).toContain(`${REMOTE}: live is ${first}`);
    await expectVersion(a.context, a.page, aProblems, first, BUILT_TITLE);
    await expectVersion(b.context, b.page, bProblems, first, BUILT_TITLE);
  });

  test('a version that throws on render is rolled back by itself; the console shows its error rate and the rollback', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const broken = releaseBuild('broken', '(()=>{throw new Error("e2e: this release fails to render")})()');
    expect(releaseCommand('promote', `${REMOTE}@${broken}`, '--canary', '50')).toContain(`${REMOTE}@${broken} is live for 50 % of visitors`);
    const canaryOf = async () => {
      const live = (await (await request.get(`${e2eOrigins.api}${RELEASE_PATHS.live}`)).json()) as { remotes: Array<{ remote: string; canary: { version: string } | null }> };
      return live.remotes.find((r) => r.remote === REMOTE)?.canary?.version ?? null;
    };
    expect(await canaryOf()).toBe(broken);

    // A visitor of the canary's cohort: the remote's error boundary catches the render error (an error here is the
    // point, so this context is not under the suite's watch for page errors) and the shell reports it.
    const context = await browser.newContext({ baseURL: e2eOrigins.site });
    try {
      await withCohort(context, cohorts().inCanary);
      // The page servers learn of the canary within a second: until this cohort's registry names it, a load would
      // show the live version and end the wait below before the canary had served a single page.
      await expect
        .poll(async () => (await context.request.get('/remotes.json')).text(), { message: 'the page servers serve the canary to this cohort' })
        .toContain(`/releases/${REMOTE}/${broken}/`);
      const page = await context.newPage();
      await expect(async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: BUILT_TITLE, level: 1 })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 90_000 });
      expect(await canaryOf()).toBeNull();
      expect(await releaseFolders(page)).toEqual([first]);
    } finally {
      await context.close();
    }

    // Trust and safety's console: the broken version's errors beside its page loads, the rollback in its history and
    // in the audit log, by no operator.
    const ops = await operatorSignedIn(browser, `watch.${word}@ops.sciexperts.test`, 'operator');
    try {
      await ops.page.getByRole('link', { name: 'Releases' }).click();
      const section = ops.page.getByRole('region', { name: REMOTE });
      const row = section.getByRole('row', { name: new RegExp(broken.replace(/[+.]/g, '\\$&')) });
      const cells = row.getByRole('cell');
      const [loads, errors, rate] = [Number(await cells.nth(1).textContent()), Number(await cells.nth(2).textContent()), await cells.nth(3).textContent()];
      expect(loads).toBeGreaterThanOrEqual(5);
      expect(errors).toBeGreaterThan(0);
      expect(rate).toBe(`${((errors / loads) * 100).toFixed(1)} %`);
      await section.getByRole('button', { name: 'Show history' }).click();
      await expect(section.getByRole('list', { name: `History of ${REMOTE}` }).getByRole('listitem').first()).toContainText(
        `Rolled back automatically ${first} by automatic: canary ${broken} dropped; canary ${broken} rolled back automatically: error rate`,
      );
      await ops.page.getByRole('link', { name: 'Audit log' }).click();
      const entry = ops.page.getByRole('row').filter({ hasText: 'release.auto-rollback' }).first();
      await expect(entry).toContainText('automatic rollback (release)');
      await expect(entry).toContainText(`canary ${broken} rolled back automatically`);
    } finally {
      await ops.context.close();
    }
  });
});
