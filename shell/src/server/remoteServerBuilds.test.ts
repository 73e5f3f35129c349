import { RemoteServerBuilds, STYLESHEETS_KEPT } from './remoteServerBuilds';

const manifest = {
  exposes: [
    {
      path: './HomePage',
      assets: { css: { sync: ['__federation_expose_HomePage.1.css'], async: ['island-marketing.2.css', '7584.3.css'] } },
    },
  ],
};

it("links an exposed page's own stylesheets and its islands', not those of the other chunks it may load later", async () => {
  const fetchManifest = jest.fn(async () => new Response(JSON.stringify(manifest), { status: 200 }));
  const builds = new RemoteServerBuilds({}, fetchManifest as unknown as typeof fetch);
  const entry = { entry: 'http://localhost:8081/mf-manifest.json' } as Parameters<RemoteServerBuilds['exposeStylesheets']>[0];
  expect(await builds.exposeStylesheets(entry, './HomePage')).toEqual(['http://localhost:8081/__federation_expose_HomePage.1.css', 'http://localhost:8081/island-marketing.2.css']);
  expect(await builds.exposeStylesheets(entry, './Other')).toEqual([]);
});

/** A remote's static server: a file named by its content's hash is sent immutable (staticServer.mjs, nginx's remote.conf). */
const cssResponse = (url: string, text: string) =>
  new Response(text, { status: 200, headers: /\.[0-9a-f]{8,}\.css$/.test(url) ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : { 'Cache-Control': 'no-cache' } });

it("reads a stylesheet its server calls immutable once, and says null when it cannot be read", async () => {
  const fetchCss = jest.fn(async (url: string) => (url.includes('missing') ? new Response('', { status: 500 }) : cssResponse(url, '.a{color:red}')));
  const builds = new RemoteServerBuilds({}, fetchCss as unknown as typeof fetch);
  const url = 'http://localhost:8081/island-home.e05ee29a44.css';
  expect(await builds.stylesheetText(url)).toBe('.a{color:red}');
  expect(await builds.stylesheetText(url)).toBe('.a{color:red}');
  expect(fetchCss).toHaveBeenCalledTimes(1);
  expect(await builds.stylesheetText('http://localhost:8081/missing.1234567890.css')).toBeNull();
  // A file its server does not call immutable is asked for again (a conditional request) on each use.
  await builds.stylesheetText('http://localhost:8081/theme.css');
  await builds.stylesheetText('http://localhost:8081/theme.css');
  expect(fetchCss.mock.calls.filter(([called]) => called === 'http://localhost:8081/theme.css')).toHaveLength(2);
});

it("keeps the stylesheets used most recently, not every release's for ever", async () => {
  const fetchCss = jest.fn(async (url: string) => cssResponse(url, `/* ${url} */`));
  const builds = new RemoteServerBuilds({}, fetchCss as unknown as typeof fetch);
  const hashed = (n: number) => `http://localhost:8081/island-${n}.${String(n).padStart(10, '0')}.css`;
  await builds.stylesheetText(hashed(0));
  for (let n = 1; n <= STYLESHEETS_KEPT; n += 1) {
    await builds.stylesheetText(hashed(n));
    // The first file is used on every page: it stays while the others come and go.
    await builds.stylesheetText(hashed(0));
  }
  expect(fetchCss.mock.calls.filter(([url]) => url === hashed(0))).toHaveLength(1);
  // The least recently used one was dropped, and is fetched again when a page needs it.
  await builds.stylesheetText(hashed(1));
  expect(fetchCss.mock.calls.filter(([url]) => url === hashed(1))).toHaveLength(2);
});
