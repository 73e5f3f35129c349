import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { SECURITY_MESSAGES } from '@sciexperts/shared/contracts';
import { E2E_PASSWORD, contextSignedInAs, createExpert, expect, mailTo, sessionOf, signUp, test, uniqueWord } from './fixtures';
import { hiredContract, type PlannedMilestone } from './hiring';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The expert's two milestones ($600 + $900) in every contract of this file. */
const TWO_MILESTONES: PlannedMilestone[] = [
  { title: 'Data cleaning', amountCents: 60_000, dueInDays: 10 },
  { title: 'Models and report', amountCents: 90_000, dueInDays: 24 },
];

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

  test('the client funds through the checkout, the expert delivers twice, the client approves; balances and billing agree; the expert withdraws; the client ends the contract and both review', async ({ browser, request: api }) => {
    test.setTimeout(300_000);
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
    const { contractId } = await hiredContract(api, client, expert, title, TWO_MILESTONES);
    const c = await contextSignedInAs(browser, sessionOf(client));
    const e = await contextSignedInAs(browser, sessionOf(expert));
    contexts.push(c.context, e.context);
    problems.push(c.problems, e.problems);
    const visitorContext = async () => {
      const context = await browser.newContext({ baseURL: e2eOrigins.site, bypassCSP: true });
      return { context, page: await context.newPage() };
    };
    /** Axe (WCAG 2.2 AA) on a page as `who` sees it (a visitor when null), in a context of its own: axe needs the CSP bypassed. */
    const axeClean = async (who: ReturnType<typeof sessionOf> | null, path: string, role: 'region' | 'article' | 'link', name: string) => {
      const audit = who ? await contextSignedInAs(browser, who, { bypassCSP: true }) : await visitorContext();
      contexts.push(audit.context);
      const { page } = audit;
      await page.goto(path);
      await expect(page.getByRole(role, { name }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };

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
    // Where money goes is asked for only after the member confirms it is them (decision 0034): with neither passkey
    // nor second factor, the password; the answer holds five minutes.
    const confirmIt = e.page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirmIt.getByLabel('Password').fill(E2E_PASSWORD);
    await confirmIt.getByRole('button', { name: 'Confirm' }).click();
    const connect = async () => {
      await expect(e.page.getByRole('heading', { level: 1, name: 'Connect your payout account' })).toBeVisible();
      await e.page.getByLabel('Account holder name').fill('Ada Lovelace');
      await e.page.getByLabel('Routing number').fill('110000000');
      await e.page.getByLabel('Account number').fill('000123456789');
      await e.page.getByRole('button', { name: 'Connect this account' }).click();
      await expect(account).toContainText('Payouts go to Stand-in Bank •••• 6789.');
    };
    await connect();
    // Changing a payout account that can receive money holds withdrawals, unless confirmed from the e-mail sent then.
    await account.getByRole('button', { name: 'Change payout account' }).click();
    await connect();
    // Said on the page before Withdraw is pressed (until when, and the way out), and Withdraw is disabled until then.
    await expect(e.page.getByText(/^Your payout account was changed recently, so withdrawals are held until .+ confirm it from the e-mail we sent you/)).toBeVisible();
    await expect(e.page.getByRole('button', { name: /^Withdraw \$540/ })).toHaveAttribute('aria-disabled', 'true');
    const changed = await mailTo(expert.email, 'payout account was changed');
    const confirmLink = new URL(/https?:\/\/\S+confirm-payout-change\?token=\S+/.exec(changed.text)![0]);
    await e.page.goto(`${confirmLink.pathname}${confirmLink.search}`);
    await e.page.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(e.page.getByText(SECURITY_MESSAGES.payoutChangeConfirmed)).toBeVisible();
    await e.page.goto('/profile/payment');
    await e.page.getByRole('button', { name: /^Withdraw \$540/ }).click();
    await expect(e.page.getByText('$540 is on its way to your account.')).toBeVisible();

    // The client ends the contract (the unfunded milestone is cancelled): one milestone was released, so both may
    // review the other, double-blind: neither sees the other's review until both are written.
    await c.page.goto(`/profile/workspace/${contractId}`);
    await c.page.getByRole('button', { name: 'End contract' }).click();
    await c.page.getByRole('alertdialog').getByRole('button', { name: 'End contract' }).click();
    const clientSide = c.page.getByRole('region', { name: 'Review Edda' });
    await expect(clientSide.getByRole('radiogroup', { name: 'Your rating of Edda (required)' })).toBeVisible();
    await axeClean(sessionOf(client), `/profile/workspace/${contractId}`, 'region', 'Review Edda');
    const clientText = `Edda cleaned the ${word} registry data and explained every model clearly.`;
    await clientSide.getByRole('radio', { name: /5 stars: Excellent/ }).check();
    await clientSide.getByLabel('Your review (optional)').fill(clientText);
    await clientSide.getByRole('button', { name: 'Submit review' }).click();
    await expect(c.page.getByText(/^Your review is saved\. It will be published when Edda has written theirs, or on \w{3} \d{1,2}, \d{4}\.$/)).toBeVisible();
    await expect(c.page.getByRole('article', { name: `Your review of ${expert.firstName} ${expert.lastName}` })).toContainText('not published yet');

    // The expert learns that a review waits, never what it says, until theirs is written too.
    await e.page.goto(`/profile/workspace/${contractId}`);
    const expertSide = e.page.getByRole('region', { name: 'Review Olga' });
    await expect(expertSide).toContainText('Olga has written their review of you. Write yours to see it: both are published together.');
    await expect(e.page.getByText(clientText)).toHaveCount(0);
    const expertText = 'A clear brief, quick answers and prompt approvals.';
    await expertSide.getByRole('radio', { name: /4 stars: Very good/ }).check();
    await expertSide.getByLabel('Your review (optional)').fill(expertText);
    await expertSide.getByRole('button', { name: 'Submit review' }).click();
    await expect(e.page.getByText('Your review is saved and published, together with Olga’s review of you.')).toBeVisible();
    const aboutExpert = e.page.getByRole('article', { name: 'Olga’s review of you' });
    await expect(aboutExpert).toContainText('5 out of 5 stars');
    await expect(aboutExpert).toContainText(clientText);
    await axeClean(sessionOf(expert), `/profile/workspace/${contractId}`, 'article', 'Olga’s review of you');

    // Both appear together for the client as well; the expert answers the review of them once, in public.
    await c.page.reload();
    await expect(c.page.getByRole('article', { name: 'Edda’s review of you' })).toContainText(expertText);
    await expect(c.page.getByRole('article', { name: `Your review of ${expert.firstName} ${expert.lastName}` })).toContainText('Published');
    await aboutExpert.getByLabel('Your public reply to Olga').fill('Thank you, Olga. A pleasure to work with.');
    await aboutExpert.getByRole('button', { name: 'Post reply' }).click();
    await expect(e.page.getByText('Your reply is published under the review.')).toBeVisible();

    // The expert's directory card shows the rating (in words for screen readers); the profile lists the review.
    await c.page.goto(`/find-an-expert?q=${word}`);
    const card = c.page.getByRole('article').filter({ has: c.page.getByRole('link', { name: `${expert.firstName} ${expert.lastName}` }) });
    await expect(card).toContainText('★ 5.0 (1 review)');
    await expect(card.getByText('Rated 5.0 out of 5 from 1 review')).toBeAttached();
    await axeClean(null, `/find-an-expert?q=${word}`, 'link', `${expert.firstName} ${expert.lastName}`);
    await card.getByRole('link', { name: `${expert.firstName} ${expert.lastName}` }).click();
    const reviews = c.page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('listitem')).toHaveCount(1);
    await expect(reviews).toContainText(clientText);
    await expect(reviews).toContainText('Reply from EddaThank you, Olga. A pleasure to work with.');
    await axeClean(null, new URL(c.page.url()).pathname, 'region', 'Reviews');
  });

  test('the client saves the card at the first checkout, sees it in Payment Details, names it, funds the next milestone with it, and removes it', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Sven',
      lastName: `Saved${word.slice(2, 6)}`,
      headline: `Biostatistician for ${word} cohorts`,
      summary: `I analyse ${word} cohorts.`,
      fee: 85,
      country: 'NO',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const client = await signUp(api, 'Carla', 'Cardholder');
    const title = `Cohort card study ${word}`;
    const { contractId } = await hiredContract(api, client, expert, title, TWO_MILESTONES);
    const c = await contextSignedInAs(browser, { token: client.token, user: { id: client.id, firstName: client.firstName, lastName: client.lastName, email: client.email } });
    contexts.push(c.context);
    problems.push(c.problems);
    const { page } = c;

    // Keeping the card is asked for on the site (off by default), and the provider's page asks again.
    await page.goto(`/profile/workspace/${contractId}`);
    const first = milestone(page, 'Data cleaning');
    const save = first.getByRole('checkbox', { name: 'Save this card for next time' });
    await expect(save).not.toBeChecked();
    await save.check();
    await first.getByRole('button', { name: 'Fund $600' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay $600.00' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Save this card for next time' })).toBeChecked();
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(milestone(page, 'Data cleaning').getByText('Funded, in escrow', { exact: true })).toBeVisible({ timeout: 20_000 });

    // Payment Details shows what the provider keeps: brand, last four digits and expiry; the client names it.
    await page.goto('/profile/payment');
    const cards = page.getByRole('region', { name: 'Saved cards' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Visa ending in 4242' });
    await expect(card).toContainText('Expires 12/34');
    await card.getByRole('button', { name: 'Rename' }).click();
    await cards.getByRole('textbox', { name: 'Name for Visa ending in 4242' }).fill('Lab card');
    await cards.getByRole('button', { name: 'Save name' }).click();
    await expect(cards.getByRole('status')).toHaveText('Visa ending in 4242 is now called “Lab card”.');

    // The next milestone is paid with the saved card: no card form, straight back to the workspace, funded by the webhook.
    await page.goto(`/profile/workspace/${contractId}`);
    const second = milestone(page, 'Models and report');
    await second.getByRole('radio', { name: 'Lab card (Visa ending in 4242), expires 12/34' }).check();
    await second.getByRole('button', { name: 'Fund $900' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/workspace/${contractId}\\?payment=\\d+`));
    await expect(milestone(page, 'Models and report').getByText('Funded, in escrow', { exact: true })).toBeVisible({ timeout: 20_000 });

    // Removing it asks first; then the provider forgets it.
    await page.goto('/profile/payment');
    await cards.getByRole('listitem').filter({ hasText: 'Lab card' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove card' }).click();
    await expect(cards.getByRole('status')).toHaveText('Visa ending in 4242 is removed.');
    await expect(cards).toContainText('No saved cards.');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saved cards' })).toContainText('No saved cards.');
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
      const { contractId } = await hiredContract(api, client, expert, `Audit study ${uniqueWord()}`, TWO_MILESTONES);
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
