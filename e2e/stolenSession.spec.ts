// A stolen session, end to end (docs/decisions/0043-account-recovery.md, 0034-second-factor.md): a thief holding only
// the member's session token is asked to confirm it is the member before adding a passkey. This thief phished the
// password along with the session, so they answer, add a passkey on their own (virtual) authenticator and turn on an
// authenticator app of their own. The owner resets the password from the e-mail, which signs the thief out, removes
// both from the list the reset page shows, and is then the only one who can sign in: the thief's passkey, old password
// and app no longer let anyone in.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ACCOUNT_MESSAGES, RECOVERY_MESSAGES, SECURITY_MESSAGES } from '@sciexperts/shared/contracts';
import { E2E_PASSWORD, expect, mailTo, signUp, test } from './fixtures';

const header = (page: Page) => page.getByRole('banner');
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
const NEW_PASSWORD = 'Quiet-River-Lantern-42';

/** The login window, opened from a public page's header. */
async function loginWindow(page: Page) {
  await page.goto('/join-expert');
  await header(page).getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog', { name: 'Welcome to SciExperts' });
}

test('a stolen session: the owner resets the password, removes what the thief added, and alone signs in', async ({ page, people }) => {
  test.setTimeout(300_000);
  const owner = await signUp(page.request, 'Nora', 'Lind');

  // The thief's browser has the owner's session token and nothing else, plus an authenticator of its own.
  const thief = await people.signedIn({ token: owner.token, user: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email } });
  const cdp = await thief.context.newCDPSession(thief.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  // Adding a passkey asks to confirm it is the member first; a session alone is not enough.
  await thief.page.goto('/profile/settings');
  const passkeys = thief.page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Passkey name').fill('My phone');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const confirmIt = thief.page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirmIt).toBeVisible({ timeout: 30_000 });
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  // This thief phished the password too, and answers.
  await confirmIt.getByLabel('Password').fill(E2E_PASSWORD);
  await confirmIt.getByRole('button', { name: 'Confirm' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('My phone', { timeout: 30_000 });

  // And turns on an authenticator app of their own (within the five minutes the confirmation holds).
  const twoStep = thief.page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const secret = (await twoStep.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await twoStep.getByLabel('6-digit code').fill(codeFor(secret));
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10, { timeout: 30_000 });
  await twoStep.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }).check();
  await twoStep.getByRole('button', { name: 'Done' }).click();

  // The owner, signed out on their own computer, asks for a reset link.
  const login = await loginWindow(page);
  await login.getByRole('button', { name: 'Forgot your password?' }).click();
  await login.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await login.getByRole('button', { name: 'Send reset link' }).click();
  await expect(login.getByRole('status')).toHaveText(/we have sent a link to reset/);
  const mail = await mailTo(owner.email, 'Reset your SciExperts password');
  const link = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();

  // Focus lands on the list of what can sign in; what the thief added an instant ago is flagged.
  const recovery = page.getByRole('region', { name: RECOVERY_MESSAGES.factorsHeading });
  const heading = recovery.getByRole('heading', { level: 2, name: RECOVERY_MESSAGES.factorsHeading });
  await expect(heading).toBeFocused({ timeout: 30_000 });
  const factors = recovery.getByRole('list', { name: RECOVERY_MESSAGES.factorsHeading });
  await expect(factors.getByRole('listitem')).toHaveCount(2);
  await expect(factors.getByRole('listitem').filter({ hasText: 'My phone' })).toContainText(RECOVERY_MESSAGES.recentFlag);
  await expect(factors.getByRole('listitem').filter({ hasText: 'Authenticator app' })).toContainText(RECOVERY_MESSAGES.recentFlag);

  // The reset has already signed the thief out.
  await thief.page.goto('/profile/settings');
  await expect(header(thief.page).getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 30_000 });

  await recovery.getByRole('button', { name: 'Remove passkey My phone' }).click();
  await expect(recovery.getByRole('status')).toHaveText(`Passkey “My phone”: ${RECOVERY_MESSAGES.passkeyRemoved}`);
  await recovery.getByRole('button', { name: 'Remove the authenticator app' }).click();
  await expect(recovery.getByRole('status')).toHaveText(`Authenticator app: ${RECOVERY_MESSAGES.authenticatorRemoved}`);
  await expect(recovery.getByText(RECOVERY_MESSAGES.nothingLeft)).toBeVisible();

  // The thief's passkey signs nobody in (asked outright, or answered through the e-mail field's autofill). The thief's
  // page stays where the reset signed it out: loading another would put the stolen token back (this context's set-up).
  await header(thief.page).getByRole('button', { name: 'Login' }).click();
  const thiefLogin = thief.page.getByRole('dialog', { name: 'Welcome to SciExperts' });
  const withPasskey = thiefLogin.getByRole('button', { name: 'Sign in with a passkey' });
  const refused = thiefLogin.getByRole('alert').filter({ hasText: SECURITY_MESSAGES.passkeyUnknown });
  await expect(withPasskey.or(refused).first()).toBeVisible();
  if (!(await refused.isVisible())) await withPasskey.click();
  await expect(refused).toBeVisible({ timeout: 30_000 });
  // Nor does the old password.
  const panel = thiefLogin.getByRole('tabpanel', { name: 'Login' });
  await panel.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await panel.getByLabel('Password').fill(E2E_PASSWORD);
  await panel.getByRole('button', { name: 'Login' }).click();
  await expect(thiefLogin.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.invalidCredentials })).toBeVisible({ timeout: 30_000 });

  // The owner signs in with the new password alone: no code from the thief's app is asked for.
  await recovery.getByRole('button', { name: 'Login' }).click();
  const ownerLogin = page.getByRole('dialog', { name: 'Welcome to SciExperts' }).getByRole('tabpanel', { name: 'Login' });
  await ownerLogin.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await ownerLogin.getByLabel('Password').fill(NEW_PASSWORD);
  await ownerLogin.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Hi, Nora!' }).or(header(page).getByRole('button', { name: 'Logout' })).first()).toBeVisible({ timeout: 30_000 });
});
