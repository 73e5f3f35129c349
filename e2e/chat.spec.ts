import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { API_PATHS, pathTo } from '@sciexperts/shared/contracts';
import { e2eOrigins } from '../playwright.config';
import { contextSignedInAs, expect, sessionOf, signUp, test } from './fixtures';

type Member = ReturnType<typeof sessionOf>;

/** A member signed up through the API (address confirmed), as the session a browser would store. */
const newMember = async (request: APIRequestContext, firstName: string): Promise<Member> => sessionOf(await signUp(request, firstName, 'Tester'));

const signedIn = contextSignedInAs;

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const input = (page: Page) => page.getByPlaceholder('Type a message...');
const fullName = (m: Member) => `${m.user.firstName} ${m.user.lastName}`;

async function openChatWith(page: Page, other: Member) {
  await page.goto(`/chat?with=${other.user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
  await expect(page.getByRole('heading', { name: fullName(other) })).toBeVisible();
  await expect(page.getByText('No messages yet. Say hello!').or(log(page).getByRole('listitem').first())).toBeVisible();
}

test.describe('direct messages', () => {
  let alice: Member;
  let bob: Member;
  const contexts: BrowserContext[] = [];
  const problems: string[][] = [];

  test.beforeEach(async ({ request }) => {
    alice = await newMember(request, 'Alice');
    bob = await newMember(request, 'Bob');
  });
  test.afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
    for (const p of problems.splice(0)) expect(p, 'CSP violations or page errors').toEqual([]);
  });

  async function both(browser: Browser) {
    const a = await signedIn(browser, alice);
    const b = await signedIn(browser, bob);
    contexts.push(a.context, b.context);
    problems.push(a.problems, b.problems);
    await openChatWith(a.page, bob);
    await openChatWith(b.page, alice);
    return { a, b };
  }

  test('two members exchange messages live, see typing, and keep the history after a reload', async ({ browser }) => {
    const { a, b } = await both(browser);
    await expect(log(a.page)).toHaveAttribute('aria-live', 'polite');
    await input(a.page).fill('  Hello Bob  ');
    await input(a.page).press('Enter');
    await expect(input(a.page)).toHaveValue('');
    await expect(log(b.page).getByText('Hello Bob', { exact: true })).toBeVisible();

    await input(b.page).pressSequentially('Hi Al');
    await expect(a.page.getByText('Bob is typing…')).toBeVisible();
    await input(b.page).fill('Hi Alice');
    await b.page.getByRole('button', { name: 'Send' }).click();
    await expect(log(a.page).getByText('Hi Alice', { exact: true })).toBeVisible();

    // Blank after trimming is not sent.
    await input(a.page).fill('    ');
    await input(a.page).press('Enter');

    await a.page.reload();
    await expect(log(a.page).getByText('Hello Bob', { exact: true })).toBeVisible();
    await expect(log(a.page).getByText('Hi Alice', { exact: true })).toBeVisible();
    await expect(log(a.page).getByRole('listitem')).toHaveCount(2);
    const conversations = a.page.getByRole('navigation', { name: 'Conversations' });
    await expect(conversations.getByRole('button', { name: new RegExp(fullName(bob)) })).toHaveAttribute('aria-current', 'true');
  });

  test('a message sent while offline is delivered exactly once when the network is back', async ({ browser, request }) => {
    const { a, b } = await both(browser);
    await a.context.setOffline(true);
    await input(a.page).fill('sent while offline');
    await input(a.page).press('Enter');
    await expect(log(a.page).getByText('sent while offline', { exact: true })).toBeVisible();
    await a.context.setOffline(false);
    await expect(log(b.page).getByText('sent while offline', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(log(a.page).locator('li[data-status="sent"]', { hasText: 'sent while offline' })).toHaveCount(1, { timeout: 20_000 });
    // Give any duplicate time to show up, then count everywhere: both screens and the server.
    await b.page.waitForTimeout(1500);
    await expect(log(b.page).getByText('sent while offline', { exact: true })).toHaveCount(1);
    await expect(log(a.page).getByText('sent while offline', { exact: true })).toHaveCount(1);
    const stored = await request.get(`${e2eOrigins.api}/api/Chat/Messages/${alice.user.id}`, { headers: { Authorization: `Bearer ${bob.token}` } });
    const page = (await stored.json()) as { messages: { text: string }[] };
    expect(page.messages.filter((m) => m.text === 'sent while offline')).toHaveLength(1);
  });

  test("the profile header's chat link shows the unread count until the conversation is read", async ({ browser }) => {
    const b = await signedIn(browser, bob);
    contexts.push(b.context);
    problems.push(b.problems);
    await openChatWith(b.page, alice);
    for (const text of ['First question', 'Second question']) {
      await input(b.page).fill(text);
      await input(b.page).press('Enter');
      await expect(log(b.page).getByText(text, { exact: true })).toBeVisible();
    }

    const a = await signedIn(browser, alice);
    contexts.push(a.context);
    problems.push(a.problems);
    await a.page.goto('/profile');
    const messages = a.page.getByRole('banner').getByRole('link', { name: /^Messages/ });
    await expect(messages).toHaveAccessibleName('Messages, 2 unread');
    await expect(messages).toHaveText('2');

    // The chat marks the conversation read shortly after showing it; leave only once that is stored.
    const markedRead = a.page.waitForResponse((response) => response.url().includes(pathTo(API_PATHS.chatMarkRead, { counterpartId: bob.user.id })) && response.ok());
    await openChatWith(a.page, bob);
    await expect(log(a.page).getByText('Second question', { exact: true })).toBeVisible();
    await markedRead;
    await a.page.goto('/profile');
    await expect(messages).toHaveAccessibleName('Messages');
    await expect(messages).toHaveText('');
  });

  test('markup is shown as text, never interpreted', async ({ browser }) => {
    const { a, b } = await both(browser);
    await input(a.page).fill('<b>hi</b><img src=x onerror="window.__pwned=1">');
    await input(a.page).press('Enter');
    await expect(log(b.page).getByText('<b>hi</b><img src=x onerror="window.__pwned=1">', { exact: true })).toBeVisible();
    await expect(log(b.page).locator('b, img')).toHaveCount(0);
    expect(await b.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('an unknown member gets a clear message', async ({ browser }) => {
    const a = await signedIn(browser, alice);
    contexts.push(a.context);
    problems.push(a.problems);
    await a.page.goto('/chat?with=99999999');
    await expect(a.page.getByRole('alert')).toContainText('User not found');
    await expect(input(a.page)).toBeDisabled();
  });

  test("the integrator example on the chat remote's origin mounts a working chat", async ({ page, browser }) => {
    const b = await signedIn(browser, bob);
    contexts.push(b.context);
    problems.push(b.problems);
    await openChatWith(b.page, alice);

    const query = new URLSearchParams({ api: e2eOrigins.api, token: alice.token, user: String(alice.user.id), with: String(bob.user.id) });
    await page.goto(`${e2eOrigins.chat}/embed-example.html?${query.toString()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
    await expect(page.getByRole('heading', { name: fullName(bob) })).toBeVisible();
    await input(page).fill('hello from a partner site');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log(b.page).getByText('hello from a partner site', { exact: true })).toBeVisible();
    await input(b.page).fill('welcome, partner');
    await input(b.page).press('Enter');
    await expect(log(page).getByText('welcome, partner', { exact: true })).toBeVisible();
    // The page has no React of its own: its one script came from the remote and loaded the chat through the manifest.
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((src) => src.startsWith(e2eOrigins.chat))).toBe(true);
  });
});
