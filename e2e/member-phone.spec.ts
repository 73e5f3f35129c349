import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, signUpMember, test } from './fixtures';

// The public header's bar is --header-height (64 px) at every width: the member header's one line is held to that.
const ONE_LINE = 64;

const drawerButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Profile menu' });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Profile menu' });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** The accessible name (or text) of the focused element, for a keyboard walk. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '' : '';
  });

/** Presses Tab until the focus comes back to where it started (the drawer keeps it inside), naming each stop. */
async function tabRound(page: Page): Promise<string[]> {
  const first = await focusedName(page);
  const names = [first];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const name = await focusedName(page);
    if (name === first) return names;
    names.push(name);
  }
  throw new Error(`the focus never came back to ${first}: ${names.join(' | ')}`);
}

async function openBilling(page: Page) {
  await page.goto('/profile/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
}

test.describe('the member area on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the header is one line, no taller than the public one, and the page starts right below it without shifting it', async ({ page, request }) => {
    // Shifts of anything inside the header while the page and its counts load (the Layout Instability API).
    await page.addInitScript(() => {
      const w = window as unknown as { headerShifts: number };
      w.headerShifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ sources?: Array<{ node?: Node | null }> }>) {
          for (const source of entry.sources ?? []) {
            const node = source.node;
            const element = node instanceof Element ? node : node?.parentElement;
            if (element?.closest('header')) w.headerShifts += 1;
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signUpMember(request, page, 'Grace', 'Hopper');
    await page.goto('/find-an-expert');
    const publicHeader = await page.getByRole('banner').boundingBox();

    await openBilling(page);
    const header = (await page.getByRole('banner').boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    console.log(`390 px: public header ${publicHeader!.height} px, member header ${header.height} px, page starts at ${main.y} px`);
    expect(header.height).toBeLessThanOrEqual(ONE_LINE);
    // Nothing else (a second bar) sits above the page.
    expect(main.y).toBeLessThanOrEqual(header.y + header.height + 1);
    // One line: the title, the drawer button and the bell share a row.
    const title = (await page.getByRole('banner').getByText('Billing', { exact: true }).boundingBox())!;
    const button = (await drawerButton(page).boundingBox())!;
    const bellBox = (await bell(page).boundingBox())!;
    for (const box of [title, bellBox]) expect(Math.abs(box.y + box.height / 2 - (button.y + button.height / 2))).toBeLessThanOrEqual(2);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => (window as unknown as { headerShifts: number }).headerShifts)).toBe(0);
  });

  test('every control is reachable by keyboard; Escape closes the drawer and the panel and the focus returns', async ({ page, request }) => {
    await signUpMember(request, page, 'Grace', 'Hopper');
    await openBilling(page);
    // From the top of the page: the drawer button first, then the bell.
    await page.keyboard.press('Tab');
    await expect(drawerButton(page)).toBeFocused();
    await expect(drawerButton(page)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await expect(drawerButton(page)).toHaveAttribute('aria-expanded', 'true');
    const stops = await tabRound(page);
    expect(stops).toEqual([
      'Close menu',
      'Project Owner mode',
      'Dashboard',
      'Profile',
      'My Projects',
      'Browse Projects',
      'Proposals',
      'Workspace',
      'Payment Details',
      'Billing',
      'Scheduled Calls',
      'Account settings',
      'My profile',
      'Messages',
      'View Profile',
      'Settings',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(drawerButton(page)).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(bell(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeHidden();
    await expect(bell(page)).toBeFocused();

    // The switch by keyboard: Space in the drawer moves to the owner dashboard and closes the drawer.
    await drawerButton(page).focus();
    await page.keyboard.press('Enter');
    await drawer(page).getByRole('switch', { name: 'Project Owner mode' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/project-owner-dashboard`);
    await expect(drawer(page)).toBeHidden();
    await expect(drawerButton(page)).toBeFocused();
    await expect(page.getByRole('banner')).toContainText('Project Owner Dashboard');
    // A page link by keyboard.
    await page.keyboard.press('Enter');
    await drawer(page).getByRole('link', { name: 'Scheduled Calls' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/calls`);
    await expect(drawer(page)).toBeHidden();
  });

  test('every control works by tap, and a tap beside the drawer closes it', async ({ page, request }) => {
    const member = await signUpMember(request, page, 'Grace', 'Hopper');
    await openBilling(page);
    const tapInDrawer = async (role: 'link' | 'button' | 'switch', name: string) => {
      await drawerButton(page).tap();
      await expect(drawer(page)).toBeVisible();
      await drawer(page).getByRole(role, { name, exact: true }).tap();
      await expect(drawer(page)).toBeHidden();
    };

    await bell(page).tap();
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await bell(page).tap();
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeHidden();

    await tapInDrawer('switch', 'Project Owner mode');
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/project-owner-dashboard`);
    await tapInDrawer('link', 'Proposals');
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/proposals`);
    await drawerButton(page).tap();
    // The choice shows in the drawer after it moved on, and Dashboard follows it.
    await expect(drawer(page).getByRole('switch', { name: 'Project Owner mode' })).toHaveAttribute('aria-checked', 'true');
    await expect(drawer(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/profile/project-owner-dashboard');
    await page.touchscreen.tap(385, 400);
    await expect(drawer(page)).toBeHidden();

    await tapInDrawer('link', 'My profile');
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile`);
    await tapInDrawer('button', 'Settings');
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/settings`);
    await tapInDrawer('button', 'View Profile');
    await expect(page).toHaveURL(`${e2eOrigins.site}/experts/${member.id}`);
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/settings`);
    await tapInDrawer('link', 'Messages');
    await expect(page).toHaveURL(`${e2eOrigins.site}/chat`);
    await page.goBack();
    await tapInDrawer('button', 'Logout');
    await expect(page).toHaveURL(`${e2eOrigins.site}/`);
  });

  test('the drawer does not slide for a member who asks for reduced motion', async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUpMember(request, page, 'Grace', 'Hopper');
    await openBilling(page);
    await drawerButton(page).click();
    await expect(drawer(page)).toBeVisible();
    const animations = await drawer(page).evaluate((dialog) => Array.from(dialog.querySelectorAll('*')).map((el) => getComputedStyle(el).animationName).filter((name) => name !== 'none'));
    expect(animations).toEqual([]);
  });
});

test.describe('the member area on a 390 px phone, for axe', () => {
  // axe-core writes style attributes while it measures, which the CSP blocks; waived for this test only.
  test.use({ viewport: { width: 390, height: 844 }, bypassCSP: true });

  test('the header and its drawer have no axe violations (WCAG 2.2 AA)', async ({ page, request }) => {
    await signUpMember(request, page, 'Grace', 'Hopper');
    await openBilling(page);
    const violations = async () =>
      (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(await violations()).toEqual([]);
    await drawerButton(page).click();
    await expect(drawer(page)).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

test.describe('the Freelancer / Project Owner choice', () => {
  test('survives a reload and reaches a new tab, and a change in one tab moves the switch in the other', async ({ page, request }) => {
    await signUpMember(request, page, 'Grace', 'Hopper');
    await page.goto('/profile/freelancer-dashboard');
    const toggle = (p: Page) => p.getByRole('switch', { name: 'Project Owner mode' });
    await toggle(page).click();
    await expect(page).toHaveURL(`${e2eOrigins.site}/profile/project-owner-dashboard`);
    // Billing opened directly: a fresh page load.
    await page.goto('/profile/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('navigation', { name: 'Profile', exact: true }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/profile/project-owner-dashboard',
    );

    const other = await page.context().newPage();
    await other.goto('/profile/workspace');
    await expect(toggle(other)).toHaveAttribute('aria-checked', 'true');
    await toggle(other).click();
    await expect(other).toHaveURL(`${e2eOrigins.site}/profile/freelancer-dashboard`);
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
    await other.close();
  });
});
