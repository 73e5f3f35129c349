import { RemoteServerBuilds } from './remoteServerBuilds';

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

it("reads a stylesheet named by its content's hash once, and says null when it cannot be read", async () => {
  const fetchCss = jest.fn(async (url: string) => (url.includes('missing') ? new Response('', { status: 500 }) : new Response('.a{color:red}', { status: 200 })));
  const builds = new RemoteServerBuilds({}, fetchCss as unknown as typeof fetch);
  const url = 'http://localhost:8081/island-home.e05ee29a44.css';
  expect(await builds.stylesheetText(url)).toBe('.a{color:red}');
  expect(await builds.stylesheetText(url)).toBe('.a{color:red}');
  expect(fetchCss).toHaveBeenCalledTimes(1);
  expect(await builds.stylesheetText('http://localhost:8081/missing.1234567890.css')).toBeNull();
  // A file whose name says nothing of its content is asked for again (a conditional request) on each use.
  await builds.stylesheetText('http://localhost:8081/theme.css');
  await builds.stylesheetText('http://localhost:8081/theme.css');
  expect(fetchCss.mock.calls.filter(([called]) => called === 'http://localhost:8081/theme.css')).toHaveLength(2);
});
