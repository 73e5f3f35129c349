// The console specs' accessibility check: axe over the page once the network is quiet, with the WCAG 2.0-2.2 tags
// (the WCAG 2.2 rules are off unless named), each violation listed with what was being checked.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Expects no axe violations on `page`; `what` names the page in the list of violations. */
export async function axeClean(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
