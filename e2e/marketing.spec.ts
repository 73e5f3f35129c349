import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { CHAT_EMBED, DEVELOPERS_EXAMPLE, OAUTH_PATHS } from '@sciexperts/shared/contracts';
import { e2eOrigins } from '../playwright.config';
import { expect, test } from './fixtures';

const WIDTHS = [1280, 375] as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page never scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

function sectionHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('home page shows its sections without sideways scrolling', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Hire vetted scientific and research experts' })).toBeVisible();
      await expect(page.getByRole('search', { name: 'Find an expert by subject' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Join as expert' })).toHaveAttribute('href', '/join-expert');
      await expect(page.getByRole('main').getByRole('link', { name: 'Request a Service' })).toHaveAttribute('href', '/request-service');
      await expect(page.getByRole('region', { name: 'Featured experts' })).toBeVisible();
      await expect(page.getByRole('link', { name: /298 reviews/ })).toBeVisible();
      await expect(page.getByRole('tablist', { name: 'Expert categories' })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
      for (const name of ['What can our experts do for you?', 'How it works', 'Success stories', 'What our clients say', 'From our blog', 'Frequently asked questions']) {
        await expect(sectionHeading(page, name)).toBeVisible();
      }
      // The home page's service cards open the project form with their catalogue service chosen.
      await expect(page.getByRole('link', { name: 'Data analysis' })).toHaveAttribute('href', '/create-project?service=Statistical%20Analysis');
      await expect(page.getByRole('link', { name: 'Trends in freelance science' })).toHaveAttribute('href', '/blog/trends-freelance-science');
      await expect(page.getByText('USD 1,200')).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('how it works page shows its sections without sideways scrolling', async ({ page }) => {
      await page.goto('/how-it-works');
      await expect(page.getByRole('heading', { level: 1, name: 'How it Works' })).toBeVisible();
      for (const name of ['From project to result in four steps', 'Why SciExperts?', 'Two ways to use SciExperts', 'Consulting firms or freelancers?', 'Services our experts offer', 'Featured blog posts']) {
        await expect(sectionHeading(page, name)).toBeVisible();
      }
      const table = page.getByRole('table', { name: 'Consulting firms compared with freelance experts on SciExperts' });
      await expect(table).toBeVisible();
      await expect(table.getByRole('rowheader')).toHaveText(['Costs', 'On-demand services', 'Time and effort', 'Commitment', 'Flexibility']);
      await expect(page.getByRole('link', { name: 'Food Science and Technology' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Success story cards' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Testimonials' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('join as expert page opens the create-account modal', async ({ page }) => {
      await page.goto('/join-expert');
      await expect(page.getByRole('heading', { level: 1, name: 'Join as Expert' })).toBeVisible();
      await expect(page.getByText('Share your knowledge and help others grow.')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: 'Create your expert account' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
}

test('the how-it-works sub-header links to the expert categories', async ({ page }) => {
  await page.goto('/how-it-works');
  const quickLinks = page.getByRole('navigation', { name: 'Expert categories' }).getByRole('link');
  await expect(quickLinks).toHaveText(['Writers', 'Data Analysis', 'Consultant', 'Product Development', 'Researchers']);
  const hrefs = await quickLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual([
    '/services/scientific-writing',
    '/find-an-expert/subject/data-analysis',
    '/services/scientific-consulting',
    '/find-an-expert/subject/product-development',
    '/services/secondary-research',
  ]);
});

test('the hero search goes to the expert search with the subject', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'What subject do you need help with?' }).fill('food science');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/find-an-expert\?q=food%20science$/);
});

test('category tabs and the FAQ work from the keyboard', async ({ page }) => {
  await page.goto('/');
  const writers = page.getByRole('tab', { name: 'Writers' });
  await writers.focus();
  await page.keyboard.press('ArrowRight');
  const analysts = page.getByRole('tab', { name: 'Data Analysts' });
  await expect(analysts).toBeFocused();
  await expect(analysts).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Data Analysts' }).getByRole('heading', { name: 'Kenji Watanabe' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Researchers' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(writers).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Researchers' })).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tablist for the panel's slider buttons.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous experts' })).toBeFocused();

  const question = page.getByRole('button', { name: 'How do payments work?' });
  await question.focus();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'How do payments work?' })).toContainText('released to the expert');
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
});

test('the expert slider steps by whole cards and stops at its ends', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const slider = page.getByRole('region', { name: 'Writers: sample experts' });
  const track = slider.locator('ul');
  await expect(track).toHaveAttribute('data-offset', '0');
  await slider.getByRole('button', { name: 'Next experts' }).click();
  const afterNext = Number(await track.getAttribute('data-offset'));
  expect(afterNext).toBeGreaterThan(0);
  expect(afterNext).toBeLessThanOrEqual(3 * 370);
  await expect(slider.getByRole('button', { name: 'Next experts' })).toHaveAttribute('aria-disabled', 'true');
  await slider.getByRole('button', { name: 'Previous experts' }).click();
  await expect(track).toHaveAttribute('data-offset', String(Math.max(0, afterNext - 370)));
});

test.describe('accessibility', () => {
  // axe-core writes style attributes while it measures (colour contrast), which the product's CSP rightly blocks.
  test.use({ bypassCSP: true });

  for (const path of ['/', '/how-it-works', '/join-expert']) {
    test(`axe finds no WCAG 2.2 AA violations on ${path}`, async ({ page }) => {
      // Reduced motion shows every rotating and revealed item at rest, so axe sees the final page.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('axe finds no violations on the home page with its rotations paused at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Stop every rotation with its own pause button, then let the 0.5 s fade settle: axe measures contrast
    // and would otherwise catch a card halfway through fading in.
    for (const name of ['Pause expert rotation', 'Pause subject scrolling', 'Pause expert type rotation']) {
      await page.getByRole('button', { name }).click();
      await expect(page.getByRole('button', { name: name.replace('Pause', 'Resume') })).toBeVisible();
    }
    await page.mouse.move(0, 0);
    await page.waitForTimeout(600);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('the developers’ page', () => {
  const title = 'Add SciExperts messages to your site';
  const exampleTitle = 'Live example: a partner page with the SciExperts chat';
  const steps = ['1. Register your site', '2. Paste the snippet', '3. Handle the events', '4. Make it look like your site', '5. Allow it in your Content Security Policy', 'See it working'];

  test('arrives as HTML, with the chat remote’s script in its snippet and the example framed from there', async ({ request }) => {
    const answer = await request.get('/developers');
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain(`<title>${title} | SciExperts</title>`);
    expect(html).toContain(`${e2eOrigins.chat}${CHAT_EMBED.scriptPath}`);
    expect(html).toContain(`src="${e2eOrigins.chat}${DEVELOPERS_EXAMPLE.examplePath}"`);
    // The site may frame the chat remote (and only it); the example may be framed by the site.
    expect(answer.headers()['content-security-policy']).toContain(`frame-src 'self' ${e2eOrigins.chat}`);
    const example = await request.get(`${e2eOrigins.chat}${DEVELOPERS_EXAMPLE.examplePath}`);
    expect(example.status()).toBe(200);
    expect(example.headers()['content-security-policy']).toContain(`frame-ancestors ${e2eOrigins.site}`);
    expect(example.headers()['x-frame-options']).toBeUndefined();
    // The example's partner exists (npm start gives the API the chat remote's origin for it): the consent screen names it.
    const consent = new URLSearchParams({
      client_id: DEVELOPERS_EXAMPLE.partner.clientId,
      redirect_uri: e2eOrigins.chat,
      response_type: 'code',
      scope: 'chat',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const partner = await request.get(`${OAUTH_PATHS.authorize}?${consent}`);
    expect(partner.status()).toBe(200);
    expect((await partner.json()) as unknown).toMatchObject({ partner: { name: DEVELOPERS_EXAMPLE.partner.name } });
  });

  for (const width of WIDTHS) {
    test(`the footer leads there; at ${width}px it reads in order without sideways scrolling, and the example shows the demo partner’s chat`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/faq');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click();
      await expect(page).toHaveURL(/\/developers$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(steps);
      await expectNoHorizontalScroll(page);

      const frame = page.frameLocator(`iframe[title="${exampleTitle}"]`);
      await page.getByTitle(exampleTitle).scrollIntoViewIfNeeded();
      await expect(frame.getByRole('heading', { level: 1, name: 'Message a SciExperts expert' })).toBeVisible();
      await expect(frame.locator(CHAT_EMBED.element)).toHaveAttribute(CHAT_EMBED.attributes.partner, DEVELOPERS_EXAMPLE.partner.clientId);
      await expect(frame.getByRole('heading', { level: 2, name: 'Events this page received' })).toBeVisible();
    });
  }

  test.describe('accessibility', () => {
    // axe-core writes style attributes while it measures (colour contrast), which the product's CSP rightly blocks.
    test.use({ bypassCSP: true });

    for (const width of WIDTHS) {
      test(`axe finds no WCAG 2.2 AA violations on /developers and its example at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/developers');
        await page.getByTitle(exampleTitle).scrollIntoViewIfNeeded();
        await expect(page.frameLocator(`iframe[title="${exampleTitle}"]`).getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
});
