import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ACCOUNT_SETTINGS_MESSAGES } from '@sciexperts/shared/contracts';
import { createExpert, expect, mailTo, sessionOf, signUp, test, uniqueWord, type Account } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A date `days` from today as the date inputs want it (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The form's interactive fields before attachments: the "under five minutes" is kept by keeping this small. */
async function countFormFields(page: Page): Promise<number> {
  return page.locator('main form').first().locator('input:not([type="file"]):not([type="hidden"]), select, textarea').count();
}

async function axeViolations(page: Page): Promise<string[]> {
  // axe's target-size counts the sticky header's links as neighbours of whatever the last fill scrolled under it (the
  // form's radios, 11 px from "How it Works"), so the result would depend on the scroll position: measure from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('projects: post, invite, propose, hire', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an owner posts from a service card, invites an expert found in the directory, the expert proposes two milestones, the owner hires', async ({ people, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Grete',
      lastName: `Survival${word.slice(2, 6)}`,
      headline: `Biostatistician for ${word} cohort studies`,
      summary: `I analyse ${word} cohort and registry data with survival models and write the statistical reports.`,
      fee: 90,
      country: 'NO',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const owner: Account = await signUp(api, 'Oskar', 'Owner');
    // The owner's browser runs under the product's CSP (any violation fails the test); the expert's lets axe measure.
    const o = await people.signedIn(sessionOf(owner));
    const e = await people.signedIn(sessionOf(expert), { bypassCSP: true });
    const violations: string[] = [];

    // The owner starts from a service's page (members land on their dashboard at /, so the home page's cards are
    // the visitor's way in, tested below): the form opens with that service chosen.
    const started = Date.now();
    await o.page.goto('/services/statistical-analysis');
    await o.page.getByRole('main').getByRole('link', { name: 'Post a project' }).first().click();
    await expect(o.page).toHaveURL(/\/create-project\?service=Statistical(%20|\+)Analysis$/);
    await expect(o.page.getByRole('heading', { level: 1, name: 'Post a project' })).toBeVisible();
    await expect(o.page.getByLabel('Service')).toHaveValue('Statistical Analysis');
    const fields = await countFormFields(o.page);
    expect(fields).toBeLessThanOrEqual(20);

    const title = `Survival analysis of a ${word} cohort`;
    await o.page.getByLabel('Title').fill(title);
    await o.page.getByRole('checkbox', { name: 'Biostatistics' }).check();
    await o.page.getByLabel('Description').fill(`We followed 2,000 patients for ten years (${word}).\nWe need Kaplan-Meier curves, Cox models and a short report.`);
    await o.page.getByLabel(/Amount|Fixed price \(USD\)|Budget/).first().fill('1500');
    await o.page.getByRole('button', { name: 'Publish project' }).click();
    await expect(o.page).toHaveURL(/\/projects\/\d+$/);
    await expect(o.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const projectUrl = o.page.url();
    console.log(`projects e2e: posted from a service page in ${((Date.now() - started) / 1000).toFixed(1)} s: one form page, ${fields} fields, one Publish click`);

    // The owner finds the expert in the directory and invites them from the profile.
    await o.page.goto(`/find-an-expert?q=${word}`);
    await o.page.getByRole('link', { name: `${expert.firstName} ${expert.lastName}` }).click();
    await o.page.getByRole('button', { name: 'Invite to a project' }).click();
    const invite = o.page.getByRole('dialog', { name: `Invite ${expert.firstName} to a project` });
    await invite.getByRole('radio', { name: new RegExp(title) }).check();
    await invite.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(invite.getByText(`${expert.firstName} is invited to “${title}”.`)).toBeVisible();
    await invite.getByRole('button', { name: /Close|Done|Cancel/ }).first().click();

    // The expert sees the invitation in Proposals and answers with a proposal of two milestones.
    await e.page.goto('/profile/proposals?tab=invitations');
    await e.page.getByRole('link', { name: title }).first().click();
    await expect(e.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(e.page.getByText(/Oskar invited you to send a proposal/)).toBeVisible();
    await e.page.getByLabel('Cover letter').fill('I have run survival analyses on three registries like yours; here is my plan.');
    await e.page.getByLabel(/Total price/).fill('1500');
    // What the price is worth to the expert is under it before they send anything (the local payments run at 10 %).
    const feeLine = 'Platform fee (10 %): $150. You receive $1,350.';
    await expect(e.page.getByText(feeLine).first()).toBeVisible();
    await expect(e.page.getByLabel(/Total price/)).toHaveAccessibleDescription(feeLine);
    const rows = e.page.getByRole('group', { name: /^Milestone \d+$/ });
    await rows.nth(0).getByLabel(/Title/).fill('Data cleaning and Kaplan-Meier curves');
    await rows.nth(0).getByLabel(/Amount/).fill('600');
    await rows.nth(0).getByLabel(/Due date/).fill(inDays(10));
    await expect(e.page.getByText('The milestones add up to $600.00, $900.00 less than the total of $1,500.00.')).toBeVisible();
    await e.page.getByRole('button', { name: 'Add milestone' }).click();
    await rows.nth(1).getByLabel(/Title/).fill('Cox models and report');
    await rows.nth(1).getByLabel(/Amount/).fill('900');
    await rows.nth(1).getByLabel(/Due date/).fill(inDays(24));
    await expect(e.page.getByText('The milestones add up to the total.')).toBeVisible();
    // Leaving a field announces the line once (a status region), not at each keystroke.
    await expect(e.page.getByRole('status').filter({ hasText: feeLine })).toHaveCount(1);
    violations.push(...(await axeViolations(e.page)));
    await e.page.getByRole('button', { name: 'Send proposal' }).click();
    await expect(e.page.getByText('Submitted').first()).toBeVisible();

    // The owner compares and hires.
    await o.page.goto(projectUrl);
    const proposals = o.page.getByRole('region', { name: /Proposals/ }).or(o.page.locator('section', { has: o.page.getByRole('heading', { name: /^Proposals/ }) }));
    await expect(proposals.getByText('Cox models and report')).toBeVisible();
    await expect(proposals.getByText('$1,500 fixed')).toBeVisible();
    await expect(proposals.getByText(`${expert.firstName} receives`)).toBeVisible();
    await expect(proposals.getByText('$1,350', { exact: true })).toBeVisible();
    await proposals.getByRole('button', { name: 'Hire' }).click();
    const hireDialog = o.page.getByRole('alertdialog', {
      name: `Hire ${expert.firstName} ${expert.lastName} for $1,500 fixed? The platform fee is $150; ${expert.firstName} receives $1,350.`,
    });
    await hireDialog.getByRole('button', { name: 'Hire', exact: true }).click();
    await expect(o.page.getByText(`You hired ${expert.firstName} ${expert.lastName}. The contract is active.`)).toBeVisible();

    // Both dashboards and lists show the contract.
    await o.page.goto('/profile/project-owner-dashboard');
    await expect(o.page.getByRole('link', { name: title }).first()).toBeVisible();
    await o.page.goto('/profile/my-projects');
    await expect(o.page.getByText('In progress').first()).toBeVisible();
    await e.page.goto('/profile/freelancer-dashboard');
    await expect(e.page.getByRole('link', { name: title }).first()).toBeVisible();
    violations.push(...(await axeViolations(e.page)));
    await e.page.goto('/profile/my-projects');
    await expect(e.page.getByRole('link', { name: title }).first()).toBeVisible();
    await e.page.goto('/profile/proposals');
    await expect(e.page.getByText('Hired').first()).toBeVisible();
    violations.push(...(await axeViolations(e.page)));
    await e.page.goto('/profile/browse-projects');
    await expect(e.page.getByRole('heading', { level: 1, name: 'Browse Projects' })).toBeVisible();
    violations.push(...(await axeViolations(e.page)));

    // The owner's pages, measured by axe in a context of their own.
    const a = await people.signedIn(sessionOf(owner), { bypassCSP: true });
    for (const path of [new URL(projectUrl).pathname, '/profile/project-owner-dashboard', '/profile/my-projects', '/profile/proposals?tab=received', '/create-project']) {
      await a.page.goto(path);
      await expect(a.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await a.page.waitForLoadState('networkidle');
      violations.push(...(await axeViolations(a.page)));
    }
    expect(violations).toEqual([]);
  });
});

test.describe('projects: a visitor', () => {
  test.use({ viewport: { width: 1280, height: 900 }, bypassCSP: false });

  test("a signed-out visitor's form survives signing up, and is published as written", async ({ page }) => {
    test.setTimeout(90_000);
    const word = uniqueWord();
    const title = `Shelf-life study for a ${word} sauce`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Product development' }).click();
    await expect(page).toHaveURL(/\/create-project\?service=Food(%20|\+)Science/);
    await expect(page.getByLabel('Service')).toHaveValue('Food Science and Technology');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill(`We make a ${word} sauce and need an accelerated shelf-life study with a written protocol and a final report.`);
    await page.getByLabel(/Amount|Fixed price \(USD\)|Budget/).first().fill('2400');
    await page.getByRole('button', { name: 'Publish project' }).click();

    const dialog = page.getByRole('dialog', { name: 'Welcome to SciExperts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    const panel = dialog.getByRole('tabpanel', { name: 'Create Account' });
    await panel.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await panel.getByRole('textbox', { name: 'Last name' }).fill('Visitor');
    const email = `e2e-visitor-${Date.now()}@sciexperts.test`;
    await panel.getByRole('textbox', { name: 'Email' }).fill(email);
    await panel.getByRole('textbox', { name: 'Contact number' }).fill('20 7946 0000');
    await panel.getByLabel('Password').fill('Kettle-Quasar-E2E-41!');
    await panel.getByRole('combobox', { name: 'How did you hear about us?' }).selectOption('conference');
    await panel.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await panel.getByRole('button', { name: 'Create Account' }).click();

    // A new member confirms the address first: the project waits as a draft, the welcome e-mail has the link.
    await expect(page.getByText(ACCOUNT_SETTINGS_MESSAGES.verifyFirst)).toBeVisible({ timeout: 20_000 });
    const mail = await mailTo(email, 'confirm your e-mail address');
    const link = /https?:\/\/\S+\/account\/verify-email\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const inbox = await page.context().newPage();
    await inbox.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await inbox.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(inbox.getByRole('status').filter({ hasText: ACCOUNT_SETTINGS_MESSAGES.verified })).toBeVisible();
    await inbox.close();
    await page.getByRole('button', { name: 'Publish project' }).click();

    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`We make a ${word} sauce`)).toBeVisible();
    await expect(page.getByText('Fixed price: $2,400')).toBeVisible();
  });

  test("'Request a service' opens the form, keeping a chosen service", async ({ page }) => {
    await page.goto('/request-service?service=Medical%20Writing');
    await expect(page).toHaveURL(/\/create-project\?service=Medical(%20|\+)Writing$/);
    await expect(page.getByLabel('Service')).toHaveValue('Medical Writing');
  });

  test('the public list shows teasers and asks to sign in; a project asks to sign in', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText("Sign in to see a project's details and send a proposal.")).toBeVisible();
    expect(await page.locator('main a[href^="/projects/"]').count()).toBe(0);
    await page.goto('/projects/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see this project' })).toBeVisible();
  });
});

test.describe('projects accessibility (signed out)', () => {
  test.use({ bypassCSP: true });
  test('axe finds nothing on the public list and the form', async ({ page }) => {
    // Three pages and three axe runs: 23 s on a quiet CI machine, 32 s on a busy one (past the default 30 s).
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const violations: string[] = [];
    for (const path of ['/projects', '/create-project', '/projects/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      violations.push(...(await axeViolations(page)));
    }
    expect(violations).toEqual([]);
  });
});
