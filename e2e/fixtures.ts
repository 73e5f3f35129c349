import { test as base, expect, type Page } from '@playwright/test';

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
