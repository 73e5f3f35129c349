import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, signUpMember, test } from './fixtures';

// A hand-written federation container (e2e/remote-fixtures) the shell was never built with. It is served
// from the site's own origin, which the Content-Security-Policy already allows, and it reaches the shell only
// through the registry: /remotes.json is the product's, plus one entry that contributes a member-area page.
const fixtureDir = path.join(__dirname, 'remote-fixtures', 'mf-e2e-reviews');
const fixtureBase = `${e2eOrigins.site}/e2e-remotes/mf-e2e-reviews`;
const reviewsEntry = {
  name: 'mf_e2e_reviews',
  entry: `${fixtureBase}/mf-manifest.json`,
  pages: [{ path: 'reviews', title: 'Reviews', navLabel: 'Reviews', module: 'mf_e2e_reviews/ReviewsPage' }],
};

async function serveReviewsRemote(page: Page) {
  await page.route(`${e2eOrigins.site}/remotes.json`, async (route) => {
    const response = await route.fetch();
    const registry = (await response.json()) as { remotes: unknown[] };
    await route.fulfill({ response, json: { remotes: [...registry.remotes, reviewsEntry] } });
  });
  await page.route(`${fixtureBase}/*`, (route) => route.fulfill({ path: path.join(fixtureDir, path.basename(new URL(route.request().url()).pathname)) }));
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Profile', exact: true });

test.describe('the member area frame', () => {
  test('a page of a remote registered only in the registry appears in the frame and its sidebar', async ({ page, request }) => {
    await serveReviewsRemote(page);
    await signUpMember(request, page, 'Grace', 'Hopper');
    await page.goto('/profile/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeVisible();
    // After the shell's own pages.
    await expect(sidebar(page).getByRole('listitem').last()).toHaveText('Reviews');
    await sidebar(page).getByRole('link', { name: 'Reviews', exact: true }).click();
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/reviews`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Reviews you received' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Reviews');
    await expect(sidebar(page).getByRole('link', { name: 'Reviews', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Hi, Grace!' })).toBeVisible();
    // A direct load of the page works as well (the registry is read before the first render).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews you received' })).toBeVisible();
  });

  test('a manifest or a chunk that fails once is fetched again by the federation runtime: no error region', async ({ page, request }) => {
    const tries = { manifest: 0, chunk: 0 };
    await page.route(`${e2eOrigins.profile}/mf-manifest.json`, (route) => (++tries.manifest === 1 ? route.abort('connectionreset') : route.continue()));
    await page.route(`${e2eOrigins.profile}/__federation_expose_CallsPage*.js`, (route) => (++tries.chunk === 1 ? route.abort('connectionreset') : route.continue()));
    await signUpMember(request, page, 'Grace', 'Hopper');
    await page.goto('/profile/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(tries).toEqual({ manifest: 2, chunk: 2 });
  });

  test('a remote built for another federation runtime is refused in its own region, before its entry is fetched', async ({ page, request }) => {
    await page.route(`${e2eOrigins.profile}/mf-manifest.json`, async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as { metaData: { pluginVersion: string } };
      manifest.metaData.pluginVersion = '3.0.0';
      await route.fulfill({ response, json: manifest });
    });
    const entryRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${e2eOrigins.profile}/remoteEntry.js`)) entryRequests.push(r.url());
    });
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await signUpMember(request, page, 'Grace', 'Hopper');
    await page.goto('/profile/calls');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Sorry, this page could not be loaded.');
    await expect(page.getByRole('banner')).toContainText('Scheduled Calls');
    expect(entryRequests).toEqual([]);
    expect(messages.join('\n')).toContain('mf_profile was built with federation runtime 3.0.0, but this page provides');
  });

  test('a remote that stays down shows the error region in its page only; the frame works and Retry recovers', async ({ page, request }) => {
    await page.route(`${e2eOrigins.profile}/**`, (route) => route.abort('connectionrefused'));
    await signUpMember(request, page, 'Grace', 'Hopper');
    await page.goto('/profile/calls');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sorry, this page could not be loaded.');
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1);
    // The frame is the shell's: header, switch, menu and sidebar keep working without the profile remote.
    await expect(page.getByRole('banner')).toContainText('Scheduled Calls');
    await page.getByRole('switch', { name: 'Project Owner mode' }).click();
    await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
    await expect(page.getByRole('banner')).toContainText('Project Owner Dashboard');
    // Another remote's page (the dashboard is mf-projects') comes up as usual beside the one that is down.
    await expect(page.getByRole('heading', { level: 1, name: 'Project Owner Dashboard' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Hi, Grace!' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goBack();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Sorry, this page could not be loaded.');

    await page.unroute(`${e2eOrigins.profile}/**`);
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  // axe-core writes style attributes while it measures, which the CSP blocks; waived for these tests only.
  test.use({ bypassCSP: true });

  test('the frame with a registry page, and with a page whose remote is down, has no axe violations', async ({ page, request }) => {
    await serveReviewsRemote(page);
    await page.route(`${e2eOrigins.profile}/**`, (route) => route.abort('connectionrefused'));
    await signUpMember(request, page, 'Grace', 'Hopper');
    const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    await page.goto('/profile/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews you received' })).toBeVisible();
    expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await sidebar(page).getByRole('link', { name: 'Scheduled Calls', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
