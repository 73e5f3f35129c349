import type { APIRequestContext, Page } from '@playwright/test';
import { BLOCK_MESSAGES } from '@sciexperts/shared/contracts';
import { contextSignedInAs, expect, sessionOf, signUp, test } from './fixtures';

type Member = ReturnType<typeof sessionOf>;

/** A member signed up through the API (address confirmed), as the session a browser would store. */
const newMember = async (request: APIRequestContext, firstName: string): Promise<Member> => sessionOf(await signUp(request, firstName, 'Tester'));

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const input = (page: Page) => page.getByPlaceholder('Type a message...');
const fullName = (m: Member) => `${m.user.firstName} ${m.user.lastName}`;

async function openChatWith(page: Page, other: Member) {
  await page.goto(`/chat?with=${other.user.id}`);
  await expect(page.getByRole('heading', { name: fullName(other) })).toBeVisible();
}

async function say(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(input(page)).toHaveValue('');
}

test('a member blocks another: their message is refused with the sentence for them; after unblocking it arrives', async ({ browser, request }) => {
  const ada = await newMember(request, 'Ada');
  const bob = await newMember(request, 'Bob');
  const a = await contextSignedInAs(browser, ada);
  const b = await contextSignedInAs(browser, bob);
  try {
    await openChatWith(a.page, bob);
    await openChatWith(b.page, ada);
    await say(b.page, 'Hello Ada');
    await expect(log(a.page).getByText('Hello Ada', { exact: true })).toBeVisible();

    // Ada blocks Bob: the dialog asks first, and the banner says so; the history stays.
    await a.page.getByRole('button', { name: BLOCK_MESSAGES.blockButton, exact: true }).click();
    const dialog = a.page.getByRole('alertdialog', { name: BLOCK_MESSAGES.confirmTitle });
    await expect(dialog.getByRole('button', { name: BLOCK_MESSAGES.cancelButton })).toBeFocused();
    await dialog.getByRole('button', { name: BLOCK_MESSAGES.blockButton }).click();
    await expect(a.page.getByRole('status').filter({ hasText: BLOCK_MESSAGES.banner })).toBeVisible();
    await expect(a.page.getByRole('button', { name: BLOCK_MESSAGES.unblockButton, exact: true })).toBeFocused();
    await expect(log(a.page).getByText('Hello Ada', { exact: true })).toBeVisible();

    // Bob's message is refused, and he is told only that it is not accepted.
    await say(b.page, 'Are you there?');
    await expect(log(b.page).getByText(BLOCK_MESSAGES.notAccepting)).toBeVisible();
    await expect(log(a.page).getByText('Are you there?', { exact: true })).toHaveCount(0);

    // Ada sees Bob among her blocked members in Account settings.
    await a.page.goto('/profile/settings');
    const section = a.page.getByRole('region', { name: BLOCK_MESSAGES.settingsTitle });
    await expect(section.getByRole('button', { name: `${BLOCK_MESSAGES.unblockButton} ${fullName(bob)}` })).toBeVisible();

    // She unblocks him from the conversation; his next message arrives.
    await openChatWith(a.page, bob);
    await a.page.getByRole('button', { name: BLOCK_MESSAGES.unblockButton, exact: true }).click();
    await expect(a.page.getByRole('button', { name: BLOCK_MESSAGES.blockButton, exact: true })).toBeVisible();
    await expect(a.page.getByText(BLOCK_MESSAGES.banner)).toHaveCount(0);
    await say(b.page, 'Hello again');
    await expect(log(a.page).getByText('Hello again', { exact: true })).toBeVisible();
    expect(a.problems, 'CSP violations or page errors').toEqual([]);
    expect(b.problems, 'CSP violations or page errors').toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
