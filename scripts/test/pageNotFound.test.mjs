// The page server sends a rendered page that is not there (the not-found route, a hidden or suspended member's
// profile, a hidden project: the renderer's status) with that status and X-Robots-Tag: noindex; a page that is
// there carries no such header. Run by `npm test`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startStaticSite } from './staticSite.mjs';

let site;

before(async () => {
  site = await startStaticSite('notfound', { 'index.html': '<!doctype html><title>shell</title>' }, {
    renderPage: async (url) => {
      if (url.startsWith('/experts/7')) return { status: 200, html: '<main>Ada</main>', etag: 'W/"ok"' };
      if (url.startsWith('/experts/8')) return { status: 404, html: '<main>This profile is not available.</main>', etag: 'W/"missing"' };
      if (url.startsWith('/projects/9')) return { status: 410, html: '<main>Gone</main>', etag: 'W/"gone"' };
      return null;
    },
  });
});

after(() => site.close());

test('a rendered page that is not there is sent with its status and noindex', async () => {
  const missing = await fetch(`${site.url}/experts/8-ada`);
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('x-robots-tag'), 'noindex');
  assert.match(await missing.text(), /not available/);
  const gone = await fetch(`${site.url}/projects/9`);
  assert.equal(gone.status, 410);
  assert.equal(gone.headers.get('x-robots-tag'), 'noindex');
  await gone.arrayBuffer();
});

test('a page that is there carries no noindex header', async () => {
  const page = await fetch(`${site.url}/experts/7-ada`);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('x-robots-tag'), null);
  await page.arrayBuffer();
});
