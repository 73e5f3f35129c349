// The operators' console (mf-admin at /admin): three browsers — a client, an expert and an operator. The client
// opens a dispute with a statement and a file, the expert answers, the operator signs in with the second factor,
// reads both sides and splits 60/40; both parties see the outcome and their billing pages agree with the ledger;
// the audit log holds the decision with its reason. An expert asks to be verified from the profile, an operator
// approves it, and the Verified badge shows on the directory card (the filter finds only her), audited with the reason.
import type { BrowserContext, Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { axeClean } from './axe';
import { E2E_PASSWORD, confirmEmail, contextSignedInAs, createExpert, expect, mailTo, sessionOf, signUp, test, uniqueWord, type Account } from './fixtures';
import { hiredContract } from './hiring';
import { authenticatorCode, createOperator, operatorSignedIn, type OperatorRole } from './operators';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const as = (who: Account) => ({ Authorization: `Bearer ${who.token}` });

const milestone = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

async function payOnCheckout(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: /^Pay \$/ })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/Expiry date/).fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Olga Owner');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test.describe('the operators console', () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  test('a dispute with both sides is split 60/40 by an operator signed in with the second factor; both parties see it and their billing agrees', async ({ browser, request: api }) => {
    test.setTimeout(240_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Edda',
      lastName: `Dispute${word.slice(2, 6)}`,
      headline: `Biostatistician for ${word} registries`,
      summary: `I analyse ${word} registries with survival models.`,
      fee: 90,
      country: 'IS',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const client = await signUp(api, 'Olga', 'Owner');
    const title = `Registry survival ${word}`;
    const {
      contractId,
      milestoneIds: [milestoneId],
    } = await hiredContract(api, client, expert, title, [{ title: 'Survival models', amountCents: 60_000, dueInDays: 10 }]);
    const c = await contextSignedInAs(browser, sessionOf(client));
    const e = await contextSignedInAs(browser, sessionOf(expert));
    contexts.push(c.context, e.context);

    // Funded through the checkout, delivered by the expert.
    await c.page.goto(`/profile/workspace/${contractId}`);
    await milestone(c.page, 'Survival models').getByRole('button', { name: 'Fund $600' }).click();
    await payOnCheckout(c.page);
    await expect(milestone(c.page, 'Survival models').getByText('Funded, in escrow', { exact: true })).toBeVisible({ timeout: 20_000 });
    const submitted = await api.post(`${e2eOrigins.api}/api/Milestones/${milestoneId}/Submit`, { headers: { ...as(expert), 'Idempotency-Key': `submit-${word}` }, data: { note: 'The models are in the report.' } });
    expect(submitted.ok(), await submitted.text()).toBe(true);

    // The client shares a file, opens a dispute and adds a statement with the file.
    await c.page.reload();
    const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    await c.page.getByLabel('Share a file').setInputFiles({ name: 'missing-tables.pdf', mimeType: 'application/pdf', buffer: minimalPdf });
    await expect(c.page.getByText('missing-tables.pdf is shared.')).toBeVisible();
    await milestone(c.page, 'Survival models').getByRole('button', { name: 'Open a dispute' }).click();
    await c.page.getByLabel(/What went wrong/).fill('The Cox models are missing from the report.');
    await c.page.getByRole('dialog').getByRole('button', { name: 'Open a dispute' }).click();
    const clientItem = milestone(c.page, 'Survival models');
    await expect(clientItem.getByText('Disputed', { exact: true })).toBeVisible();
    await clientItem.getByLabel('Your statement (required)').fill('Tables 3 and 4 are empty; see the marked pages.');
    await clientItem.getByRole('checkbox', { name: 'missing-tables.pdf' }).check();
    await clientItem.getByRole('button', { name: 'Add statement' }).click();
    await expect(clientItem.getByText('Your statement was added.')).toBeVisible();

    // The expert reads it and answers.
    await e.page.goto(`/profile/workspace/${contractId}`);
    const expertItem = milestone(e.page, 'Survival models');
    await expect(expertItem.getByText('Tables 3 and 4 are empty; see the marked pages.')).toBeVisible();
    await expertItem.getByLabel('Your statement (required)').fill('The Kaplan-Meier part is complete; the Cox models need two more weeks.');
    await expertItem.getByRole('button', { name: 'Add statement' }).click();
    await expect(expertItem.getByText('Your statement was added.')).toBeVisible();

    // The operator: made by the command, signed in with password and the authenticator (set up at the first sign-in).
    const email = `lead.${word}@ops.sciexperts.test`;
    const password = createOperator(email, 'operator');
    const o = await browser.newContext({ baseURL: e2eOrigins.site, bypassCSP: true });
    contexts.push(o);
    const op = await o.newPage();
    await op.goto('/admin');
    await expect(op.getByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeVisible();
    await axeClean(op, 'sign-in');
    await op.getByLabel('E-mail').fill(email);
    await op.getByLabel('Password').fill(password);
    await op.getByRole('button', { name: 'Continue' }).click();
    const secret = (await op.getByTestId('totp-secret').textContent())!.trim();
    await op.getByLabel(/Code from your authenticator app/).fill(authenticatorCode(secret));
    await op.getByRole('button', { name: 'Sign in' }).click();
    await expect(op.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await op.getByRole('button', { name: /continue/ }).click();
    // The one-time password opens nothing but its replacement.
    await expect(op.getByRole('heading', { level: 1, name: 'Choose your own password' })).toBeVisible();
    await axeClean(op, 'password change');
    await op.getByLabel('The password you were given').fill(password);
    await op.getByLabel('New password', { exact: true }).fill(`${password}-chosen`);
    await op.getByLabel('New password again').fill(`${password}-chosen`);
    await op.getByRole('button', { name: 'Change password' }).click();

    // The queue by waiting time, then the dispute with both sides.
    await expect(op.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    await axeClean(op, 'queue');
    await op.getByRole('link', { name: `Survival models — ${title}` }).click();
    await expect(op.getByRole('heading', { level: 1, name: `Dispute: Survival models — ${title}` })).toBeVisible();
    const statements = op.getByRole('region', { name: 'Statements' });
    await expect(statements).toContainText('Tables 3 and 4 are empty; see the marked pages.');
    await expect(statements).toContainText('Files: missing-tables.pdf');
    await expect(statements).toContainText('the Cox models need two more weeks.');
    await expect(op.getByRole('region', { name: 'Timeline' })).toContainText('The Cox models are missing from the report.');
    await axeClean(op, 'dispute');
    await op.getByRole('radio', { name: /^Split/ }).check();
    await op.getByLabel(/Expert’s part in US dollars/).fill('360');
    await expect(op.getByText('Back to the client: $240.00')).toBeVisible();
    await op.getByLabel('Reason (both parties receive it)').fill('The survival curves were delivered; the Cox models were not.');
    await op.getByRole('button', { name: 'Resolve the dispute' }).click();
    // Nothing moves before the operator confirms what each party receives.
    const confirmation = op.getByRole('alertdialog');
    await expect(confirmation).toContainText('receives $360.00');
    await expect(confirmation).toContainText('gets $240.00 back, of the $600.00 in escrow');
    await confirmation.getByRole('button', { name: 'Move the money' }).click();
    await expect(op.getByRole('status').filter({ hasText: 'Resolved:' })).toContainText('Resolved: $360.00 to the expert, $240.00 back to the client.');

    // Both parties see the outcome; their billing agrees with the ledger (expert: $360 less the 10 % fee).
    await c.page.goto(`/profile/workspace/${contractId}`);
    await expect(milestone(c.page, 'Survival models').getByText('Split by SciExperts', { exact: true })).toBeVisible();
    await e.page.goto('/profile/billing');
    await expect(e.page.getByRole('table')).toContainText('+$324');
    await c.page.goto('/profile/billing');
    await expect(c.page.getByRole('table')).toContainText('$240');
    const balance = await api.get(`${e2eOrigins.api}/api/Payments/Balance`, { headers: as(expert) });
    expect(((await balance.json()) as { availableCents: number }).availableCents).toBe(32_400);

    // The audit log holds the decision with its reason, in dollars, linked to the dispute; filtered to this operator
    // and this milestone, it holds the decision alone.
    await op.getByRole('link', { name: 'Audit log' }).click();
    const log = op.getByRole('table');
    await expect(log).toContainText('dispute.split');
    await expect(log).toContainText('split $600.00: $360.00 to the expert, $240.00 back to the client');
    await expect(log).toContainText('The survival curves were delivered; the Cox models were not.');
    await expect(log).toContainText('sign-in');
    await expect(log.getByRole('link', { name: `Milestone ${milestoneId}`, exact: true }).first()).toHaveAttribute('href', `/admin/disputes/${milestoneId}`);
    await axeClean(op, 'audit log');
    await op.getByLabel('Operator', { exact: true }).selectOption(email);
    await op.getByLabel('Object', { exact: true }).selectOption('milestone');
    await op.getByLabel('Object number').fill(String(milestoneId));
    await op.getByRole('button', { name: 'Show entries' }).click();
    await expect(op.getByRole('table', { name: 'Operator actions matching the filters, newest first' }).getByRole('row')).toHaveCount(2);
    await expect(op.getByRole('status').filter({ hasText: 'shown' })).toHaveText('1 entry shown.');
    // One line per entry's date on a desktop.
    const when = op.getByRole('table').locator('time').first();
    expect(await when.evaluate((el) => el.getClientRects().length)).toBe(1);

    // The money from the ledger, and the members' search.
    await op.getByRole('link', { name: 'Money' }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
    await expect(op.getByText('Platform fees')).toBeVisible();
    await axeClean(op, 'money');
    await op.getByRole('link', { name: 'Members' }).click();
    await op.getByLabel('Name or e-mail').fill(client.email);
    await op.getByRole('button', { name: 'Search' }).click();
    await expect(op.getByRole('cell', { name: `Olga Owner ${client.email}` })).toBeVisible();
    await axeClean(op, 'members');

    // A concierge request gets a shortlist picked with the site's own search; the requester is mailed it.
    const asked = await api.post(`${e2eOrigins.api}/api/Concierge/Request`, {
      data: { name: 'Cora Concierge', email: `cora.${word}@example.test`, need: `We need a survival analysis of our ${word} cohort within a month.`, budget: 'under-1000', deadline: inDays(30) },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { id: requestId } = (await asked.json()) as { id: number };
    await op.getByRole('link', { name: 'Concierge' }).click();
    // Requests from people of the same name (earlier runs) are told apart by their number.
    await op.getByRole('button', { name: `Answer request #${requestId} from Cora Concierge` }).click();
    await expect(op.getByRole('heading', { level: 2, name: `Shortlist for Cora Concierge (cora.${word}@example.test), request #${requestId}` })).toBeFocused();
    await op.getByLabel('Search the directory').fill(word);
    await op.getByRole('button', { name: 'Search', exact: true }).click();
    await op.getByRole('checkbox', { name: new RegExp(`^Edda ${expert.lastName}`) }).check();
    await op.getByLabel('A few words to Cora Concierge about the choice').fill('Edda analyses registries like yours.');
    await axeClean(op, 'concierge');
    await op.getByRole('button', { name: 'Send the shortlist' }).click();
    await expect(op.getByRole('status').filter({ hasText: 'shortlist' })).toContainText(`cora.${word}@example.test`);
    const mail = await mailTo(`cora.${word}@example.test`, 'Your SciExperts shortlist');
    expect(mail.text).toContain(`/experts/${expert.id}-`);
    expect([...c.problems, ...e.problems], 'CSP violations or page errors').toEqual([]);
  });

  test('a member reports a message, the operator suspends the sender: their socket closes and their profile leaves the directory', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const sender = await createExpert(api, {
      firstName: 'Sly',
      lastName: `Sender${word.slice(2, 6)}`,
      headline: `Consultant for ${word} studies`,
      summary: `I consult on ${word} studies.`,
      fee: 80,
      country: 'DE',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const receiver = await signUp(api, 'Rita', 'Receiver');
    const s = await contextSignedInAs(browser, sessionOf(sender));
    const r = await contextSignedInAs(browser, sessionOf(receiver));
    contexts.push(s.context, r.context);
    const search = async () => (await (await api.get(`${e2eOrigins.api}/api/Experts/Search?q=${word}`)).json()) as { results?: Array<{ id: number }>; total?: number };
    expect(JSON.stringify(await search())).toContain(`"id":${sender.id}`);

    await s.page.goto(`/chat?with=${receiver.id}`);
    await r.page.goto(`/chat?with=${sender.id}`);
    const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
    await s.page.getByPlaceholder('Type a message...').fill(`Pay me outside the site for ${word}.`);
    await s.page.getByPlaceholder('Type a message...').press('Enter');
    const received = log(r.page).getByRole('listitem').filter({ hasText: `Pay me outside the site for ${word}.` });
    await expect(received).toBeVisible();
    await received.getByRole('button', { name: 'Report this message' }).click();
    const dialog = r.page.getByRole('dialog', { name: 'Report this message' });
    await dialog.getByRole('radio', { name: 'Fraud or a scam' }).check();
    await dialog.getByLabel('Anything we should know (optional)').fill('Asks for payment off the platform.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thank you. The SciExperts team reviews every report.');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The operator (second factor on) finds the report and suspends the sender.
    const { context: o, page: op } = await operatorSignedIn(browser, `mod.${word}@ops.sciexperts.test`, 'operator');
    contexts.push(o);
    await op.getByRole('link', { name: 'Reports' }).click();
    const item = op.getByRole('article').filter({ hasText: `Pay me outside the site for ${word}.` });
    await expect(item).toContainText('Fraud or a scam');
    await axeClean(op, 'reports');
    await item.getByLabel(/Reason/).fill('Asking members to pay outside SciExperts.');
    await item.getByRole('button', { name: /^Suspend/ }).click();
    await expect(op.getByRole('status').filter({ hasText: 'is suspended' })).toBeVisible();

    // The sender's open chat is closed by the server, their profile and search entry are gone, and they are told why.
    await expect(s.page.getByText('The chat server closed the connection. Please sign in again.')).toBeVisible();
    expect((await api.get(`${e2eOrigins.api}/api/Experts/${sender.id}`)).status()).toBe(404);
    expect(JSON.stringify(await search())).not.toContain(`"id":${sender.id}`);
    const login = await api.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email: sender.email, password: E2E_PASSWORD } });
    expect(login.status()).toBe(401);
    await op.getByRole('link', { name: 'Audit log' }).click();
    await expect(op.getByRole('table')).toContainText('Asking members to pay outside SciExperts.');
  });

  test('an expert asks for verification, the operator approves it: the badge shows on the directory card and the filter finds them', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const profile = (firstName: string, lastName: string) => ({
      firstName,
      lastName,
      headline: `Epidemiologist for ${word} cohorts`,
      summary: `I design ${word} cohort studies.`,
      fee: 95,
      country: 'NL',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    // Vera's name with the badge stays shorter than Otto's name alone, so neither heading can wrap to a second line
    // whatever letters the random word gives (with names of the same length, a wide draw wrapped hers: 52 px against 26).
    const vera = await createExpert(api, profile('Vera', `Lind${word.slice(2, 4)}`));
    const other = await createExpert(api, profile('Otto', `Unverified${word.slice(2, 6)}`));
    const e = await contextSignedInAs(browser, sessionOf(vera), { bypassCSP: true });
    contexts.push(e.context);

    // The expert asks from the profile: the identity document, the legal name, the degree and the affiliation.
    await e.page.goto('/profile');
    const section = e.page.getByRole('region', { name: 'Verification' });
    await expect(section.getByText(/No ORCID record is linked to your profile/)).toBeVisible();
    const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    await section.getByLabel('Identity document').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: minimalPdf });
    await expect(section.getByText('passport.pdf is uploaded.')).toBeVisible();
    await section.getByLabel('Legal name, as on the document').fill(`Vera Maria ${vera.lastName}`);
    await section.getByLabel('Degree title').fill('PhD in Epidemiology');
    await section.getByLabel('Awarding institution').fill('Leiden University');
    await section.getByLabel('Year awarded').fill('2016');
    await section.getByRole('textbox', { name: 'Institution', exact: true }).fill('Erasmus MC');
    await section.getByRole('textbox', { name: 'Role', exact: true }).fill('Senior epidemiologist');
    await axeClean(e.page, 'verification form');
    await section.getByRole('button', { name: 'Ask to be verified' }).click();
    await expect(section.getByText(/is waiting for review/)).toBeVisible();

    // The operator (second factor on) opens the request from the queue, reads the document and approves it.
    const { context: o, page: op } = await operatorSignedIn(browser, `vet.${word}@ops.sciexperts.test`, 'operator');
    contexts.push(o);
    await op.getByRole('link', { name: 'Vetting' }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Vetting' })).toBeVisible();
    await axeClean(op, 'vetting queue');
    await op.getByRole('link', { name: new RegExp(`^Vera ${vera.lastName}`) }).click();
    await expect(op.getByRole('heading', { level: 1, name: `Verify Vera ${vera.lastName}` })).toBeVisible();
    await expect(op.getByText('PhD in Epidemiology, Leiden University, 2016')).toBeVisible();
    const download = op.waitForEvent('download');
    await op.getByRole('button', { name: /^Download the identity document: passport\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('passport.pdf');
    await axeClean(op, 'vetting request');
    await op.getByRole('radio', { name: /^Approve/ }).check();
    await op.getByLabel('Reason (the expert reads it when rejected)').fill('Passport and PhD certificate match the profile.');
    await op.getByRole('button', { name: 'Decide' }).click();
    await expect(op.getByRole('status').filter({ hasText: 'Approved:' })).toContainText(`Approved: Vera ${vera.lastName} is verified and was told.`);

    // The expert is told by e-mail; the badge shows on the card, the heading keeps its height, the filter finds only her.
    await mailTo(vera.email, 'Your profile is verified');
    const visitor = await browser.newContext({ baseURL: e2eOrigins.site, bypassCSP: true });
    contexts.push(visitor);
    const v = await visitor.newPage();
    await v.goto(`/find-an-expert?q=${word}`);
    const card = (who: { firstName: string; lastName: string }) => v.getByRole('article').filter({ has: v.getByRole('link', { name: `${who.firstName} ${who.lastName}`, exact: true }) });
    await expect(card(vera).getByRole('img', { name: 'Verified expert' })).toBeVisible();
    await expect(card(other)).toBeVisible();
    await expect(card(other).getByRole('img', { name: 'Verified expert' })).toHaveCount(0);
    const [withBadge, without] = await Promise.all([card(vera).getByRole('heading').boundingBox(), card(other).getByRole('heading').boundingBox()]);
    expect(Math.round(withBadge!.height)).toBe(Math.round(without!.height));
    await axeClean(v, 'directory with a verified expert');
    await v.getByRole('checkbox', { name: 'Verified experts only' }).click();
    await expect(v).toHaveURL(/verified=true/);
    await expect(v.getByRole('checkbox', { name: 'Verified experts only' })).toBeChecked();
    await expect(card(vera)).toBeVisible();
    await expect(card(other)).toHaveCount(0);
    await v.goto(`/experts/${vera.id}`);
    await expect(v.getByRole('heading', { level: 1, name: `Vera ${vera.lastName} Verified expert` })).toBeVisible();

    // The audit log holds the approval with its reason.
    await op.getByRole('link', { name: 'Audit log' }).click();
    const log = op.getByRole('table');
    await expect(log).toContainText('vetting.approve');
    await expect(log).toContainText('Passport and PhD certificate match the profile.');
    expect(e.problems, 'CSP violations or page errors').toEqual([]);
  });

  test('a concierge requester who signs up with the address finds the shortlist as a draft with the expert invited; finance reconciles the ledger with the provider', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const expert = await createExpert(api, {
      firstName: 'Nora',
      lastName: `Match${word.slice(2, 6)}`,
      headline: `Survival analyst for ${word} cohorts`,
      summary: `I analyse ${word} cohorts.`,
      fee: 90,
      country: 'DE',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const requester = `cora.${word}@example.test`;
    const asked = await api.post(`${e2eOrigins.api}/api/Concierge/Request`, {
      data: { name: 'Cora Concierge', email: requester, need: `A survival analysis of our ${word} cohort. Kaplan-Meier curves and Cox models.`, budget: '1000-5000', deadline: inDays(60) },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { id: requestId } = (await asked.json()) as { id: number };

    /** An operator of `role`, signed in with the second factor in a browser of their own. */
    const operatorPage = async (role: OperatorRole) => {
      const { context, page } = await operatorSignedIn(browser, `${role}.${word}@ops.sciexperts.test`, role);
      contexts.push(context);
      return page;
    };

    // The answer opens with the directory already searched by the request's own words, which find the expert.
    const op = await operatorPage('operator');
    await op.getByRole('link', { name: 'Concierge' }).click();
    await op.getByRole('button', { name: `Answer request #${requestId} from Cora Concierge` }).click();
    await expect(op.getByLabel('Search the directory')).toHaveValue(`survival ${word} cohort`);
    await op.getByRole('checkbox', { name: new RegExp(`^Nora ${expert.lastName}`) }).check();
    await op.getByLabel('A few words to Cora Concierge about the choice').fill('Nora analyses cohorts like yours.');
    await op.getByRole('button', { name: 'Send the shortlist' }).click();
    await expect(op.getByRole('status').filter({ hasText: 'shortlist' })).toContainText('project draft');
    const mail = await mailTo(requester, 'Your SciExperts shortlist');
    expect(mail.text).toContain(`Sign up with this e-mail address (${requester})`);
    expect(mail.text).toContain('/profile/my-projects');

    // Cora signs up with that address and confirms it: the draft is hers, the expert invited but not told yet.
    const signup = await api.post(`${e2eOrigins.api}/api/User/AddNewUser`, { data: { email: requester, firstName: 'Cora', lastName: 'Concierge', phoneNumber: '+1 5551234567', password: E2E_PASSWORD } });
    expect(signup.ok(), await signup.text()).toBe(true);
    await confirmEmail(api, requester);
    const login = await api.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email: requester, password: E2E_PASSWORD } });
    const { token, user } = (await login.json()) as { token: string; user: { id: number } };
    const cora = await contextSignedInAs(browser, { token, user }, { bypassCSP: true });
    contexts.push(cora.context);
    await cora.page.goto('/profile/my-projects');
    await expect(cora.page.getByRole('link', { name: `A survival analysis of our ${word} cohort` })).toBeVisible();
    // The draft's own page, where the e-mail of a member who had the address already links.
    const mine = await api.get(`${e2eOrigins.api}/api/Projects/Mine`, { headers: { Authorization: `Bearer ${token}` } });
    const [draft] = ((await mine.json()) as { results: Array<{ id: number; status: string }> }).results;
    expect(draft?.status).toBe('draft');
    await cora.page.goto(`/projects/${draft!.id}`);
    const invite = cora.page.getByRole('region', { name: 'Invite experts' });
    await expect(invite).toContainText('While the project is a draft, invitations wait: the experts receive them when you publish it.');
    await expect(invite).toContainText(`Nora ${expert.lastName}`);
    await axeClean(cora.page, 'the concierge draft');
    const held = await api.get(`${e2eOrigins.api}/api/Invitations/Mine`, { headers: as(expert) });
    expect(((await held.json()) as { results: unknown[] }).results).toEqual([]);

    // Finance compares the ledger with the payment stand-in's own records, from the Money page.
    const money = await operatorPage('finance');
    await money.getByRole('link', { name: 'Money' }).click();
    await money.getByRole('button', { name: 'Run the reconciliation' }).click();
    await expect(money.getByRole('status').filter({ hasText: 'ledger movements agree' })).toContainText(/\d+ of \d+ ledger movements agree with the \d+ records of the payment stand-in/);
    await axeClean(money, 'reconciliation');
    expect(cora.problems, 'CSP violations or page errors').toEqual([]);
  });

  test('the console fits a phone and is used with the keyboard', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: e2eOrigins.site, viewport: { width: 375, height: 740 }, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByLabel('E-mail').focus();
    await page.keyboard.type('nobody@ops.sciexperts.test');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type('wrong-password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('The e-mail, password or code is wrong.');
    await axeClean(page, 'sign-in on a phone');
  });

  test('the admin API answers a member as if it did not exist, and no other origin may call it', async ({ request: api }) => {
    const member = await signUp(api, 'Mona', 'Miller');
    const res = await api.get(`${e2eOrigins.site}/api/admin/Disputes`, { headers: as(member) });
    expect(res.status()).toBe(404);
    const preflight = await api.fetch(`${e2eOrigins.api}/api/admin/Session`, { method: 'OPTIONS', headers: { Origin: e2eOrigins.site, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();
  });
});
