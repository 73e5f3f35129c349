import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, test } from './fixtures';

// The e2e server's data folder (playwright.config: DATA_DIR=.runtime/e2e-data-<offset>); the mailer writes there.
const outbox = path.resolve(__dirname, '..', '.runtime', `e2e-data-${Number(process.env.E2E_PORT_OFFSET ?? 0)}`, 'outbox');
const demo = { email: 'ada.expert@sciexperts.test', password: 'Ada-Lovelace-Demo-1843!' };

const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

const header = (page: Page) => page.getByRole('banner');

async function openLoginModal(page: Page) {
  await header(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to SciExperts' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logInThroughModal(page: Page, email: string, password: string) {
  const dialog = await openLoginModal(page);
  const panel = dialog.getByRole('tabpanel', { name: 'Login' });
  await panel.getByRole('textbox', { name: 'Email' }).fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Login' }).click();
  return dialog;
}

/** The newest reset mail sent to `email` (the server writes each mail as <timestamp>-<uuid>.json and .eml). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const mails = fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .reverse()
          .map((name) => JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')) as { to: string; text: string });
        link = mails.find((mail) => mail.to === email)?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
        return link;
      },
      { message: `a reset mail to ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return link!;
}

test.describe('sign-in modal', () => {
  test('creating an account through the modal lands on /chat, signed in, and says so after the modal closed', async ({ page }) => {
    await page.goto('/join-expert');
    const dialog = await openLoginModal(page);
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    const panel = dialog.getByRole('tabpanel', { name: 'Create Account' });
    const submit = panel.getByRole('button', { name: 'Create Account' });
    await panel.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await panel.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await panel.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('signup'));
    await panel.getByRole('combobox', { name: 'Country code' }).selectOption('+44');
    await panel.getByRole('textbox', { name: 'Contact number' }).fill('20 7946 0000');
    await panel.getByLabel('Password').fill('cobol-1959!');
    await panel.getByRole('combobox', { name: 'How did you hear about us?' }).selectOption('conference');
    await expect(submit).toBeDisabled();
    await panel.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The modal closes as soon as the automatic sign-in answers; the shell's status region keeps the confirmation.
    await expect(page.getByRole('status').filter({ hasText: 'Account created successfully!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Direct Message' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a demo member logs in without a reload and logs out again', async ({ page }) => {
    await page.goto('/join-expert');
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await logInThroughModal(page, demo.email, demo.password);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(`${e2eOrigins.site}/`);
  });

  test("a wrong password shows the server's message and keeps the modal open", async ({ page }) => {
    await page.goto('/join-expert');
    const dialog = await logInThroughModal(page, 'olivia.owner@sciexperts.test', 'not-the-password');
    await expect(dialog.getByRole('alert')).toHaveText('Invalid e-mail or password.');
    await expect(dialog).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('a forgotten password is reset through the mailed link, and the new one logs in', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const created = await request.post(`${e2eOrigins.api}/api/User/AddNewUser`, {
      data: { email, firstName: 'Rosalind', lastName: 'Franklin', phoneNumber: '+44 20 7946 0001', password: 'old-password-1' },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/join-expert');
    const dialog = await openLoginModal(page);
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByRole('status')).toHaveText('If an account exists for that e-mail, we have sent a link to reset your password.');
    await page.keyboard.press('Escape');

    const link = new URL(await resetLinkFor(email));
    // The mail links to the configured site; open the same path and token on the site under test.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Your password has been changed. Please sign in with the new password.');

    // The same link works once only.
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    const modal = page.getByRole('dialog', { name: 'Welcome to SciExperts' });
    const panel = modal.getByRole('tabpanel', { name: 'Login' });
    await panel.getByRole('textbox', { name: 'Email' }).fill(email);
    await panel.getByLabel('Password').fill('new-password-2');
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('third-password-3');
    await page.getByLabel('Confirm new password').fill('third-password-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('This reset link is invalid or has expired. Please request a new one.');
  });

  test('a login in one tab reaches another tab of the same browser without a reload', async ({ page, context }) => {
    const other = await context.newPage();
    await other.goto('/join-expert');
    await expect(header(other).getByRole('button', { name: 'Login' })).toBeVisible();
    await page.goto('/join-expert');
    await logInThroughModal(page, demo.email, demo.password);
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header(other).getByRole('button', { name: 'Logout' })).toBeVisible();
    await other.close();
  });
});

test.describe('sign-in modal accessibility', () => {
  // axe-core writes style attributes while it measures (colour contrast), which the product's CSP rightly blocks.
  test.use({ bypassCSP: true });

  test('the open modal passes axe (WCAG 2.2 AA) on both tabs and in the reset form', async ({ page }) => {
    await page.goto('/join-expert');
    const dialog = await openLoginModal(page);
    const scan = async () => {
      const results = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await scan();
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await scan();
    await dialog.getByRole('tab', { name: 'Login' }).click();
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await scan();
  });
});
