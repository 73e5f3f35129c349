import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { e2eOrigins } from '../playwright.config';
import { PENDING_ISLAND_SELECTOR } from '@sciexperts/shared/contracts';

export { expect };

/** Browser contexts a test opens besides its own page: more people at once, each under the same watch. */
export interface People {
  /** A context signed in as `member` (the session the login modal would store). */
  signedIn(member: { token: string; user: object }, options?: { bypassCSP?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** A visitor's context: nobody signed in. */
  visitor(options?: { bypassCSP?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Every e2e test fails on a Content-Security-Policy violation or an uncaught page error:
 * the policy is part of the product, not an afterthought. `people` opens more browser contexts under the same
 * watch, and closes them after the test.
 */
export const test = base.extend<{ pageProblems: string[]; people: People }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) awaitHydrationAfterNavigation(page);
    await provide(page);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
  people: async ({ browser }, provide) => {
    const opened: Array<{ context: BrowserContext; problems: string[] }> = [];
    await provide({
      signedIn: async (member, options) => {
        const made = await contextSignedInAs(browser, member, options);
        opened.push(made);
        return { context: made.context, page: made.page };
      },
      visitor: async (options) => {
        const context = await browser.newContext({ baseURL: e2eOrigins.site, bypassCSP: options?.bypassCSP ?? false });
        const problems = watchProblems(context);
        opened.push({ context, problems });
        return { context, page: await context.newPage() };
      },
    });
    for (const { context } of opened) await context.close();
    for (const { problems } of opened) expect(problems, 'CSP violations or page errors').toEqual([]);
  },
});

/**
 * Public pages arrive as HTML and are hydrated a moment later; a test acts like a person who waits until the
 * page responds, so `goto` and `reload` return once a server-rendered page is hydrated (the shell then marks
 * the document `data-hydrated`) with its islands (each marked `data-island-hydrated` once its code has loaded, at the
 * latest when the page is idle). Clicks made earlier are held and replayed by the shell; keys are not.
 * `e2e/islands.spec.ts` acts before the islands are hydrated on purpose.
 */
function awaitHydrationAfterNavigation(page: Page): void {
  const hydrated = () =>
    page
      .waitForFunction(
        (pendingIsland) => !document.getElementById('server-render') || (document.documentElement.hasAttribute('data-hydrated') && document.querySelector(pendingIsland) === null),
        PENDING_ISLAND_SELECTOR,
        { timeout: 15_000 },
      )
      .then(() => undefined)
      .catch(() => undefined); // a page that navigated away meanwhile: the test's next assertion says what it sees
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** Collects the CSP violations and uncaught errors of every page the context opens. */
function watchProblems(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('page', (page) => {
    awaitHydrationAfterNavigation(page);
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  });
  return problems;
}

/** The session the login modal would store for an account signed up through the API. */
export const sessionOf = (a: Account) => ({ token: a.token, user: { id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email } });

export interface StoredMember {
  id: number;
  firstName: string;
  lastName?: string;
  email?: string;
}

/** Puts a session in local storage before the page loads (for guard tests that need no server). */
export async function storeSession(page: Page, member: StoredMember, token = 'e2e-token') {
  await page.addInitScript(
    ([t, m]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('authToken', t as string);
        localStorage.setItem('userData', JSON.stringify(m));
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [token, member] as const,
  );
}

export interface SignedUpMember {
  token: string;
  id: number;
  email: string;
  password: string;
  user: StoredMember;
}

/**
 * A fresh member signed up and logged in through the real API, with the session stored for the next page
 * load. Tests that show signed-in pages use it: the product signs out on any 401, so a made-up token no
 * longer survives the first authenticated call.
 */
export async function signUpMember(request: APIRequestContext, page: Page, firstName = 'Ada', lastName = 'Lovelace'): Promise<SignedUpMember> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sciexperts.test`;
  const password = 'Member-E2E-Password-1!';
  const signup = await request.post(`${e2eOrigins.api}/api/User/AddNewUser`, { data: { email, firstName, lastName, phoneNumber: '+1 5551234567', password } });
  expect(signup.ok(), await signup.text()).toBe(true);
  await confirmEmail(request, email);
  const login = await request.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, user } = (await login.json()) as { token: string; user: StoredMember };
  await storeSession(page, user, token);
  return { token, id: user.id, email, password, user };
}

/** The password of every member the e2e suite signs up through the API. */
export const E2E_PASSWORD = 'Member-E2E-Password-1!';

export interface Account {
  id: number;
  token: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Resolves once the page's socket.io connection is accepted: its CONNECT packet ("40…") arrived, and the server has
 * put the socket in the member's room. Call before the page opens it; events sent before this are read, not pushed.
 */
export function liveConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      });
    });
  });
}

/**
 * What the page's federation runtime holds: its instances' names, and each shared package loaded in the default
 * share scope, as `version from provider` (deduplicated across instances).
 */
export function federationReport(page: Page): Promise<{ instances: string[]; loaded: Record<string, string[]> }> {
  return page.evaluate(() => {
    type Shared = { loaded?: boolean; from: string };
    type Instance = { name: string; shareScopeMap: Record<string, Record<string, Record<string, Shared>>> };
    const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    const loaded: Record<string, string[]> = {};
    for (const instance of federation.__INSTANCES__) {
      for (const [pkg, versions] of Object.entries(instance.shareScopeMap.default ?? {})) {
        for (const [version, shared] of Object.entries(versions)) {
          if (shared.loaded) (loaded[pkg] ??= []).push(`${version} from ${shared.from}`);
        }
      }
    }
    for (const key of Object.keys(loaded)) loaded[key] = [...new Set(loaded[key])];
    return { instances: federation.__INSTANCES__.map((i) => i.name).sort(), loaded };
  });
}

/** A word no other expert has, so a search for it finds exactly the expert created with it. */
export const uniqueWord = () => `zq${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

// The e2e server's data folder (playwright.config: DATA_DIR=.runtime/e2e-data-<offset>); its mailer writes there.
export const OUTBOX = path.resolve(__dirname, '..', '.runtime', `e2e-data-${Number(process.env.E2E_PORT_OFFSET ?? 0)}`, 'outbox');

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** A mail of the outbox, or null if it cannot be read (yet): the next poll looks again. */
function readMail(file: string): OutboxMail | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as OutboxMail;
  } catch {
    return null;
  }
}

/** The first mail in the e2e outbox to `email` whose subject contains `about` (waits for it). */
export async function mailTo(email: string, about: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(OUTBOX)) return undefined;
        found = fs
          .readdirSync(OUTBOX)
          .filter((name) => name.endsWith('.json'))
          .map((name) => readMail(path.join(OUTBOX, name)))
          .find((mail): mail is OutboxMail => mail !== null && mail.to === email && mail.subject.includes(about));
        return found;
      },
      { message: `a mail to ${email} about ${about} in ${OUTBOX}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Opens the link of the welcome e-mail the way a member does (through the API the page calls). */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const mail = await mailTo(email, 'confirm your e-mail address');
  const token = decodeURIComponent(/verify-email\?token=(\S+)/.exec(mail.text)?.[1] ?? '');
  const verified = await request.post(`${e2eOrigins.api}/api/Account/VerifyEmail`, { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** A member signed up, with the address confirmed, and logged in through the real API (nothing stored in a browser). */
export async function signUp(request: APIRequestContext, firstName: string, lastName: string): Promise<Account> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sciexperts.test`;
  const signup = await request.post(`${e2eOrigins.api}/api/User/AddNewUser`, { data: { email, firstName, lastName, phoneNumber: '+1 5551234567', password: E2E_PASSWORD } });
  expect(signup.ok(), await signup.text()).toBe(true);
  await confirmEmail(request, email);
  const login = await request.post(`${e2eOrigins.api}/api/Account/Login`, { data: { email, password: E2E_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  return { id: user.id, token, email, firstName, lastName };
}

export interface ExpertSetup {
  firstName: string;
  lastName: string;
  headline: string;
  summary: string;
  fee: number;
  country: string;
  services: Array<{ serviceName: string; practiceAreaNames: string[] }>;
}

/** An expert in the directory, made the way a member does it: details, services, then the privacy switch on. */
export async function createExpert(request: APIRequestContext, opts: ExpertSetup) {
  const expert = await signUp(request, opts.firstName, opts.lastName);
  const auth = { Authorization: `Bearer ${expert.token}` };
  const update = await request.put(`${e2eOrigins.api}/api/User/UpdateUser/${expert.id}`, {
    headers: auth,
    data: { headline: opts.headline, profileSummary: opts.summary, hourlyFee: opts.fee, country: opts.country, isProfilePublic: true },
  });
  expect(update.ok(), await update.text()).toBe(true);
  const services = await request.post(`${e2eOrigins.api}/api/User/BulkAddServices/${expert.id}`, { headers: auth, data: { services: opts.services } });
  expect(services.ok(), await services.text()).toBe(true);
  return expert;
}

/**
 * A browser context of its own signed in as `member` (the session the login modal would store), for tests with two
 * people at once. Its pages are watched for CSP violations and page errors like the default page's.
 */
export async function contextSignedInAs(
  browser: Browser,
  member: { token: string; user: object },
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  // bypassCSP only for axe, which writes style attributes while it measures (the policy rightly blocks them).
  const context = await browser.newContext({ baseURL: e2eOrigins.site, bypassCSP: options.bypassCSP ?? false });
  await context.addInitScript(
    ([token, user]) => {
      // Init scripts run in every frame, and a sandboxed or opaque-origin one has no storage: only the site's pages need it.
      if (window.origin === 'null') return;
      localStorage.setItem('authToken', token as string);
      localStorage.setItem('userData', JSON.stringify(user));
    },
    [member.token, member.user] as const,
  );
  const problems = watchProblems(context);
  return { context, page: await context.newPage(), problems };
}
