import AxeBuilder from '@axe-core/playwright';
import { e2eOrigins } from '../playwright.config';
import { E2E_PASSWORD, expect, mailTo, sessionOf, signUp, test, type Account } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('account settings', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('changing the password signs out the other browser; the new e-mail counts once its link is opened; axe finds nothing', async ({ people, request: api }) => {
    test.setTimeout(120_000);
    const account: Account = await signUp(api, 'Cora', 'Changer');
    // A second sign-in: the member's other browser (its own session).
    const login = await api.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email: account.email, password: E2E_PASSWORD } });
    expect(login.ok()).toBe(true);
    const otherToken = ((await login.json()) as { token: string }).token;

    const here = (await people.signedIn(sessionOf(account), { bypassCSP: true })).page;
    const elsewhere = (await people.signedIn({ ...sessionOf(account), token: otherToken })).page;
    await elsewhere.goto('/profile');
    await expect(elsewhere.getByRole('button', { name: 'Hi, Cora!' })).toBeVisible();

    await here.goto('/profile/settings');
    await expect(here.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    const sessions = here.getByRole('region', { name: 'Where you are signed in' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(here.getByRole('combobox', { name: 'New messages' })).toBeVisible();
    const axe = await new AxeBuilder({ page: here }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);

    const password = here.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill(E2E_PASSWORD);
    await password.getByLabel('New password').fill('A-Changed-Password-2026!');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your password is changed. You are signed out everywhere else.')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // The other browser's session is gone: its next visit to the member area finds it signed out.
    await elsewhere.reload();
    await expect(elsewhere.getByRole('button', { name: 'Hi, Cora!' })).toHaveCount(0);
    await expect(elsewhere.getByRole('button', { name: 'Login' }).first()).toBeVisible();

    // A new e-mail address: nothing changes until the link mailed to it is opened.
    const newEmail = account.email.replace('@', '.new@');
    const email = here.getByRole('region', { name: 'E-mail address' });
    await email.getByLabel('New e-mail address').fill(newEmail);
    await email.getByLabel('Current password').fill('A-Changed-Password-2026!');
    await email.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(email.getByText('We sent a confirmation link to the new address.', { exact: false })).toBeVisible();
    await expect(email).toContainText(`You sign in with ${account.email}.`);

    const mail = await mailTo(newEmail, 'Confirm your new SciExperts e-mail address');
    const link = /https?:\/\/\S+\/account\/confirm-email\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await here.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(here.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' })).toBeVisible();
    const confirmAxe = await new AxeBuilder({ page: here }).withTags(WCAG_TAGS).analyze();
    expect(confirmAxe.violations, JSON.stringify(confirmAxe.violations, null, 2)).toEqual([]);
    await here.getByRole('button', { name: 'Confirm this address' }).click();
    await expect(here.getByRole('status').filter({ hasText: 'Your e-mail address is changed.' })).toBeVisible();
    // In-app (the fixture's init script would put the old stored member back on a full load).
    await here.getByRole('link', { name: 'Account settings' }).click();
    await expect(here.getByRole('region', { name: 'E-mail address' })).toContainText(`You sign in with ${newEmail}.`);
    const relogin = await api.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email: newEmail, password: 'A-Changed-Password-2026!' } });
    expect(relogin.ok()).toBe(true);
  });
});
