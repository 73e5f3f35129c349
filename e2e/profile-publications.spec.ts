import AxeBuilder from '@axe-core/playwright';
import { API_PATHS } from '@sciexperts/shared/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, signUpMember, test, type SignedUpMember } from './fixtures';

// The Publication section against the real product: the API, the local ORCID stand-in and a throw-away database.
const api = e2eOrigins.api;
const PROFILE_URL = `${e2eOrigins.site}/profile`;

/** The stand-in's demo records (server/src/dev/orcidStandIn.ts). */
const CARBERRY = { name: 'Josiah Carberry', works: 5 };
const NEWCOMB = { name: 'Rosalind Newcomb' };
const FIRST_WORK = 'Psychoceramics: a study of cracked pots in the Rhode Island collection';

async function storedTitles(request: APIRequestContext, member: SignedUpMember): Promise<string[]> {
  const response = await request.get(`${api}/api/Publication/GetAllPublicationsByUserId/${member.id}`, { headers: { Authorization: `Bearer ${member.token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Array<{ title: string }>).map((work) => work.title);
}

const section = (page: Page) => page.getByRole('region', { name: 'Publication' });
const works = (page: Page) => section(page).getByRole('list', { name: 'Publications from ORCID' }).getByRole('listitem');

/** On the stand-in's authorize page: pick the ORCID account and press Authorize; back on /profile with a code. */
async function authorizeOnOrcid(page: Page, researcher: string) {
  await expect(page.getByRole('heading', { name: 'ORCID (local stand-in)' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(researcher) }).check();
  await page.getByRole('button', { name: 'Authorize' }).click();
}

test.describe('publications from ORCID', () => {
  test('the round trip through ORCID lists the works, stores them, and they stay after a reload', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    await page.goto('/profile');
    await expect(section(page).getByText('Connect your ORCID record to list your publications here.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publication: optional, not added yet' })).toBeVisible();

    const connect = section(page).getByRole('link', { name: 'Connect to ORCID' });
    const authorizeUrl = new URL((await connect.getAttribute('href'))!);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(PROFILE_URL);
    await connect.click();
    await expect(page).toHaveURL(/\/oauth\/authorize\?/);

    // ORCID returns to /profile with the code and our state; the section syncs, then the URL is clean.
    const returned = page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.has('code'));
    await authorizeOnOrcid(page, CARBERRY.name);
    await returned;
    await expect(works(page)).toHaveCount(CARBERRY.works);
    await expect(page).toHaveURL(PROFILE_URL);
    await expect(section(page).getByRole('status')).toHaveText(`Synced ${CARBERRY.works} publications from ORCID.`);
    await expect(page.getByRole('button', { name: 'Publication: completed' })).toBeVisible();

    const first = works(page).first();
    const link = first.getByRole('link', { name: `${FIRST_WORK} (opens in a new tab)` });
    await expect(link).toHaveAttribute('href', 'https://doi.org/10.5555/12345678');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(first.getByRole('definition')).toHaveText(['Journal article', 'March 14, 2021']);
    // A book known by title only: no link, year alone.
    const book = works(page).filter({ hasText: 'Methods in applied psychoceramics' });
    await expect(book.getByRole('link')).toHaveCount(0);
    await expect(book.getByRole('definition')).toHaveText(['Book', '2016']);

    expect(await storedTitles(request, member)).toHaveLength(CARBERRY.works);
    expect((await storedTitles(request, member))[0]).toBe(FIRST_WORK);

    await page.reload();
    await expect(works(page)).toHaveCount(CARBERRY.works);
    await expect(page).toHaveURL(PROFILE_URL);
    await expect(section(page).getByRole('link', { name: 'Sync again with ORCID' })).toBeVisible();
    await expect(section(page).getByRole('alert')).toHaveCount(0);
  });

  test('syncing again with an ORCID record that has no works shows the empty state and empties the stored list', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    await page.goto('/profile');
    await section(page).getByRole('link', { name: 'Connect to ORCID' }).click();
    await authorizeOnOrcid(page, CARBERRY.name);
    await expect(works(page)).toHaveCount(CARBERRY.works);

    await section(page).getByRole('link', { name: 'Sync again with ORCID' }).click();
    await authorizeOnOrcid(page, NEWCOMB.name);
    await expect(section(page).getByText('No publications found in your ORCID profile.')).toBeVisible();
    await expect(works(page)).toHaveCount(0);
    await expect(page).toHaveURL(PROFILE_URL);
    expect(await storedTitles(request, member)).toEqual([]);
  });

  test('a code that ORCID refuses shows the error; Retry goes back to ORCID and the sync succeeds', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    // As if this tab had sent the member to ORCID and ORCID had answered with a code it no longer accepts.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-orcid-state-set')) {
        sessionStorage.setItem('sciexperts.orcid.state', 'e2e-state');
        sessionStorage.setItem('e2e-orcid-state-set', '1');
      }
    });
    await page.goto('/profile?code=spent1&state=e2e-state');
    const alert = section(page).getByRole('alert');
    await expect(alert).toContainText('Failed to sync ORCID publications');
    await expect(alert).toContainText('The ORCID authorization code is invalid or was already used.');
    await expect(page).toHaveURL(PROFILE_URL);
    expect(await storedTitles(request, member)).toEqual([]);

    await section(page).getByRole('button', { name: 'Retry' }).click();
    await authorizeOnOrcid(page, CARBERRY.name);
    await expect(works(page)).toHaveCount(CARBERRY.works);
    await expect(section(page).getByRole('alert')).toHaveCount(0);
    expect(await storedTitles(request, member)).toHaveLength(CARBERRY.works);
  });

  test('a code from another tab (state not ours) is refused without calling the API', async ({ page, request }) => {
    await signUpMember(request, page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-orcid-state-set')) {
        sessionStorage.setItem('sciexperts.orcid.state', 'mine');
        sessionStorage.setItem('e2e-orcid-state-set', '1');
      }
    });
    let callbacks = 0;
    page.on('request', (req) => {
      if (req.url().includes(API_PATHS.orcidCallback)) callbacks += 1;
    });
    await page.goto('/profile?code=forged&state=someone-else');
    await expect(section(page).getByRole('alert')).toContainText('This answer from ORCID does not match a request from this browser tab. Please connect again.');
    await expect(page).toHaveURL(PROFILE_URL);
    expect(callbacks).toBe(0);
  });

  test('when the stored publications cannot be loaded: Something went wrong, and Retry loads them', async ({ page, request }) => {
    await signUpMember(request, page);
    await page.goto('/profile');
    await section(page).getByRole('link', { name: 'Connect to ORCID' }).click();
    await authorizeOnOrcid(page, CARBERRY.name);
    await expect(works(page)).toHaveCount(CARBERRY.works);

    // The browser calls the API on the site's own origin (the shell's server passes it through).
    const listCall = `${e2eOrigins.site}/api/Publication/GetAllPublicationsByUserId/**`;
    await page.route(listCall, (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }));
    await page.reload();
    const alert = section(page).getByRole('alert');
    await expect(alert).toContainText('Something went wrong');
    await expect(works(page)).toHaveCount(0);

    await page.unroute(listCall);
    await section(page).getByRole('button', { name: 'Retry' }).click();
    await expect(works(page)).toHaveCount(CARBERRY.works);
    await expect(alert).toHaveCount(0);
  });

  test('with ORCID not configured the link is disabled and says why', async ({ page, request }) => {
    await signUpMember(request, page);
    await page.route('**/runtime-config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), orcid: null } });
    });
    await page.goto('/profile');
    const link = section(page).getByRole('link', { name: 'Connect to ORCID' });
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await expect(link).not.toHaveAttribute('href');
    await expect(link).toHaveAccessibleDescription('ORCID is not configured for this site.');
    await expect(link).toBeDisabled();
    // Reachable by keyboard (so its reason can be heard), but pressing it goes nowhere.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(PROFILE_URL);
  });
});

test.describe('publications accessibility', () => {
  // axe-core writes style attributes while it measures; the CSP is waived for these scans only (as in profile.spec.ts).
  test.use({ bypassCSP: true });
  const scan = (page: Page) => new AxeBuilder({ page }).include('#publication').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const violations = (results: Awaited<ReturnType<typeof scan>>) => results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  test('the section has no axe violations with works listed, after an error, and when not configured', async ({ page, request }) => {
    await signUpMember(request, page);
    await page.goto('/profile');
    await section(page).getByRole('link', { name: 'Connect to ORCID' }).click();
    await authorizeOnOrcid(page, CARBERRY.name);
    await expect(works(page)).toHaveCount(CARBERRY.works);
    expect(violations(await scan(page))).toEqual([]);

    await page.route(`${e2eOrigins.site}/api/Publication/GetAllPublicationsByUserId/**`, (route) => route.abort());
    await page.reload();
    await expect(section(page).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(violations(await scan(page))).toEqual([]);
    await page.unrouteAll();

    await page.route('**/runtime-config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), orcid: null } });
    });
    await page.reload();
    await expect(section(page).getByText('ORCID is not configured for this site.')).toBeVisible();
    expect(violations(await scan(page))).toEqual([]);
  });
});
