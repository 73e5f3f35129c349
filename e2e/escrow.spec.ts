import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { contextSignedInAs, createExpert, expect, signUp, test, uniqueWord, type Account } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A project of `client`, the expert's two-milestone proposal ($600 + $900) and the hire, through the API. */
async function hiredContract(api: APIRequestContext, client: Account, expert: Account, title: string): Promise<number> {
  const as = (who: Account) => ({ Authorization: `Bearer ${who.token}` });
  const project = await api.post(`${e2eOrigins.api}/api/Projects`, {
    headers: as(client),
    data: {
      title,
      description: 'Ten years of follow-up data from a cohort of 2,000 patients need survival curves, Cox models and a report.',
      service: 'Statistical Analysis',
      practiceAreas: ['Biostatistics'],
      budget: { type: 'fixed', amountCents: 150_000 },
      duration: '1-4-weeks',
      visibility: 'public',
    },
  });
  expect(project.ok(), await project.text()).toBe(true);
  const { id: projectId } = (await project.json()) as { id: number };
  expect((await api.post(`${e2eOrigins.api}/api/Projects/${projectId}/Publish`, { headers: as(client) })).ok()).toBe(true);
  const proposal = await api.post(`${e2eOrigins.api}/api/Projects/${projectId}/Proposals`, {
    headers: as(expert),
    data: {
      coverLetter: 'I have analysed three registries like yours.',
      priceType: 'fixed',
      priceCents: 150_000,
      duration: '1-4-weeks',
      milestones: [
        { title: 'Data cleaning', amountCents: 60_000, dueDate: inDays(10) },
        { title: 'Models and report', amountCents: 90_000, dueDate: inDays(24) },
      ],
    },
  });
  expect(proposal.ok(), await proposal.text()).toBe(true);
  const hired = await api.post(`${e2eOrigins.api}/api/Proposals/${((await proposal.json()) as { id: number }).id}/Hire`, { headers: as(client) });
  expect(hired.ok(), await hired.text()).toBe(true);
  return ((await hired.json()) as { id: number }).id;
}

const milestone = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

async function payOnCheckout(page: Page, card: string) {
  await expect(page.getByRole('heading', { level: 1, name: /^Pay \$/ })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/Expiry date/).fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Olga Owner');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test.describe('escrow: fund, deliver, approve, withdraw', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  const contexts: BrowserContext[] = [];
  const problems: string[][] = [];
  test.afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
    for (const p of problems.splice(0)) expect(p, 'CSP violations or page errors').toEqual([]);
  });

  test('the client funds through the checkout, the expert delivers twice, the client approves; balances and billing agree; the expert withdraws', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Edda',
      lastName: `Escrow${word.slice(2, 6)}`,
      headline: `Biostatistician for ${word} registries`,
      summary: `I analyse ${word} registries with survival models.`,
      fee: 90,
      country: 'IS',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const client = await signUp(api, 'Olga', 'Owner');
    const title = `Cohort survival study ${word}`;
    const contractId = await hiredContract(api, client, expert, title);
    const session = (a: Account) => ({ token: a.token, user: { id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email } });
    const c = await contextSignedInAs(browser, session(client));
    const e = await contextSignedInAs(browser, session(expert));
    contexts.push(c.context, e.context);
    problems.push(c.problems, e.problems);

    // A declined card leaves the milestone pending and says why.
    await c.page.goto(`/profile/workspace/${contractId}`);
    await expect(c.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await milestone(c.page, 'Data cleaning').getByRole('button', { name: 'Fund $600' }).click();
    await payOnCheckout(c.page, '4000 0000 0000 0002');
    await expect(c.page.getByText('Your card was declined.').first()).toBeVisible();
    await c.page.goto(`/profile/workspace/${contractId}`);
    await expect(milestone(c.page, 'Data cleaning').getByText(/Your card was declined/)).toBeVisible();

    // The test card pays; escrow is credited from the provider's signed webhook, and the page sees it.
    await milestone(c.page, 'Data cleaning').getByRole('button', { name: 'Fund $600' }).click();
    await payOnCheckout(c.page, '4242 4242 4242 4242');
    await expect(c.page).toHaveURL(new RegExp(`/profile/workspace/${contractId}\\?payment=\\d+`));
    await expect(milestone(c.page, 'Data cleaning').getByText('Funded, in escrow', { exact: true })).toBeVisible({ timeout: 20_000 });

    // The expert delivers, the client asks for changes, the expert delivers again, the client approves.
    await e.page.goto(`/profile/workspace/${contractId}`);
    const submit = async (note: string, deliver: string[] = []) => {
      await milestone(e.page, 'Data cleaning').getByRole('button', { name: 'Submit work' }).click();
      await e.page.getByLabel('Note for the client').fill(note);
      for (const name of deliver) await e.page.getByRole('dialog').getByRole('checkbox', { name }).check();
      await e.page.getByRole('dialog').getByRole('button', { name: 'Submit work' }).click();
      await expect(milestone(e.page, 'Data cleaning').getByText('Work submitted', { exact: true })).toBeVisible();
    };
    // The expert shares the cleaned data in the workspace and delivers it with the submission.
    const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    await e.page.getByLabel('Share a file').setInputFiles({ name: 'cleaned-data.pdf', mimeType: 'application/pdf', buffer: minimalPdf });
    await expect(e.page.getByText('cleaned-data.pdf is shared.')).toBeVisible();
    await submit('Cleaned data and the Kaplan-Meier curves are in the shared folder.', ['cleaned-data.pdf']);
    await c.page.reload();
    await expect(c.page.getByRole('region', { name: 'Timeline' })).toContainText('Delivered files: cleaned-data.pdf');
    const downloading = c.page.waitForEvent('download');
    await c.page.getByRole('region', { name: 'Shared files' }).getByRole('button', { name: 'Download cleaned-data.pdf' }).click();
    expect((await downloading).suggestedFilename()).toBe('cleaned-data.pdf');
    await milestone(c.page, 'Data cleaning').getByRole('button', { name: 'Request changes' }).click();
    await c.page.getByLabel('What should change').fill('Please add the curves by treatment arm.');
    await c.page.getByRole('dialog').getByRole('button', { name: 'Request changes' }).click();
    await expect(milestone(c.page, 'Data cleaning').getByText('Funded, in escrow', { exact: true })).toBeVisible();
    await e.page.reload();
    await expect(e.page.getByText('Please add the curves by treatment arm.', { exact: true })).toBeVisible();
    await submit('Added the curves by treatment arm.');
    await c.page.reload();
    await milestone(c.page, 'Data cleaning').getByRole('button', { name: 'Approve and release' }).click();
    await c.page.getByRole('alertdialog').getByRole('button', { name: 'Approve and release' }).click();
    await expect(milestone(c.page, 'Data cleaning').getByText('Released', { exact: true })).toBeVisible();

    // $600 released, less the 10 % fee: the expert has $540 to withdraw, and both statements say the same amounts.
    await e.page.goto('/profile/payment');
    await expect(e.page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
    await expect(e.page.getByText('$540').first()).toBeVisible();
    await e.page.goto('/profile/billing');
    await expect(e.page.getByRole('table')).toContainText('+$540');
    await c.page.goto('/profile/billing');
    await expect(c.page.getByRole('table')).toContainText('$600');

    // Money leaves only for a payout account the provider has confirmed: the expert connects one on its page.
    await e.page.goto('/profile/payment');
    const account = e.page.getByRole('region', { name: 'Payout account' });
    await expect(e.page.getByRole('region', { name: 'Withdraw', exact: true })).toContainText('Connect a payout account before you withdraw.');
    await account.getByRole('button', { name: 'Connect a payout account' }).click();
    await expect(e.page.getByRole('heading', { level: 1, name: 'Connect your payout account' })).toBeVisible();
    await e.page.getByLabel('Account holder name').fill('Ada Lovelace');
    await e.page.getByLabel('Routing number').fill('110000000');
    await e.page.getByLabel('Account number').fill('000123456789');
    await e.page.getByRole('button', { name: 'Connect this account' }).click();
    await expect(account).toContainText('Payouts go to Stand-in Bank •••• 6789.');
    await e.page.getByRole('button', { name: /^Withdraw \$540/ }).click();
    await expect(e.page.getByText('$540 is on its way to your account.')).toBeVisible();
  });

  test.describe('accessibility', () => {
    test.use({ bypassCSP: true });
    test('axe finds nothing on the workspace, payment details and billing pages', async ({ browser, request: api }) => {
      test.setTimeout(90_000);
      const expert = await createExpert(api, {
        firstName: 'Axel',
        lastName: 'Audit',
        headline: 'Statistician for accessibility audits',
        summary: 'I analyse audit data.',
        fee: 80,
        country: 'SE',
        services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
      });
      const client = await signUp(api, 'Cleo', 'Client');
      const contractId = await hiredContract(api, client, expert, `Audit study ${uniqueWord()}`);
      const c = await contextSignedInAs(browser, { token: client.token, user: { id: client.id, firstName: client.firstName, lastName: client.lastName, email: client.email } }, { bypassCSP: true });
      contexts.push(c.context);
      const violations: string[] = [];
      for (const path of ['/profile/workspace', `/profile/workspace/${contractId}`, '/profile/payment', '/profile/billing']) {
        await c.page.goto(path);
        await expect(c.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await c.page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page: c.page }).withTags(WCAG_TAGS).analyze();
        violations.push(...results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      }
      expect(violations).toEqual([]);
    });
  });
});
