// Issue 45: a partner's page on its own origin embeds the chat from the packed `@sciexperts/chat-embed` tarball,
// signs a member in through the SciExperts popup, and talks with an expert who uses the site; revoking the partner
// (the member, in Account settings) or suspending it (an operator, in the console) signs the embed out.
import type { BrowserContext, Page, WebSocket } from '@playwright/test';
import { API_PATHS, CHAT_EMBED, OAUTH_PATHS, PARTNER_SCOPES, type TokenAnswer } from '@sciexperts/shared/contracts';
import { e2eOrigins } from '../playwright.config';
import { axeClean } from './axe';
import { E2E_PASSWORD, contextSignedInAs, createExpert, expect, sessionOf, signUp, test, uniqueWord, type Account } from './fixtures';
import { operatorSignedIn } from './operators';
import { installPackedEmbed, partnerOrigin, startPartnerSite, type PartnerSite } from './partnerSite';

const PARTNER_NAME = `University Portal ${uniqueWord()}`;
const signInButton = (page: Page) => page.getByRole('button', { name: CHAT_EMBED.signInLabel });
const chatLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

interface PartnerEvent {
  type: string;
  detail: Record<string, unknown>;
}
const partnerEvents = (page: Page) => page.evaluate(() => (window as unknown as { partnerEvents: PartnerEvent[] }).partnerEvents);

/** Clicks "Sign in with SciExperts" and, in the popup on the site's origin, signs in and allows the partner. */
async function signInThroughPopup(page: Page, member: Account, checkPopup?: (popup: Page) => Promise<void>): Promise<TokenAnswer> {
  const problems: string[] = [];
  const popupOpened = page.waitForEvent('popup');
  const tokenAnswer = page.waitForResponse((r) => r.url().endsWith(OAUTH_PATHS.token) && r.request().method() === 'POST');
  await signInButton(page).click();
  const popup = await popupOpened;
  popup.on('console', (m) => {
    if (m.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  popup.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  expect(new URL(popup.url()).origin).toBe(e2eOrigins.site);
  await expect(popup.getByRole('heading', { level: 1, name: 'Sign in with SciExperts' })).toBeVisible();
  await expect(popup.getByText(`would like to ${PARTNER_SCOPES.chat}`)).toContainText(PARTNER_NAME);
  await popup.getByRole('button', { name: 'Sign in to continue' }).click();
  const panel = popup.getByRole('dialog', { name: 'Welcome to SciExperts' }).getByRole('tabpanel', { name: 'Login' });
  await panel.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await panel.getByLabel('Password').fill(E2E_PASSWORD);
  await panel.getByRole('button', { name: 'Login' }).click();
  // Back on the consent screen, the popup's query intact.
  await expect(popup.getByText(`Signed in as ${member.firstName} ${member.lastName}.`)).toBeVisible();
  expect(new URL(popup.url()).pathname).toBe('/oauth/authorize');
  if (checkPopup) await checkPopup(popup);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  expect(problems, 'CSP violations or page errors in the popup').toEqual([]);
  const answer = await tokenAnswer;
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TokenAnswer;
}

/** The page's socket.io connections to the API, to show they end. */
function watchSockets(page: Page): WebSocket[] {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) sockets.push(socket);
  });
  return sockets;
}

test.describe.serial('the chat embedded on a partner site', () => {
  // Each test signs a member in through the popup and runs the chat on two origins (and axe four times): about 10 to
  // 20 s alone, longer beside another spec file on two busy cores.
  test.describe.configure({ timeout: 90_000 });
  let operator: { context: BrowserContext; page: Page };
  let clientId: string;
  let site: PartnerSite;
  let member: Account;
  let expert: Account;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    // An operator registers the partner in the console: its origin is allowed at once.
    operator = await operatorSignedIn(browser, `partners-${uniqueWord()}@sciexperts.test`, 'operator');
    await operator.page.getByRole('link', { name: 'Partners' }).click();
    await operator.page.getByLabel('Name (shown to members: “via …”)').fill(PARTNER_NAME);
    await operator.page.getByLabel('Origins, one per line').fill(partnerOrigin);
    await operator.page.getByLabel('Contact e-mail').fill('it@university.test');
    await operator.page.getByRole('button', { name: 'Register' }).click();
    const secret = operator.page.getByRole('heading', { name: `Secret of ${PARTNER_NAME}: shown once` });
    await expect(secret).toBeVisible();
    clientId = (await operator.page.locator('dt:has-text("Client id") + dd').textContent())!.trim();
    expect(clientId).not.toBe('');

    member = await signUp(request, 'Rosalind', 'Portal');
    expert = await createExpert(request, {
      firstName: 'Erwin',
      lastName: 'Embed',
      headline: 'Quantum chemistry consultant',
      summary: 'Answers researchers from partner portals.',
      fee: 90,
      country: 'AT',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    // The partner installs the package from its tarball, as from the registry.
    site = await startPartnerSite(clientId, expert.id, installPackedEmbed());
  });

  test.afterAll(async () => {
    await site?.close();
    await operator?.context.close();
  });

  test('a member signs in through the popup and talks live with an expert on the site; the page gets the events, never the password or a member token', async ({ page, browser }) => {
    const sent: Array<{ url: string; body: string; authorization?: string }> = [];
    page.on('request', (r) => sent.push({ url: r.url(), body: r.postData() ?? '', authorization: r.headers().authorization }));

    await page.goto(partnerOrigin);
    await expect(signInButton(page)).toBeVisible();
    const tokens = await signInThroughPopup(page, member);
    expect(tokens).toMatchObject({ scope: 'chat', token_type: 'Bearer', user_id: member.id });
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
    await expect.poll(() => partnerEvents(page)).toContainEqual({ type: CHAT_EMBED.events.signedIn, detail: { memberId: member.id } });

    // The expert writes from the site: the partner's page hears of it (without the text: no include-text).
    const expertSide = await contextSignedInAs(browser, sessionOf(expert));
    try {
      await expertSide.page.goto(`/chat?with=${member.id}`);
      await expect(expertSide.page.getByRole('heading', { name: 'Rosalind Portal' })).toBeVisible();
      await expertSide.page.getByPlaceholder('Type a message...').fill('Hello from your expert');
      await expertSide.page.getByPlaceholder('Type a message...').press('Enter');

      await expect(page.locator('#badge')).toHaveText('Unread messages: 1');
      const heard = (await partnerEvents(page)).filter((e) => e.type === CHAT_EMBED.events.message);
      expect(heard).toHaveLength(1);
      expect(heard[0]!.detail).toMatchObject({ conversationId: expert.id, from: expert.id });
      expect(heard[0]!.detail).not.toHaveProperty('text');

      // The page opens the conversation (open(memberId)); reading it brings the badge back to 0.
      await page.getByRole('button', { name: 'Talk to our expert' }).click();
      await expect(page.getByRole('heading', { name: 'Erwin Embed' })).toBeVisible();
      await expect(chatLog(page).getByText('Hello from your expert', { exact: true })).toBeVisible();
      await expect(page.locator('#badge')).toHaveText('Unread messages: 0');
      // Report answers 403 to a partner token: the embed does not offer it.
      await expect(chatLog(page).getByRole('button', { name: /Report/ })).toHaveCount(0);

      await page.getByPlaceholder('Type a message...').fill('Thank you, that helps');
      await page.getByPlaceholder('Type a message...').press('Enter');
      const reply = chatLog(expertSide.page).getByRole('listitem').filter({ hasText: 'Thank you, that helps' });
      await expect(reply).toBeVisible();
      await expect(reply).toContainText(`via ${PARTNER_NAME}`);
      expect(expertSide.problems, 'CSP violations or page errors').toEqual([]);
    } finally {
      await expertSide.context.close();
    }

    // The member's password never reached the partner's page, and the only token it ever sent is the chat-scoped one,
    // which every other route refuses.
    expect(sent.filter((r) => r.body.includes(E2E_PASSWORD))).toEqual([]);
    const bearers = new Set(sent.map((r) => r.authorization).filter(Boolean));
    expect([...bearers]).toEqual([`Bearer ${tokens.access_token}`]);
    const elsewhere = await page.request.get(`${e2eOrigins.api}${API_PATHS.notifications}`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(elsewhere.status()).toBe(403);
  });

  test('the popup and the embedded chat pass axe at 375 and 1280 pixels', async ({ people }) => {
    const { page } = await people.visitor({ bypassCSP: true }); // axe writes style attributes while it measures
    await page.goto(partnerOrigin);
    await signInThroughPopup(page, member, async (popup) => {
      for (const width of [375, 1280]) {
        await popup.setViewportSize({ width, height: 800 });
        await axeClean(popup, `the sign-in popup at ${width} px:`);
      }
    });
    await page.getByRole('button', { name: 'Talk to our expert' }).click();
    await expect(chatLog(page).getByText('Hello from your expert', { exact: true })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await axeClean(page, `the embedded chat at ${width} px:`);
    }
    await page.locator(CHAT_EMBED.element).evaluate((chat) => chat.setAttribute('theme', 'dark'));
    await axeClean(page, 'the embedded chat, dark theme, at 1280 px:');
  });

  test('the member disconnects the partner in Account settings: the embed asks to sign in again, its socket closes, the old token answers 401', async ({ page, browser }) => {
    const sockets = watchSockets(page);
    await page.goto(partnerOrigin);
    const tokens = await signInThroughPopup(page, member);
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
    await expect.poll(() => sockets.some((s) => !s.isClosed())).toBe(true);

    const memberSide = await contextSignedInAs(browser, sessionOf(member));
    try {
      await memberSide.page.goto('/profile/settings');
      const section = memberSide.page.getByRole('region', { name: 'Connected partners' });
      await expect(section).toContainText(PARTNER_NAME);
      await section.getByRole('button', { name: `Disconnect ${PARTNER_NAME}` }).click();
      await expect(section).not.toContainText(PARTNER_NAME);
    } finally {
      await memberSide.context.close();
    }

    await expect(signInButton(page)).toBeVisible();
    await expect.poll(() => sockets.every((s) => s.isClosed())).toBe(true);
    await expect.poll(() => partnerEvents(page)).toContainEqual({ type: CHAT_EMBED.events.signedOut, detail: {} });
    const old = await page.request.get(`${e2eOrigins.api}${API_PATHS.chatConversations}`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(old.status()).toBe(401);
  });

  test('signing in with the identity provider inside the popup comes back to the consent screen, its query intact', async ({ page }) => {
    await page.goto(partnerOrigin);
    const popupOpened = page.waitForEvent('popup');
    await signInButton(page).click();
    const popup = await popupOpened;
    const asked = popup.url();
    await popup.getByRole('button', { name: 'Sign in to continue' }).click();
    await popup.getByRole('dialog', { name: 'Welcome to SciExperts' }).getByRole('button', { name: 'Sign in with LinkedIn' }).click();
    await expect(popup.getByRole('heading', { name: 'Sign in with LinkedIn (simulated)' })).toBeVisible();
    await popup.getByLabel('E-mail').fill('liam.linkedin@sciexperts.test');
    await popup.getByLabel('Password').fill('liam-linkedin-demo');
    await popup.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    await expect(popup.getByText(/^Signed in as Liam/)).toBeVisible();
    expect(popup.url()).toBe(asked);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await closed;
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
  });

  test('an operator suspends the partner in the console: the embed asks to sign in again, its socket closes, the old token answers 401', async ({ page }) => {
    const sockets = watchSockets(page);
    await page.goto(partnerOrigin);
    const tokens = await signInThroughPopup(page, member);
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
    await expect.poll(() => sockets.some((s) => !s.isClosed())).toBe(true);

    const console = operator.page;
    await console.getByRole('button', { name: `Suspend ${PARTNER_NAME}` }).click();
    await console.getByLabel('Reason (kept in the audit log)').fill('The portal leaked a member list (e2e).');
    await console.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(console.getByRole('row', { name: new RegExp(PARTNER_NAME) })).toContainText('Suspended');

    await expect(signInButton(page)).toBeVisible();
    await expect.poll(() => sockets.every((s) => s.isClosed())).toBe(true);
    await expect.poll(() => partnerEvents(page)).toContainEqual({ type: CHAT_EMBED.events.signedOut, detail: {} });
    const old = await page.request.get(`${e2eOrigins.api}${API_PATHS.chatConversations}`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(old.status()).toBe(401);
  });
});
