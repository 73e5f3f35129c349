// The jest tests' accessibility check: axe-core over the document at a window width. Tests only: never imported by a
// bundle (the package exports it as '@sciexperts/ui/testing/axe', so axe-core stays out of the apps).
import axe from 'axe-core';

/** The WCAG levels every axe check asks for; the WCAG 2.2 rules are off unless named. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe over `document.body` and expects no violations, listed as `rule: selectors` so a failure names them.
 * With a `width`, the window is first resized to it (the layout at that width is what is checked); without one, the
 * width the test has already set is kept.
 */
export async function expectNoAxeViolations(width?: number): Promise<void> {
  if (width !== undefined) {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  }
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    // jsdom computes no layout or colours; contrast is checked by the e2e in a real browser.
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
