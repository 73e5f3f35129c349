// The cluster part of the e2e suite: the site as `npm run start:cluster` runs it (nginx in front of two API processes
// and two page servers, PostgreSQL, Redis). Run with E2E_TOPOLOGY=cluster (scripts/e2e.mjs and npm test do).
import http from 'node:http';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { clusterApiPorts, e2eOrigins } from '../../playwright.config';
import { E2E_PASSWORD, contextSignedInAs, createExpert, expect, liveConnected, sessionOf, signUp, test, uniqueWord, type Account } from '../fixtures';
import { hire, proposalOn, publishedProject } from '../hiring';

/** The API process nginx sends a member's sockets to (it hashes the userId of the socket's query), from the handshake's X-Served-By. */
function processFor(userId: number): Promise<string> {
  const site = new URL(e2eOrigins.site);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: Number(site.port),
      path: `/socket.io/?EIO=4&transport=websocket&userId=${userId}`,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      const served = response.headers['x-served-by'];
      if (typeof served === 'string') resolve(served);
      else reject(new Error('no X-Served-By on the WebSocket handshake'));
    });
    request.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    request.on('error', reject);
    request.end();
  });
}

/** Every API process that answered one of this page's WebSocket handshakes (Chromium's DevTools protocol sees their headers). */
async function socketProcesses(page: Page): Promise<Set<string>> {
  const served = new Set<string>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const name = headers['X-Served-By'] ?? headers['x-served-by'];
    if (name) served.add(name);
  });
  return served;
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const input = (page: Page) => page.getByPlaceholder('Type a message...');
const header = (page: Page) => page.getByRole('banner');
const milestone = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
const as = (who: Account) => ({ Authorization: `Bearer ${who.token}` });

test.describe('the site on several processes behind nginx', () => {
  const contexts: BrowserContext[] = [];
  const problems: string[][] = [];
  const sockets: Socket[] = [];
  test.afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    for (const c of contexts.splice(0)) await c.close();
    for (const p of problems.splice(0)) expect(p, 'CSP violations or page errors').toEqual([]);
  });
  const signedIn = async (browser: Browser, who: Account) => {
    const opened = await contextSignedInAs(browser, sessionOf(who));
    contexts.push(opened.context);
    problems.push(opened.problems);
    return opened.page;
  };

  test('a member signs in, and two members whose sockets sit on different API processes talk live', async ({ browser, request: api }) => {
    test.setTimeout(90_000);
    const alice = await signUp(api, 'Alice', 'Cluster');
    const aliceProcess = await processFor(alice.id);
    // Bob: the first member nginx places on the other process.
    let bob = await signUp(api, 'Bob', 'Cluster');
    for (let tries = 0; (await processFor(bob.id)) === aliceProcess; tries++) {
      expect(tries, 'ten members in a row on one process: the sockets are not spread').toBeLessThan(10);
      bob = await signUp(api, 'Bob', 'Cluster');
    }

    // Alice signs in through the site's login dialog.
    const context = await browser.newContext({ baseURL: e2eOrigins.site });
    contexts.push(context);
    const a = await context.newPage();
    const aliceServed = await socketProcesses(a);
    await a.goto('/');
    await header(a).getByRole('button', { name: 'Login' }).click();
    const panel = a.getByRole('dialog', { name: 'Welcome to SciExperts' }).getByRole('tabpanel', { name: 'Login' });
    await panel.getByRole('textbox', { name: 'Email' }).fill(alice.email);
    await panel.getByLabel('Password').fill(E2E_PASSWORD);
    await panel.getByRole('button', { name: 'Login' }).click();
    // Signed in: the member area greets her.
    await expect(header(a).getByRole('button', { name: 'Hi, Alice!' })).toBeVisible();

    const b = await signedIn(browser, bob);
    const bobServed = await socketProcesses(b);
    for (const [page, other] of [[a, bob], [b, alice]] as const) {
      await page.goto(`/chat?with=${other.id}`);
      await expect(page.getByRole('heading', { name: `${other.firstName} ${other.lastName}` })).toBeVisible();
      await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();
    }
    await expect.poll(() => aliceServed.size).toBeGreaterThan(0);
    await expect.poll(() => bobServed.size).toBeGreaterThan(0);
    // Every socket of each member's page on that member's process, and the two processes differ.
    expect([...aliceServed]).toEqual([aliceProcess]);
    expect([...bobServed]).toEqual([await processFor(bob.id)]);
    expect(aliceProcess).not.toBe([...bobServed][0]);

    await input(a).fill('Hello from the first process');
    await input(a).press('Enter');
    await expect(log(b).getByText('Hello from the first process', { exact: true })).toBeVisible();
    await input(b).fill('And back from the second');
    await input(b).press('Enter');
    await expect(log(a).getByText('And back from the second', { exact: true })).toBeVisible();
    await expect(log(a).getByRole('listitem')).toHaveCount(2);
  });

  test('a project from posting to an escrow release, with a live notification on the way', async ({ browser, request: api }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const expert: Account = await createExpert(api, {
      firstName: 'Clara',
      lastName: `Cluster${word.slice(2, 6)}`,
      headline: `Biostatistician for ${word} registries`,
      summary: `I analyse ${word} registries with survival models.`,
      fee: 90,
      country: 'IS',
      services: [{ serviceName: 'Statistical Analysis', practiceAreaNames: ['Biostatistics'] }],
    });
    const client = await signUp(api, 'Olga', 'Cluster');
    const title = `Registry survival study ${word}`;
    const c = await signedIn(browser, client);

    // The client posts the project and watches their projects, live.
    const live = liveConnected(c);
    await c.goto('/profile/my-projects');
    await expect(header(c).getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await live;
    const projectId = await publishedProject(api, client, title, { budgetCents: 60_000 });

    // The expert's proposal lights the client's bell without a reload, whichever process each of them reached.
    const proposalId = await proposalOn(api, expert, projectId, [{ title: 'Models and report', amountCents: 60_000, dueInDays: 20 }]);
    await expect(header(c).getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 15_000 });

    const {
      contractId,
      milestoneIds: [milestoneId],
    } = await hire(api, client, proposalId);

    // Funding through the payment stand-in's checkout; its signed webhook reaches an API process through nginx.
    await c.goto(`/profile/workspace/${contractId}`);
    await expect(c.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await milestone(c, 'Models and report').getByRole('button', { name: 'Fund $600' }).click();
    await expect(c.getByRole('heading', { level: 1, name: /^Pay \$/ })).toBeVisible();
    await c.getByLabel('Card number').fill('4242 4242 4242 4242');
    await c.getByLabel(/Expiry date/).fill('12 / 34');
    await c.getByLabel('Security code (CVC)').fill('123');
    await c.getByLabel('Name on card').fill('Olga Cluster');
    await c.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(milestone(c, 'Models and report').getByText('Funded, in escrow', { exact: true })).toBeVisible({ timeout: 20_000 });

    const submitted = await api.post(`${e2eOrigins.api}/api/Milestones/${milestoneId}/Submit`, {
      headers: { ...as(expert), 'Idempotency-Key': `cluster-submit-${word}` },
      data: { note: 'The models and the report are in the shared folder.' },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);

    await c.reload();
    await milestone(c, 'Models and report').getByRole('button', { name: 'Approve and release' }).click();
    await c.getByRole('alertdialog').getByRole('button', { name: 'Approve and release' }).click();
    await expect(milestone(c, 'Models and report').getByText('Released', { exact: true })).toBeVisible();
    const balance = await api.get(`${e2eOrigins.api}/api/Payments/Balance`, { headers: as(expert) });
    expect(await balance.json()).toMatchObject({ availableCents: 54_000 });
  });

  test("a logout closes the member's sockets on every API process", async ({ browser, request: api }) => {
    test.setTimeout(60_000);
    const member = await signUp(api, 'Lena', 'Cluster');
    const page = await signedIn(browser, member);
    await page.goto('/join-expert');
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    // The same session's sockets straight on each API process, as the member's other tabs would land on them.
    const closed = clusterApiPorts.map((port) => {
      const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${member.token}` }, query: { userId: String(member.id) } });
      sockets.push(socket);
      return new Promise<string>((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.once('connect', () => socket.once('disconnect', resolve));
      });
    });
    await expect.poll(() => sockets.every((s) => s.connected)).toBe(true);

    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await Promise.all(closed)).toEqual(clusterApiPorts.map(() => 'io server disconnect'));
    // And the session cannot come back on either process.
    for (const port of clusterApiPorts) {
      const again = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: `Bearer ${member.token}` }, query: { userId: String(member.id) } });
      sockets.push(again);
      await expect(new Promise((resolve) => again.once('connect_error', () => resolve('refused')).once('connect', () => resolve('connected')))).resolves.toBe('refused');
    }
  });
});

