import { expect, test } from './fixtures';

// Public pages arrive as HTML rendered by the shell's server from the remotes' server builds (decision 0018):
// the heading and text are in the response before any script runs, and the browser hydrates that markup.
const publicPages = [
  { path: '/', heading: 'Hire vetted scientific and research experts', text: 'What can our experts do for you?' },
  { path: '/how-it-works', heading: 'How it Works', text: 'From project to result in four steps' },
  { path: '/join-expert', heading: 'Join as Expert', text: 'Share your knowledge and help others grow.' },
];

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

for (const { path, heading, text } of publicPages) {
  test(`${path} arrives as HTML with its heading, text, head and stylesheets`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(textOf(root)).toContain(text);
    // The page's own title and description replace the shell's, in the one <head>.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    // Its remote's stylesheet is in the head, inline, so it paints styled before the scripts arrive and without a
    // round trip to the remote's origin; beside it, its link marked disabled, which the browser does not fetch.
    expect(head).toMatch(/<link rel="stylesheet" href="http:\/\/[^"]+\/__federation_expose_[A-Za-z]+\.[0-9a-f]+\.css" disabled><style>[^<]+<\/style>/);
  });
}

test('the expert search and a public profile arrive as HTML with their data', async ({ request }) => {
  const search = await request.get('/find-an-expert');
  expect(search.status()).toBe(200);
  const searchHtml = await search.text();
  expect(searchHtml).toMatch(/<h1[^>]*>Find an expert<\/h1>/);
  // The results are in the page: links to the experts' profiles, rendered with the search's data.
  const profilePath = searchHtml.match(/href="(\/experts\/\d+-[a-z0-9-]+)"/)?.[1];
  expect(profilePath, 'a result linking to a profile').toBeTruthy();
  const state = JSON.parse(searchHtml.match(/<script type="application\/json" id="server-render">([^<]*)<\/script>/)![1]!) as { data: Record<string, unknown> };
  expect(Object.keys(state.data).some((key) => key.startsWith('directory/search'))).toBe(true);

  const profile = await request.get(profilePath!);
  expect(profile.status()).toBe(200);
  const profileHtml = await profile.text();
  const name = textOf(profileHtml.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').trim();
  expect(name.length).toBeGreaterThan(2);
  expect(name).not.toContain('Loading');
  expect(profileHtml).toContain('"@type":"Person"');
});

test('a server-rendered profile hydrates with its data, without asking the API again', async ({ page, request }) => {
  const profilePath = (await (await request.get('/find-an-expert')).text()).match(/href="(\/experts\/\d+-[a-z0-9-]+)"/)![1]!;
  const profileCalls: string[] = [];
  page.on('request', (call) => {
    if (/\/api\/Experts\/\d+(\?|$)/.test(call.url())) profileCalls.push(call.url());
  });
  await page.goto(profilePath);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Loading/);
  await expect(page.getByRole('button', { name: /Message/ }).or(page.getByRole('link', { name: /Message/ })).first()).toBeVisible();
  expect(profileCalls).toEqual([]);
});

test('a server-rendered page paints without fetching a stylesheet, within its policy, and its code fetches none again', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  // Every island's code has loaded (idle or in view) and found its stylesheet already in the page.
  await page.waitForLoadState('networkidle');
  expect(stylesheets).toEqual([]);
  const heading = page.getByRole('heading', { level: 1, name: 'Hire vetted scientific and research experts' });
  // Styled by the inline stylesheets: the heading is larger than the text around it.
  expect(await heading.evaluate((element) => parseFloat(getComputedStyle(element).fontSize) > parseFloat(getComputedStyle(document.body).fontSize))).toBe(true);
  // A page the server did not send comes with its own stylesheets, linked as the code asks for them.
  await page.getByRole('contentinfo').getByRole('link', { name: 'How it Works' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'How it Works' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(stylesheets.some((stylesheet) => stylesheet.startsWith('/island-how-it-works'))).toBe(true);
  expect(violations).toEqual([]);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the public pages, styled', async ({ page }) => {
    for (const { path, heading, text } of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: /SciExperts/ }).first()).toBeVisible();
    }
    // Styled: the frame's stylesheet applies (the skip link is moved off screen until focused).
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    expect(await skipLink.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
  });
});

test('the browser hydrates the server-rendered page without re-rendering it, and it works', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/rendered again in the browser|hydrat/i.test(message.text())) problems.push(message.text());
  });
  // The server's heading is marked as soon as the document is parsed: hydration adopts that element, a render
  // from scratch would replace it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('h1')?.setAttribute('data-server-element', 'yes'));
  });
  await page.goto('/join-expert');
  const heading = page.getByRole('heading', { level: 1, name: 'Join as Expert' });
  await expect(heading).toHaveAttribute('data-server-element', 'yes');
  // A click made before hydration is held and replayed: the dialog opens either way.
  const callToAction = page.getByRole('button', { name: 'Create your expert account' });
  await callToAction.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The button (an island) is hydrated from the server's element; the heading, only read, keeps the server's
  // element and is never hydrated at all (decision 0020, "Round three").
  await page.waitForFunction(() => Object.keys(document.querySelector('[data-island="sign-up-button"] button') ?? {}).some((key) => key.startsWith('__reactFiber')));
  await expect(heading).toHaveAttribute('data-server-element', 'yes');
  expect(await heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))).toBe(false);
  expect(problems).toEqual([]);
});

test('a part the server leaves to the browser by design (a remote without a server build) hydrates without a warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  expect(warnings).toEqual([]);
});

test('a server-rendered page starts with the registry and configuration it was rendered with', async ({ page, request }) => {
  const html = await (await request.get('/how-it-works')).text();
  const state = JSON.parse(html.match(/<script type="application\/json" id="server-render">([^<]*)<\/script>/)![1]!) as { registry: unknown; runtimeConfig: unknown };
  expect(state.registry).toEqual(await (await request.get('/remotes.json')).json());
  expect(state.runtimeConfig).toEqual(await (await request.get('/runtime-config.json')).json());

  const requested: string[] = [];
  page.on('request', (call) => requested.push(call.url()));
  await page.goto('/how-it-works');
  // No round trip to either stands between the page's scripts and its hydration, and the page works.
  expect(requested.filter((url) => /\/(remotes|runtime-config)\.json$/.test(url))).toEqual([]);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a profile or a project visitors cannot see answers 404 with noindex, rendered as not available', async ({ request }) => {
  // An unknown id stands for a hidden, suspended or private one: the API answers them all alike (server tests).
  for (const [path, heading] of [
    ['/experts/999999999-nobody', 'This profile is not available.'],
    ['/projects/999999999', 'This project is not available.'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['x-robots-tag'], path).toBe('noindex');
    const html = await response.text();
    expect(html.slice(0, html.indexOf('</head>')), path).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
    expect(textOf(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').trim(), path).toBe(heading);
  }
});

test('an unknown path answers 404 with the not-found page in the HTML', async ({ request }) => {
  const response = await request.get('/no-such-page-here');
  expect(response.status()).toBe(404);
  expect(await response.text()).toMatch(/<h1 id="not-found-title">Page not found<\/h1>/);
});

test('a rendered page revalidates with its validator', async ({ request }) => {
  const first = await request.get('/how-it-works');
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  expect(first.headers()['cache-control']).toBe('no-cache');
  const again = await request.get('/how-it-works', { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
});

test('pages that need a session are rendered in the browser only', async ({ request }) => {
  const html = await (await request.get('/profile/freelancer-dashboard')).text();
  expect(html).toContain('<div id="root"></div>');
});
