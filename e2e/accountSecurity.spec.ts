// Account security in the browser (docs/decisions/0034-second-factor.md): two-step verification with the code computed
// from the shown key, recovery codes once each, the step-up dialog before a payout account change, a sign-in alert from
// a new browser whose link ends every session, and a passkey on Chromium's virtual authenticator signing in alone.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SECURITY_MESSAGES } from '@sciexperts/shared/contracts';
import { e2eOrigins } from '../playwright.config';
import { OUTBOX, expect, signUpMember, test, type OutboxMail } from './fixtures';

const header = (page: Page) => page.getByRole('banner');
/** The code an authenticator app shows for this key, `aheadSteps` 30-second steps from now. */
const codeFor = (secret: string, aheadSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + aheadSteps * 30_000 });
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The sign-in alert to `email` about `browser` (the member's first browser sign-in after the API's sent one too). */
async function alertAbout(email: string, browser: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        const mails = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((n) => n.endsWith('.json')) : [];
        found = mails
          .map((n) => {
            try {
              return JSON.parse(fs.readFileSync(path.join(OUTBOX, n), 'utf8')) as OutboxMail;
            } catch {
              return null;
            }
          })
          .find((m): m is OutboxMail => m !== null && m.to === email && m.subject.startsWith('New sign-in') && m.text.includes(browser));
        return found;
      },
      { message: `a sign-in alert to ${email} about ${browser}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Signed in: the public header offers Logout (a sign-in hashes a password and may take a while on a busy machine). */
async function signedIn(page: Page) {
  // After a sign-in the modal may send a member to the dashboard: the member area's menu or the public Logout says so.
  const member = page.getByRole('button', { name: 'Hi, Petra!' }).or(header(page).getByRole('button', { name: 'Logout' }));
  try {
    await expect(member.first()).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    // What the page said instead (a refused code, a throttle), so a failure reads as its cause.
    throw new Error(`not signed in at ${page.url()}; alerts: ${JSON.stringify(await page.getByRole('alert').allTextContents())}; ${String(error)}`);
  }
}

/** Logout from the member area's menu, then back on a public page with the Login button. */
async function logOut(page: Page) {
  await page.goto('/profile/settings');
  await page.getByRole('button', { name: 'Hi, Petra!' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto('/join-expert');
  await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 30_000 });
}

/** E-mail and password in the modal; answers the modal (on the code step when the second factor is on). */
async function passwordStep(page: Page, email: string, password: string) {
  await header(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to SciExperts' });
  const panel = dialog.getByRole('tabpanel', { name: 'Login' });
  await panel.getByRole('textbox', { name: 'Email' }).fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  return dialog;
}

async function withCode(page: Page, email: string, password: string, code: string) {
  const dialog = await passwordStep(page, email, password);
  await dialog.getByLabel('Authentication code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  return dialog;
}

test('two-step verification, recovery codes, step-up, sign-in alerts and passkeys', async ({ page, request, browser }) => {
  test.setTimeout(600_000);
  const member = await signUpMember(request, page, 'Petra', 'Quist');

  // Two-step verification on: the test reads the key the page shows and computes the code as an app would.
  await page.goto('/profile/settings');
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Turn on two-step verification' }).click();
  // Adding a way in asks for proof first (docs/decisions/0042): with no factor yet, the password.
  const proveIt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await proveIt.getByLabel('Password').fill(member.password);
  await proveIt.getByRole('button', { name: 'Confirm' }).click();
  await expect(twoStep.getByRole('img', { name: 'QR code to add SciExperts to your authenticator app' })).toBeVisible();
  const secret = (await twoStep.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await twoStep.getByLabel('6-digit code').fill(codeFor(secret));
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  const codeItems = twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10, { timeout: 30_000 });
  const codes = await codeItems.allTextContents();
  await twoStep.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }).check();
  await twoStep.getByRole('button', { name: 'Done' }).click();
  await expect(twoStep).toContainText('10 of 10 recovery codes left');

  // Password, then the code in the same modal (the next step's code: the confirming one is spent).
  await logOut(page);
  await withCode(page, member.email, member.password, codeFor(secret, 1));
  await signedIn(page);

  // A recovery code works once; the second time it is refused with its own sentence.
  await logOut(page);
  await withCode(page, member.email, member.password, codes[0]!);
  await signedIn(page);
  await logOut(page);
  const refused = await withCode(page, member.email, member.password, codes[0]!);
  await expect(refused.getByRole('alert')).toHaveText(SECURITY_MESSAGES.recoveryCodeReused);
  await refused.getByLabel('Authentication code').fill(codes[1]!);
  await refused.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // Changing where payouts go asks for the step-up first; a recovery code answers it, and the change goes on.
  await page.goto('/profile/payment');
  await page.getByRole('region', { name: 'Payout account' }).getByRole('button', { name: 'Connect a payout account' }).click();
  const confirmIt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirmIt.getByLabel('Authentication code').fill(codes[2]!);
  await confirmIt.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your payout account' })).toBeVisible();

  // A sign-in from a browser and address the account has not used: the alert's link ends every session.
  const other = await browser.newContext({ baseURL: e2eOrigins.site, userAgent: FIREFOX });
  const intruder = await other.newPage();
  await intruder.goto('/join-expert');
  await withCode(intruder, member.email, member.password, codes[3]!);
  await signedIn(intruder);
  const alert = await alertAbout(member.email, 'Firefox on Linux');
  const link = new URL(/https?:\/\/\S+not-me\?token=\S+/.exec(alert.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await intruder.goto('/profile/settings');
  await expect(header(intruder).getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 30_000 });
  await other.close();
  // The member's own session ended too: signed in again (the password is still the old one here).
  await page.goto('/join-expert');
  await withCode(page, member.email, member.password, codes[4]!);
  await signedIn(page);

  // A passkey on Chromium's virtual authenticator: added in Account settings, then the only thing needed to sign in.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto('/profile/settings');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Passkey name').fill('This laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await proveIt.getByLabel('Authentication code').fill(codes[5]!);
  await proveIt.getByRole('button', { name: 'Confirm' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('This laptop');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('Passkey added');
  await logOut(page);
  await header(page).getByRole('button', { name: 'Login' }).click();
  // The modal also asks for the site's passkeys through the e-mail field's autofill (conditional UI), and the virtual
  // authenticator, present by simulation, may answer that request before the button is pressed: either way the
  // passkey alone signs the member in (no password is typed), and "last used" below says the passkey did.
  const withPasskey = page.getByRole('dialog', { name: 'Welcome to SciExperts' }).getByRole('button', { name: 'Sign in with a passkey' });
  await expect(withPasskey.or(header(page).getByRole('button', { name: 'Logout' }))).toBeVisible();
  if (await withPasskey.isVisible()) await withPasskey.click({ timeout: 10_000 }).catch(() => undefined);
  await signedIn(page);
  await page.goto('/profile/settings');
  await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('last used');
});
