// An operator for the console's tests: made by `npm run admin -- create-operator` against the e2e run's database
// (the only way one is made), then signed in from a browser of their own with the second factor set up at the first
// sign-in and the one-time password replaced.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eOrigins } from '../playwright.config';
import { expect } from './fixtures';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export type OperatorRole = 'operator' | 'finance' | 'support' | 'release';

export const repoRoot = path.resolve(__dirname, '..');

/** The environment an operator's command (npm run admin, npm run release…) needs to work on the e2e run's database. */
export function commandEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: `.runtime/e2e-data-${offset}`, API_PORT: String(13000 + offset), PAYMENTS_PORT: String(13052 + offset), LOG_LEVEL: 'silent' };
}

/** The code an authenticator app shows now for the base32 `secret` the console displays at the first sign-in. */
export function authenticatorCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Makes an operator of `role` with the command; its one-time password. */
export function createOperator(email: string, role: OperatorRole): string {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'admin.mjs'), 'create-operator', email, role], { cwd: repoRoot, encoding: 'utf8', env: commandEnv() });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return /One-time password.*: (\S+)$/m.exec(run.stdout)![1]!;
}

/** A new operator of `role`, signed in to /admin with the authenticator set up; the context is the caller's to close. */
export async function operatorSignedIn(browser: Browser, email: string, role: OperatorRole): Promise<{ context: BrowserContext; page: Page }> {
  const password = createOperator(email, role);
  // bypassCSP only for axe, which writes style attributes while it measures.
  const context = await browser.newContext({ baseURL: e2eOrigins.site, bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(/Code from your authenticator app/).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /continue/ }).click();
  // The one-time password opens nothing but its replacement (decision 0044).
  const chosen = `${password}-chosen`;
  await page.getByLabel('The password you were given').fill(password);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('New password again').fill(chosen);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  return { context, page };
}
