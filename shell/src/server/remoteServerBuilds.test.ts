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
