import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, test } from './fixtures';

// The identity-provider round trip against the local OpenID provider that the e2e server starts
// (server/src/dev/oidcProvider.ts; its demo identities are printed by npm start).
const liam = { email: 'liam.linkedin@sciexperts.test', password: 'liam-linkedin-demo' };
const site = e2eOrigins.site;
const dashboard = `${site}/profile/freelancer-dashboard`;

const header = (page: Page) => page.getByRole('banner');

/** The provider the site is configured with, as the browser reads it. */
async function providerOrigin(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/runtime-config.json')).json()) as { oidc: { authority: string } | null };
  expect(config.oidc, 'the e2e server runs the local OpenID provider').not.toBeNull();
  return new URL(config.oidc!.authority).origin;
}

async function openLoginModal(page: Page) {
  await header(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to SciExperts' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Clicks the modal's LinkedIn button and returns the authorize request the browser made. */
async function startLinkedInSignIn(page: Page, provider: string): Promise<URL> {
  const dialog = await openLoginModal(page);
  const authorize = page.waitForRequest((request) => request.url().startsWith(`${provider}/auth?`));
  await dialog.getByRole('button', { name: 'Sign in with LinkedIn' }).click();
  const url = new URL((await authorize).url());
  await expect(page.getByRole('heading', { name: 'Sign in with LinkedIn (simulated)' })).toBeVisible();
  return url;
}

async function signInAtProvider(page: Page) {
  await page.getByLabel('E-mail').fill(liam.email);
  await page.getByLabel('Password').fill(liam.password);
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

test.describe('identity provider sign-in', () => {
  test('LinkedIn through the provider with PKCE lands signed in on the dashboard, opens /chat, and logout ends the provider session', async ({ page, request }) => {
    const provider = await providerOrigin(request);
    await page.goto('/');
    const authorize = await startLinkedInSignIn(page, provider);
    expect(authorize.searchParams.get('connection')).toBe('linkedin');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(dashboard);

    await signInAtProvider(page);
    // Back on the site: signed in, on the dashboard, with the single-use code gone from the address bar.
    await expect(page.getByRole('button', { name: 'Hi, Liam!' })).toBeVisible();
    await expect(page).toHaveURL(dashboard);
    expect(await storedToken(page)).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('authMethod'))).toBe('identity');

    await page.getByRole('link', { name: 'Messages' }).first().click();
    await expect(page).toHaveURL(`${site}/chat`);
    await expect(page.getByRole('heading', { name: 'Direct Message' })).toBeVisible();

    const endSession = page.waitForRequest((r) => r.url().startsWith(`${provider}/session/end?`));
    await header(page).getByRole('button', { name: 'Logout' }).click();
    const logout = new URL((await endSession).url());
    expect(logout.searchParams.get('id_token_hint')).toBeTruthy();
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(site);
    // The provider ends its session and sends the browser back to the site origin, signed out.
    await expect(page).toHaveURL(`${site}/`);
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    // The provider session is over: the next sign-in asks for the identity again.
    await startLinkedInSignIn(page, provider);
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });

  test('a tampered state on the return URL is refused and nobody is signed in', async ({ page, request }) => {
    const provider = await providerOrigin(request);
    // The state is swapped on the way to the provider, which echoes it back on the return URL: the site
    // then holds a real code with a state it never issued. (Playwright routes only the first request of a
    // redirect chain, so the provider's redirect back to the site cannot be rewritten itself.)
    await page.route(
      (url) => url.href.startsWith(`${provider}/auth?`) && url.searchParams.get('state') !== 'tampered',
      async (route) => {
        const tampered = new URL(route.request().url());
        tampered.searchParams.set('state', 'tampered');
        await route.fulfill({ status: 302, headers: { location: tampered.href } });
      },
    );
    await page.goto('/');
    await startLinkedInSignIn(page, provider);
    const returned = page.waitForRequest((r) => r.url().startsWith(`${dashboard}?`));
    await signInAtProvider(page);
    const returnUrl = new URL((await returned).url());
    expect(returnUrl.searchParams.get('code')).toBeTruthy();
    expect(returnUrl.searchParams.get('state')).toBe('tampered');

    const alert = page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('does not match a sign-in started in this browser');
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(dashboard);
    expect(await storedToken(page)).toBeNull();

    // A way back: Try again opens the sign-in window.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to SciExperts' })).toBeVisible();

    await page.goto('/profile');
    await expect(page).toHaveURL(`${site}/`);
  });

  test("the chat guard signs a visitor in from the provider's session when the product token is gone", async ({ page, request }) => {
    const provider = await providerOrigin(request);
    await page.goto('/');
    await startLinkedInSignIn(page, provider);
    await signInAtProvider(page);
    await expect(page.getByRole('button', { name: 'Hi, Liam!' })).toBeVisible();

    // Only the product session is gone (the provider's is still held by this tab).
    await page.evaluate(() => ['authToken', 'userData', 'authMethod'].forEach((key) => localStorage.removeItem(key)));
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Direct Message' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });
});

test.describe('identity sign-in accessibility', () => {
  // axe-core writes style attributes while it measures (colour contrast), which the product's CSP rightly blocks.
  test.use({ bypassCSP: true });

  test('the failed sign-in screen passes axe (WCAG 2.2 AA)', async ({ page }) => {
    // A return that no sign-in in this browser started.
    await page.goto('/profile/freelancer-dashboard?code=made-up&state=made-up');
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
