import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';

export { expect };

/**
 * Every e2e test fails on a Content-Security-Policy violation or an uncaught page error:
 * the policy is part of the product, not an afterthought.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export interface StoredMember {
  id: number;
  firstName: string;
  lastName?: string;
  email?: string;
}

/** Puts a session in local storage before the page loads (for guard tests that need no server). */
export async function storeSession(page: Page, member: StoredMember, token = 'e2e-token') {
  await page.addInitScript(
    ([t, m]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('authToken', t as string);
        localStorage.setItem('userData', JSON.stringify(m));
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [token, member] as const,
  );
}

export interface SignedUpMember {
  token: string;
  id: number;
  email: string;
  password: string;
  user: StoredMember;
}

/**
 * A fresh member signed up and logged in through the real API, with the session stored for the next page
 * load. Tests that show signed-in pages use it: the product signs out on any 401, so a made-up token no
 * longer survives the first authenticated call.
 */
export async function signUpMember(request: APIRequestContext, page: Page, firstName = 'Ada', lastName = 'Lovelace'): Promise<SignedUpMember> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sciexperts.test`;
  const password = 'Member-E2E-Password-1!';
  const signup = await request.post(`${e2eOrigins.api}/api/User/AddNewUser`, { data: { email, firstName, lastName, phoneNumber: '+1 5551234567', password } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const login = await request.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, user } = (await login.json()) as { token: string; user: StoredMember };
  await storeSession(page, user, token);
  return { token, id: user.id, email, password, user };
}
