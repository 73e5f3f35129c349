// Moderation short of a suspension: a member reports a project from its page, an operator hides it from the Reports
// queue with a reason (the report closes as acted on); the project is gone from the list, its search and its page
// for others, while its owner still opens it and reads why. From a member's page in the console the operator hides an
// expert's profile: it leaves the directory, and the server-rendered profile page no longer carries it. The audit log
// holds each hiding with its reason.
import type { BrowserContext } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { axeClean } from './axe';
import { E2E_PASSWORD, contextSignedInAs, createExpert, expect, mailTo, sessionOf, signUp, test, uniqueWord } from './fixtures';
import { publishedProject } from './hiring';
import { operatorSignedIn } from './operators';

test.describe('moderation', () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  test('a member reports a project, the operator hides it: gone from the list and its page, the owner sees why, the audit log holds it', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const owner = await signUp(api, 'Otto', 'Owner');
    const reporter = await signUp(api, 'Rhea', 'Reporter');
    const title = `Miracle cure trial ${word}`;
    const projectId = await publishedProject(api, owner, title, { budgetCents: 300_000, description: `Prove that our ${word} tonic cures every cancer; payment by gift card.` });
    const r = await contextSignedInAs(browser, sessionOf(reporter), { bypassCSP: true });
    const o = await contextSignedInAs(browser, sessionOf(owner));
    contexts.push(r.context, o.context);

    // The member finds the project in the list and reports it from its page.
    await r.page.goto(`/projects?q=${word}`);
    await r.page.getByRole('link', { name: title }).click();
    await expect(r.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await r.page.getByRole('button', { name: 'Report this project' }).click();
    const dialog = r.page.getByRole('dialog', { name: 'Report this project' });
    await dialog.getByRole('radio', { name: 'Fraud or a scam' }).check();
    await dialog.getByLabel('Anything we should know (optional)').fill('Promises a cure and wants gift cards.');
    await axeClean(r.page, 'report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thank you. The SciExperts team reviews every report.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The owner has no Report on their own project.
    await o.page.goto(`/projects/${projectId}`);
    await expect(o.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(o.page.getByRole('button', { name: 'Report this project' })).toHaveCount(0);

    // The operator hides it from the queue with a reason.
    const op = await operatorSignedIn(browser, `mod.${word}@ops.sciexperts.test`, 'operator');
    contexts.push(op.context);
    await op.page.getByRole('link', { name: 'Reports' }).click();
    const item = op.page.getByRole('article').filter({ hasText: title });
    await expect(item).toContainText('Fraud or a scam');
    await expect(item).toContainText('Promises a cure and wants gift cards.');
    await axeClean(op.page, 'reports');
    const reason = `Health claims and payment outside SciExperts (${word}).`;
    await item.getByLabel(/Reason/).fill(reason);
    await item.getByRole('button', { name: 'Hide the project' }).click();
    await expect(op.page.getByRole('status').filter({ hasText: 'The project is hidden' })).toBeVisible();
    await expect(item).toHaveCount(0);

    // Gone for the member: the list, its search and the page.
    await r.page.goto(`/projects?q=${word}`);
    await expect(r.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(r.page.getByRole('link', { name: title })).toHaveCount(0);
    await r.page.goto(`/projects/${projectId}`);
    await expect(r.page.getByRole('heading', { level: 1, name: 'This project is not available.' })).toBeVisible();
    const list = (await (await api.get(`${e2eOrigins.api}/api/Projects/Public?q=${word}`)).json()) as { results: Array<{ title: string }> };
    expect(list.results.map((p) => p.title)).not.toContain(title);

    // The owner still opens it, and reads why; the e-mail says it too.
    await o.page.reload();
    await expect(o.page.getByRole('note')).toContainText(`Hidden by SciExperts: ${reason}`);
    const mail = await mailTo(owner.email, 'Your SciExperts project is hidden');
    expect(mail.text).toContain(`Reason: ${reason}`);

    // The audit log holds the hiding and the report closed with it, with the reason.
    await op.page.getByRole('link', { name: 'Audit log' }).click();
    const log = op.page.getByRole('table');
    await expect(log).toContainText('project.hide');
    await expect(log).toContainText('report.actioned');
    await expect(log).toContainText(reason);
  });

  test("the operator hides an expert's profile from the member's page: out of the directory and its server-rendered page", async ({ browser, request: api }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    const lastName = `Hidden${word.slice(2, 7)}`;
    const expert = await createExpert(api, {
      firstName: 'Hugo',
      lastName,
      headline: `Epidemiologist for ${word} cohorts`,
      summary: `I analyse ${word} cohorts.`,
      fee: 75,
      country: 'FR',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const search = async () => JSON.stringify(await (await api.get(`${e2eOrigins.api}/api/Experts/Search?q=${word}`)).json());
    const { slug } = (await (await api.get(`${e2eOrigins.api}/api/Experts/${expert.id}`)).json()) as { slug: string };
    // The page a visitor or a crawler gets from the site's server, at the profile's canonical address.
    const renderedProfile = async () => (await api.get(`${e2eOrigins.site}/experts/${expert.id}-${slug}`, { headers: { accept: 'text/html' } })).text();
    expect(await search()).toContain(`"id":${expert.id}`);
    // Rendered on the server with its data: the name as the page's heading.
    expect(await renderedProfile()).toMatch(new RegExp(`<h1[^>]*>Hugo ${lastName}</h1>`));

    const op = await operatorSignedIn(browser, `members.${word}@ops.sciexperts.test`, 'operator');
    contexts.push(op.context);
    await op.page.getByRole('link', { name: 'Members' }).click();
    await op.page.getByLabel('Name or e-mail').fill(lastName);
    await op.page.getByRole('button', { name: 'Search' }).click();
    await op.page.getByRole('button', { name: `Manage Hugo ${lastName}` }).click();
    const reason = `Credentials not confirmed (${word}).`;
    await op.page.getByLabel('Reason (recorded in the audit log)').fill(reason);
    await op.page.getByRole('button', { name: 'Hide the profile from the directory' }).click();
    await expect(op.page.getByRole('status').filter({ hasText: 'is hidden from the directory' })).toBeVisible();
    await axeClean(op.page, 'member page');

    expect(await search()).not.toContain(`"id":${expert.id}`);
    expect((await api.get(`${e2eOrigins.api}/api/Experts/${expert.id}`)).status()).toBe(404);
    const hiddenPage = await renderedProfile();
    expect(hiddenPage).not.toContain(`Epidemiologist for ${word} cohorts`);
    expect(hiddenPage).not.toMatch(new RegExp(`<h1[^>]*>Hugo ${lastName}</h1>`));
    // The member is told, and still signs in.
    expect((await mailTo(expert.email, 'Your SciExperts profile is hidden from the directory')).text).toContain(`Reason: ${reason}`);
    expect((await api.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email: expert.email, password: E2E_PASSWORD } })).status()).toBe(200);
    await op.page.getByRole('link', { name: 'Audit log' }).click();
    await expect(op.page.getByRole('table')).toContainText('profile.hide');
    await expect(op.page.getByRole('table')).toContainText(reason);
  });
});
