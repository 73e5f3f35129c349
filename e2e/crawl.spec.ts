import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { PUBLIC_PAGES } from '@sciexperts/shared/contracts';
import { expect, test } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The directory's and the projects' results are data, not pages of the site: profiles, projects and filtered or
 * paged searches grow with every member, and every service page links the project form with its own service. The
 * crawler follows this many links of each kind, enough to prove those links lead to real pages.
 */
const SAMPLED: Array<{ pattern: RegExp; max: number }> = [
  { pattern: /^\/experts\//, max: 6 },
  { pattern: /^\/find-an-expert(\/subject\/[^?]+)?\?/, max: 12 },
  { pattern: /^\/create-project\?/, max: 3 },
  { pattern: /^\/projects(\/|\?)/, max: 4 },
];
/** Member-only paths: a visitor is sent home from these, by design. */
const MEMBER_ONLY = [/^\/profile(\/|$)/, /^\/chat(\?|$)/];

/** Same-site paths (with their query, without the fragment) of every link in the page. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`);
}

/** Links that only exist while a menu is open: the desktop dropdowns and the phone drawer. */
async function menuLinks(page: Page): Promise<string[]> {
  const found: string[] = [];
  const main = page.getByRole('navigation', { name: 'Main' });
  const toggles = main.locator('button[aria-expanded]');
  for (let i = 0; i < (await toggles.count()); i += 1) {
    await toggles.nth(i).click();
    found.push(...(await linksOn(page)));
    await page.keyboard.press('Escape');
  }
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  found.push(...(await linksOn(page)));
  await page.getByRole('button', { name: 'Close menu' }).click();
  if (desktop) await page.setViewportSize(desktop);
  return found;
}

async function expectRealPage(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }).first(), `${path} shows its main heading`).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' }), `${path} is not the not-found page`).toHaveCount(0);
  await expect(page.getByText(/could not be loaded/i), `${path} loaded its remote`).toHaveCount(0);
  const title = await page.title();
  expect(title, `${path} has its own title`).not.toMatch(/^(SciExperts)?$/);
  const descriptions = await page.locator('head meta[name="description"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
  expect(descriptions.length, `${path} has a meta description`).toBeGreaterThan(0);
  expect(descriptions.every((d) => d.trim().length >= 50), `${path}'s description says something (${descriptions.join(' | ')})`).toBe(true);
}

test.describe('every link leads somewhere real', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a visitor following every same-site link from / reaches a real page each time', async ({ page }) => {
    test.setTimeout(300_000);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      // The browser asks for /favicon.ico on its own; the site declares no icon, so that 404 is not a broken link.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    const queue = ['/'];
    const seen = new Set(queue);
    const visited: string[] = [];
    const skipped = new Set<string>();
    const sampled = SAMPLED.map(() => 0);
    while (queue.length > 0) {
      const path = queue.shift()!;
      await page.goto(path);
      await expectRealPage(page, path);
      visited.push(path);
      const links = [...(await linksOn(page)), ...(path === '/' ? await menuLinks(page) : [])];
      for (const link of links) {
        if (seen.has(link)) continue;
        seen.add(link);
        const kind = SAMPLED.findIndex(({ pattern }) => pattern.test(link));
        if (MEMBER_ONLY.some((re) => re.test(link))) skipped.add(link);
        else if (kind >= 0 && sampled[kind]! >= SAMPLED[kind]!.max) continue;
        else {
          if (kind >= 0) sampled[kind]! += 1;
          queue.push(link);
        }
      }
    }
    console.log(`crawler: visited ${visited.length} pages; not followed (members only): ${[...skipped].sort().join(', ')}`);
    expect(consoleErrors, 'console errors while crawling').toEqual([]);
    // Every page of the sitemap is reachable by following links.
    const visitedPaths = new Set(visited.map((p) => p.split('?')[0]));
    expect(PUBLIC_PAGES.filter((p) => !visitedPaths.has(p)), 'sitemap pages no link leads to').toEqual([]);
  });

  test('robots.txt and the sitemap are served at the site origin', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Disallow: /profile');
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.slice(0, PUBLIC_PAGES.length)).toEqual([...PUBLIC_PAGES]);
    // Then every listed expert's public profile, from the database.
    const profiles = locs.slice(PUBLIC_PAGES.length);
    expect(profiles.length).toBeGreaterThan(0);
    expect(profiles.every((p) => /^\/experts\/\d+-[a-z0-9-]+$/.test(p))).toBe(true);
  });
});

test.describe('content pages accessibility', () => {
  // The pages in four groups, each a test of its own shared by the two workers: one page per group keeps its cache
  // from one page to the next (a fresh page per test loaded every remote again, 10 s a page), and each group has its
  // own time limit (one test over all 44 pages ran out of its 5 minutes on a busy machine). A violation names its page.
  test.describe.configure({ mode: 'parallel' });
  // axe-core writes style attributes while it measures (colour contrast), which the product's CSP rightly blocks.
  test.use({ bypassCSP: true });

  // The three marketing pages of the first slices have their own axe tests.
  const pages = PUBLIC_PAGES.filter((p) => !['/', '/how-it-works', '/join-expert'].includes(p));
  const GROUPS = 4;
  const size = Math.ceil(pages.length / GROUPS);
  for (let group = 0; group < GROUPS; group++) {
    const paths = pages.slice(group * size, (group + 1) * size);
    test(`axe finds no WCAG 2.2 AA violations on ${paths[0]} to ${paths.at(-1)}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const violations: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        violations.push(...results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      }
      expect(violations).toEqual([]);
    });
  }
});
