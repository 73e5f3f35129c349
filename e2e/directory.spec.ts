import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { createExpert, E2E_PASSWORD as PASSWORD, expect, signUp, test, uniqueWord } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome to SciExperts' });

test.describe('Find an expert', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('from the home page search to a result, the profile and Message: after signing in the visitor is in that conversation', async ({ page, request }) => {
    test.setTimeout(90_000);
    const word = uniqueWord();
    const expert = await createExpert(request, {
      firstName: 'Rosalind',
      lastName: `Rheology${word.slice(2, 6)}`,
      headline: `Rheologist for ${word} hydrocolloid gels`,
      summary: `I measure and model the texture of ${word} gels and emulsions for food and pharmaceutical products.`,
      fee: 95,
      country: 'DE',
      services: [{ serviceName: 'Food Science and Technology', practiceAreaNames: ['Product Formulation', 'Shelf-Life Studies'] }],
    });
    const visitor = await signUp(request, 'Vera', 'Visitor');

    await page.goto('/');
    await page.getByLabel('What subject do you need help with?').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/find-an-expert?q=${word}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Find an expert' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('1 expert');
    await expect(page.getByLabel('Search experts')).toHaveValue(word);
    await expect(page.locator('mark').first()).toHaveText(word);
    await expect(page).toHaveTitle(`Experts for “${word}” | SciExperts`);

    const name = `${expert.firstName} ${expert.lastName}`;
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/experts/${expert.id}-rosalind-rheology`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Germany')).toBeVisible();
    await expect(page.getByText('$95/hr')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Services' })).toBeVisible();
    await expect(page.getByText('Shelf-Life Studies')).toBeVisible();
    expect(await page.title()).toContain(name);

    // Back returns to the search, with its words.
    await page.goBack();
    await expect(page).toHaveURL(`/find-an-expert?q=${word}`);
    await expect(page.getByLabel('Search experts')).toHaveValue(word);
    await page.goForward();

    await page.getByRole('button', { name: 'Message' }).click();
    await expect(dialog(page)).toBeVisible();
    const panel = dialog(page).getByRole('tabpanel', { name: 'Login' });
    await panel.getByRole('textbox', { name: 'Email' }).fill(visitor.email);
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(`/chat?with=${expert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const text = `Hello ${expert.firstName}, could you look at our gel formulation?`;
    await page.getByPlaceholder('Type a message...').fill(text);
    await page.getByPlaceholder('Type a message...').press('Enter');
    await expect(page.getByRole('log', { name: 'Messages' }).getByText(text, { exact: true })).toBeVisible();

    // Delivered: the expert reads it from the server.
    await expect(async () => {
      const stored = await request.get(`${e2eOrigins.api}/api/Chat/Messages/${visitor.id}`, { headers: { Authorization: `Bearer ${expert.token}` } });
      expect(stored.ok()).toBe(true);
      expect(JSON.stringify(await stored.json())).toContain(text);
    }).toPass({ timeout: 10_000 });
  });

  test('a visitor who creates an account from Message lands in that conversation too', async ({ page, request }) => {
    test.setTimeout(60_000);
    const expert = await createExpert(request, {
      firstName: 'Chien-Shiung',
      lastName: 'Wu',
      headline: 'Experimental physicist for detector calibration',
      summary: 'Beta-decay experiments, detector calibration and uncertainty budgets.',
      fee: 150,
      country: 'US',
      services: [{ serviceName: 'Scientific Consulting', practiceAreaNames: ['Laboratory Setup'] }],
    });
    await page.goto(`/experts/${expert.id}-chien-shiung-wu`);
    await page.getByRole('button', { name: 'Message' }).click();
    await dialog(page).getByRole('tab', { name: 'Create Account' }).click();
    const panel = dialog(page).getByRole('tabpanel', { name: 'Create Account' });
    await panel.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await panel.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await panel.getByRole('textbox', { name: 'Email' }).fill(`e2e-dir-signup-${Date.now()}@sciexperts.test`);
    await panel.getByRole('textbox', { name: 'Contact number' }).fill('20 7946 0000');
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('combobox', { name: 'How did you hear about us?' }).selectOption('conference');
    await panel.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await panel.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(`/chat?with=${expert.id}`);
    await expect(page.getByRole('heading', { name: 'Chien-Shiung Wu' })).toBeVisible();
    await page.getByPlaceholder('Type a message...').fill('Hello, are you available in May?');
    await page.getByPlaceholder('Type a message...').press('Enter');
    await expect(page.getByRole('log', { name: 'Messages' }).getByText('Hello, are you available in May?', { exact: true })).toBeVisible();
  });

  test('the service pages and the how-it-works quick links land on real results; /find-expert keeps the query', async ({ page, request }) => {
    const word = uniqueWord();
    const expert = await createExpert(request, {
      firstName: 'Florence',
      lastName: `Datawise${word.slice(2, 6)}`,
      headline: `Data scientist and biostatistician (${word})`,
      summary: 'Predictive models and clinical trial statistics, explained in plain language.',
      fee: 120,
      country: 'GB',
      services: [
        { serviceName: 'Data Science', practiceAreaNames: ['Machine Learning'] },
        { serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] },
      ],
    });
    const name = `${expert.firstName} ${expert.lastName}`;

    await page.goto('/how-it-works');
    await page.getByRole('navigation', { name: 'Expert categories' }).getByRole('link', { name: 'Data Analysis' }).click();
    await expect(page).toHaveURL('/find-an-expert/subject/data-analysis');
    await expect(page.getByRole('heading', { level: 1, name: 'Data analysis experts' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(/\d+ experts?/);
    await page.getByLabel('Search experts').fill(word);
    await page.getByLabel('Search experts').press('Enter');
    await expect(page).toHaveURL(`/find-an-expert/subject/data-analysis?q=${word}`);
    await expect(page.getByRole('link', { name })).toBeVisible();

    await page.goto('/services/statistical-analysis');
    // The service page's sample experts are live from the directory, each linked to its public profile.
    await expect(page.getByRole('region', { name: 'Sample experts' }).locator('h3 a[href^="/experts/"]').first()).toBeVisible();
    await page.getByRole('link', { name: 'See all experts for Statistical Analysis' }).click();
    await expect(page).toHaveURL('/find-an-expert?service=Statistical+Analysis');
    await expect(page.getByLabel('Service', { exact: true })).toHaveValue('Statistical Analysis');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(/\d+ experts?/);
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByLabel('Sort by').selectOption('fee-desc');
    await expect(page).toHaveURL('/find-an-expert?service=Statistical+Analysis&country=GB&sort=fee-desc');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    await page.goto(`/find-expert?q=${word}`);
    await expect(page).toHaveURL(`/find-an-expert?q=${word}`);
    await expect(page.getByRole('link', { name })).toBeVisible();

    await page.goto('/find-an-expert?q=zzzznothingmatches');
    await expect(page.getByText('No experts match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/find-an-expert');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test("a member's View Profile opens their public profile, with a note while it is hidden", async ({ page, request }) => {
    const member = await signUp(request, 'Hedy', 'Hidden');
    const auth = { Authorization: `Bearer ${member.token}` };
    const update = await request.put(`${e2eOrigins.api}/api/User/UpdateUser/${member.id}`, { headers: auth, data: { headline: 'Signal processing engineer', profileSummary: 'Frequency hopping.', isProfilePublic: false } });
    expect(update.ok(), await update.text()).toBe(true);
    await page.addInitScript(
      ([token, user]) => {
        if (!sessionStorage.getItem('e2e-session-set')) {
          localStorage.setItem('authToken', token as string);
          localStorage.setItem('userData', JSON.stringify(user));
          sessionStorage.setItem('e2e-session-set', '1');
        }
      },
      [member.token, { id: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email }] as const,
    );
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Hi, Hedy!' }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(`/experts/${member.id}-hedy-hidden`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hedy Hidden' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Only you can see this page');
  });
});

test.describe('Find an expert accessibility', () => {
  // axe-core writes style attributes while it measures (colour contrast), which the product's CSP rightly blocks.
  test.use({ bypassCSP: true });

  for (const width of [1280, 375]) {
    test(`axe finds no WCAG 2.2 AA violations on the search, a subject and a profile at ${width}px`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const expert = await createExpert(request, {
        firstName: 'Axel',
        lastName: 'Access',
        headline: 'Medical writer for clinical study reports',
        summary: 'Clinical study reports and regulatory submissions, written to ICH E3.',
        fee: 80,
        country: 'FR',
        services: [{ serviceName: 'Medical Writing', practiceAreaNames: ['Clinical Study Reports'] }],
      });
      const violations: string[] = [];
      for (const path of ['/find-an-expert?q=clinical', '/find-an-expert/subject/medical-writing', `/experts/${expert.id}-axel-access`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        violations.push(...results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      }
      expect(violations).toEqual([]);
    });
  }
});
