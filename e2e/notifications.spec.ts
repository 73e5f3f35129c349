import AxeBuilder from '@axe-core/playwright';
import { e2eOrigins } from '../playwright.config';
import { createExpert, expect, liveConnected, mailTo, sessionOf, signUp, test, uniqueWord, type Account } from './fixtures';
import { proposalOn, publishedProject } from './hiring';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('notifications', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a proposal lights the owner’s bell live in two tabs, a read in one clears the other, and the e-mail’s link unsubscribes', async ({ people, request: api }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    const owner: Account = await signUp(api, 'Nora', 'Notified');
    const expert = await createExpert(api, {
      firstName: 'Pia',
      lastName: `Proposer${word.slice(2, 6)}`,
      headline: `Epidemiologist for ${word} cohorts`,
      summary: `I study ${word} cohorts.`,
      fee: 80,
      country: 'NO',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const title = `Registry follow-up ${word}`;
    const projectId = await publishedProject(api, owner, title, {
      budgetCents: 90_000,
      description: 'Five years of registry data need a follow-up analysis with survival models and a short report.',
    });

    // The owner has two tabs open in the member area.
    const signedIn = await people.signedIn(sessionOf(owner), { bypassCSP: true });
    const first = signedIn.page;
    const second = await signedIn.context.newPage();
    // The proposal must come after both tabs joined the live connection: one sent earlier is counted, not announced.
    const live = Promise.all([first, second].map(liveConnected));
    await first.goto('/profile/my-projects');
    await second.goto('/profile/proposals');
    for (const tab of [first, second]) await expect(tab.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await live;

    await proposalOn(api, expert, projectId, [{ title: 'Analysis and report', amountCents: 90_000, dueInDays: 20 }], 'I have followed three registries like this one.');

    // Live, without a reload, in both tabs.
    for (const tab of [first, second]) await expect(tab.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 15_000 });
    await expect(first.getByRole('status').filter({ hasText: `New notification: ${expert.firstName} ${expert.lastName} sent a proposal for “${title}”.` })).toBeAttached();

    // The e-mail comes a moment later (the member had not read it), with a one-click unsubscribe.
    const mail = await mailTo(owner.email, `sent a proposal for “${title}”`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeLink = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail.text)?.[0];
    expect(unsubscribeLink, mail.text).toBeTruthy();

    await first.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = first.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByRole('link', { name: `Unread: ${expert.firstName} ${expert.lastName} sent a proposal for “${title}”.` })).toBeVisible();
    const axe = await new AxeBuilder({ page: first }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    // The other tab follows.
    await expect(second.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({ timeout: 15_000 });

    // The link from the e-mail asks, then switches exactly that e-mail off.
    const { page } = await people.visitor({ bypassCSP: true });
    await page.goto(unsubscribeLink!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { level: 1, name: 'Stop these e-mails' })).toBeVisible();
    const unsubscribeAxe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(unsubscribeAxe.violations, JSON.stringify(unsubscribeAxe.violations, null, 2)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You will no longer receive these e-mails.' })).toHaveText('You will no longer receive these e-mails. You can change this in your account settings.');
    const preferences = await api.get(`${e2eOrigins.api}/api/Notifications/Preferences`, { headers: { Authorization: `Bearer ${owner.token}` } });
    const chosen = ((await preferences.json()) as { preferences: Array<{ type: string; email: string }> }).preferences;
    expect(chosen.find((p) => p.type === 'proposal-received')?.email).toBe('off');
    expect(chosen.find((p) => p.type === 'milestone-funded')?.email).toBe('immediately');
  });
});
