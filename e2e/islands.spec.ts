import { type Page } from '@playwright/test';
import { ISLAND, PENDING_ISLAND_SELECTOR } from '@sciexperts/shared/contracts';
import { e2eOrigins } from '../playwright.config';
import { createExpert, expect, test, uniqueWord } from './fixtures';

// Islands (decision 0020, "Round three"): a public page's parts that are only read keep the server's HTML, never
// hydrated on the page's first load; the parts a person operates (the header's menus and sign-in button, the searches)
// are hydrated once their code has loaded. Each test here holds the islands' code, acts on the page the way a visitor
// would meanwhile, then lets it load: what was clicked happens, what was typed stays, and the page works after.

/** Holds every island's chunk until `release`; the page itself (HTML, shell, remotes) loads as usual. */
async function holdIslands(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.split('/').pop()!.startsWith(ISLAND.chunkPrefix) && url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Opens `path` and waits for the page (not its islands) to be hydrated: the fixture's goto would wait for the islands too. */
async function openBeforeIslands(page: Page, path: string) {
  await page.mainFrame().goto(`${e2eOrigins.site}${path}`);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

const pendingIslands = (page: Page) => page.evaluate((selector) => Array.from(document.querySelectorAll(selector), (element) => element.getAttribute('data-island')), PENDING_ISLAND_SELECTOR);
const allIslandsHydrated = (page: Page) => page.waitForFunction((selector) => document.querySelector(selector) === null, PENDING_ISLAND_SELECTOR);

/** How many elements of the page's read-only parts React has taken over: none, on a page's first load. */
const hydratedReadOnlyElements = (page: Page) =>
  page.evaluate(
    (attribute) =>
      Array.from(document.querySelectorAll(`[${attribute}] *`)).filter((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))).length,
    ISLAND.readOnlyAttribute,
  );

/** Reports what React said about the markup it hydrated (a mismatch re-renders the part in the browser). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/rendered again in the browser|hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

const solutionsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Solutions' });

test.describe('islands on the public pages', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  let profilePath = '';
  let word = '';
  test.beforeAll(async ({ request }) => {
    word = uniqueWord();
    const expert = await createExpert(request, {
      firstName: 'Ida',
      lastName: `Island${word.slice(2, 6)}`,
      headline: `Epidemiologist for ${word} cohort studies`,
      summary: `I design the ${word} cohort studies of small populations.`,
      fee: 90,
      country: 'FR',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    // The profile's readable address, as the directory links it: a shorter one is replaced in the page at once, which
    // is a navigation, and a navigation hydrates everything (see the last test).
    const html = await (await request.get(`${e2eOrigins.site}/find-an-expert?q=${word}`)).text();
    profilePath = html.match(new RegExp(`href="(/experts/${expert.id}-[^"]+)"`))![1]!;
  });

  // search: the page's search form and its box (filtersInPlace: it filters the page instead of leading to the
  // directory); field: a form field typed into before its island is hydrated (the concierge's request).
  const pages: Array<{ path: () => string; search?: { form: string; box: string; filtersInPlace?: boolean }; field?: string }> = [
    { path: () => '/', search: { form: 'Find an expert by subject', box: 'searchbox' } },
    { path: () => '/how-it-works' },
    { path: () => '/join-expert' },
    { path: () => '/find-an-expert', search: { form: 'Expert search', box: 'Search experts' } },
    { path: () => '/find-an-expert/subject/statistical-analysis', search: { form: 'Expert search', box: 'Search experts' } },
    { path: () => '/faq', search: { form: 'Search the questions', box: 'Search the questions', filtersInPlace: true } },
    { path: () => '/concierge', field: 'Your name' },
    { path: () => profilePath },
  ];

  for (const spec of pages) {
    test(`the menu and the search work before and after the islands hydrate, and nothing typed is lost: ${spec.path() || 'a profile'}`, async ({ page }) => {
      const problems = watchHydration(page);
      const release = await holdIslands(page);
      await openBeforeIslands(page, spec.path());
      expect(await pendingIslands(page)).toContain('site-header');
      expect(await hydratedReadOnlyElements(page)).toBe(0);

      // Before: the menu is clicked (held by the shell), words are typed into the page's search.
      await solutionsButton(page).click();
      const form = spec.search ? page.getByRole('search', { name: spec.search.form }) : null;
      const box = form ? (spec.search!.box === 'searchbox' ? form.getByRole('searchbox') : form.getByLabel(spec.search!.box)) : null;
      await box?.pressSequentially(`${word} cohort`);
      const field = spec.field ? page.getByLabel(spec.field) : null;
      await field?.pressSequentially(`Ida ${word}`);
      await expect(solutionsButton(page)).toHaveAttribute('aria-expanded', 'false');

      release();
      await allIslandsHydrated(page);
      // The held click opened the menu once the header was hydrated; the words are still there, and in the form's state.
      await expect(solutionsButton(page)).toHaveAttribute('aria-expanded', 'true');
      await solutionsButton(page).click();
      await expect(solutionsButton(page)).toHaveAttribute('aria-expanded', 'false');
      // After: the menu opens, the sign-in button opens the sign-in window.
      await solutionsButton(page).click();
      await expect(solutionsButton(page)).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      // The read-only parts were never hydrated (the FAQ's search rendered its filtered answers afresh, in the browser).
      if (!spec.search?.filtersInPlace) expect(await hydratedReadOnlyElements(page)).toBe(0);

      if (field) await expect(field).toHaveValue(`Ida ${word}`);
      if (box && spec.search?.filtersInPlace) {
        await expect(box).toHaveValue(`${word} cohort`);
        await expect(page.getByRole('status').filter({ hasText: 'No question matches' })).toHaveText(`No question matches “${word} cohort”.`);
      } else if (box) {
        await expect(box).toHaveValue(`${word} cohort`);
        await box.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/find-an-expert.*[?&]q=${word}(\\+|%20)cohort`));
        // The directory's search shows the words searched for (the home page's search leads there).
        await expect(page.getByRole('search', { name: 'Expert search' }).getByLabel('Search experts')).toHaveValue(`${word} cohort`);
      }
      expect(problems).toEqual([]);
    });
  }

  test('the sign-in button clicked before the header is hydrated opens the sign-in window once it is', async ({ page }) => {
    const release = await holdIslands(page);
    await openBeforeIslands(page, '/join-expert');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    // Held: nothing opened yet; the page's own call to action is an island too.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('a search sent before its island is hydrated is sent once it is, with its words', async ({ page }) => {
    const problems = watchHydration(page);
    const release = await holdIslands(page);
    await openBeforeIslands(page, '/');
    const form = page.getByRole('search', { name: 'Find an expert by subject' });
    await form.getByRole('searchbox').pressSequentially(word);
    await form.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(`${e2eOrigins.site}/`);
    release();
    await expect(page).toHaveURL(new RegExp(`/find-an-expert\\?q=${word}$`));
    await expect(page.getByRole('link', { name: new RegExp(`Island${word.slice(2, 6)}`) })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a link in a part React never hydrated is followed in the page, without loading a new document', async ({ page }) => {
    const problems = watchHydration(page);
    await page.goto('/');
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    // The footer is only read: its links are plain anchors from the server, routed by the shell.
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'How it Works' });
    expect(await footerLink.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(false);
    await footerLink.click();
    await expect(page).toHaveURL('/how-it-works');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The page rendered in the browser renders its read-only parts and islands at once, and they work.
    await solutionsButton(page).click();
    await expect(solutionsButton(page)).toHaveAttribute('aria-expanded', 'true');
    // The next page's islands render with it in the navigation's transition, which React does not have to redo.
    expect(problems).toEqual([]);
  });
});
