// The page server's per-visitor registry (scripts/lib/releaseRegistry.mjs behind staticServer.mjs): with no release
// live, /remotes.json is the built registry byte for byte and no cookie is set; with a canary, each visitor keeps a
// cohort (cookie) and gets the same versions in /remotes.json and in the server render, on every page server; a
// promotion reaches the next request once the page server has asked the API again; releases are served immutable under
// /releases/; page loads per version go to the API. Run by `npm test`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { cohortBucket, createReleaseRegistry } from '../lib/releaseRegistry.mjs';
import { createStaticServer, listen } from '../lib/staticServer.mjs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-releases-'));
const shellDist = path.join(root, 'shell');
const releasesDir = path.join(root, 'releases');
const base = { remotes: [{ name: 'mf_chat', entry: 'http://localhost:8083/mf-manifest.json' }, { name: 'mf_auth', entry: 'http://localhost:8082/mf-manifest.json' }] };
const site = 'http://localhost:8080';

// The API's side: what is live (with an ETag), and the page loads it was told.
let live = { remotes: [] };
let generation = 0;
const pageLoads = [];
let api;
let apiUrl;
const servers = [];

async function pageServer() {
  const releases = createReleaseRegistry({ baseRegistry: base, apiUrl, siteOrigin: site, releasesDir });
  await releases.start();
  const server = createStaticServer({
    root: shellDist,
    spa: true,
    releases,
    // The render reports the registry it was given, as the shell's server puts it in the page.
    renderPage: async (url, visitor) => (url.startsWith('/experts') ? { status: 200, html: JSON.stringify(visitor.registry ?? null), etag: 'W/"p"' } : null),
  });
  await listen(server, 0);
  servers.push({ server, releases });
  return { url: `http://127.0.0.1:${server.address().port}`, releases };
}

// The stand-in API's tokens: a link (opens a grant only with a release operator's bearer) and the grant it answers.
const GOOD_LINK = 'eyJrIjoibGluayJ9.c2lnbmVkLWJ5LXRoZS1hcGk';
const GRANT = 'eyJrIjoiZ3JhbnQifQ.Z3JhbnRlZC1ieS10aGUtYXBp';
const RELEASER = 'Bearer op_release-operator';
const versionsOf = (registry) => Object.fromEntries(registry.remotes.map((r) => [r.name, r.version ?? 'built']));

before(async () => {
  fs.mkdirSync(shellDist, { recursive: true });
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>shell</title>');
  fs.mkdirSync(path.join(releasesDir, 'mf_chat', '0.2.0+bbbbbbb'), { recursive: true });
  fs.writeFileSync(path.join(releasesDir, 'mf_chat', '0.2.0+bbbbbbb', 'mf-manifest.json'), '{"name":"mf_chat"}');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'not served');
  api = http.createServer((req, res) => {
    if (req.url === '/api/Releases/Live') {
      const etag = `W/"g${generation}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      return void res.writeHead(200, { 'content-type': 'application/json', etag }).end(JSON.stringify(live));
    }
    if (req.url.startsWith('/api/Releases/Preview?token=')) {
      const token = new URL(req.url, 'http://x').searchParams.get('token');
      const link = token === GOOD_LINK && req.headers.authorization === RELEASER;
      if (!link && token !== GRANT) return void res.writeHead(404).end('{}');
      const target = { remote: 'mf_auth', version: '0.5.0+ddddddd', entry: '/releases/mf_auth/0.5.0+ddddddd/mf-manifest.json', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(link ? { ...target, grant: GRANT } : target));
    }
    if (req.url === '/api/Releases/Cohort') {
      // The stand-in's members: a bearer per device, one cohort per member.
      const cohort = { 'Bearer ada-laptop': 'ada-member-cohort-0000', 'Bearer ada-phone': 'ada-member-cohort-0000', 'Bearer bob-laptop': 'bob-member-cohort-1111' }[req.headers.authorization];
      if (!cohort) return void res.writeHead(401).end('{}');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cohort }));
    }
    if (req.url === '/api/Releases/PageLoads' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        pageLoads.push(...JSON.parse(body).loads);
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  await listen(api, 0);
  apiUrl = `http://127.0.0.1:${api.address().port}`;
});

after(async () => {
  for (const { server, releases } of servers) {
    await releases.stop();
    server.closeAllConnections();
    server.close();
  }
  api.closeAllConnections();
  api.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const publish = (next) => {
  live = next;
  generation += 1;
};

test('with no release live, /remotes.json is the built registry as before, and no cookie is set', async () => {
  const { url } = await pageServer();
  const response = await fetch(`${url}/remotes.json`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('set-cookie'), null);
  assert.equal(response.headers.get('cache-control'), 'no-cache');
  assert.equal(await response.text(), JSON.stringify(base, null, 2));
  const etag = response.headers.get('etag');
  assert.ok(etag);
  assert.equal((await fetch(`${url}/remotes.json`, { headers: { 'if-none-match': etag } })).status, 304);
  const page = await fetch(`${url}/experts/7-ada`);
  assert.deepEqual(JSON.parse(await page.text()), base);
});

test('a canary splits visitors by a sticky cohort: the same versions in /remotes.json and the render, on every page server', async () => {
  const [one, two] = [await pageServer(), await pageServer()];
  publish({
    remotes: [
      {
        remote: 'mf_chat',
        live: { version: '0.1.0+aaaaaaa', entry: '/releases/mf_chat/0.1.0+aaaaaaa/mf-manifest.json' },
        canary: { version: '0.2.0+bbbbbbb', entry: '/releases/mf_chat/0.2.0+bbbbbbb/mf-manifest.json', percent: 50 },
      },
    ],
  });
  await Promise.all([one.releases.refresh(), two.releases.refresh()]);

  // A first visit sets the cohort cookie; the visitor then keeps it.
  const first = await fetch(`${one.url}/remotes.json`);
  const cookie = first.headers.get('set-cookie');
  assert.match(cookie, /^sx_cohort=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);

  // Two cohort ids on either side of 50.
  const ids = Array.from({ length: 40 }, (_, i) => `visitor-cohort-id-${i}`);
  const inCanary = ids.find((id) => cohortBucket('mf_chat', id) < 50);
  const notInCanary = ids.find((id) => cohortBucket('mf_chat', id) >= 50);
  for (const [id, expected] of [
    [inCanary, '0.2.0+bbbbbbb'],
    [notInCanary, '0.1.0+aaaaaaa'],
  ]) {
    const headers = { cookie: `theme=dark; sx_cohort=${id}` };
    for (const server of [one, two, one]) {
      const registry = await (await fetch(`${server.url}/remotes.json`, { headers })).json();
      assert.deepEqual(versionsOf(registry), { mf_chat: expected, mf_auth: 'built' });
      assert.equal(registry.remotes[0].entry, `${site}/releases/mf_chat/${expected}/mf-manifest.json`);
      assert.equal(registry.remotes[1].entry, base.remotes[1].entry);
      const rendered = JSON.parse(await (await fetch(`${server.url}/experts/7-ada`, { headers })).text());
      assert.deepEqual(rendered, registry);
    }
  }

  // Promotion: the next request after the page server asked again gets the new version, whatever the cohort.
  publish({ remotes: [{ remote: 'mf_chat', live: { version: '0.2.0+bbbbbbb', entry: '/releases/mf_chat/0.2.0+bbbbbbb/mf-manifest.json' }, canary: null }] });
  await Promise.all([one.releases.refresh(), two.releases.refresh()]);
  for (const id of [inCanary, notInCanary]) {
    const response = await fetch(`${two.url}/remotes.json`, { headers: { cookie: `sx_cohort=${id}` } });
    assert.equal(response.headers.get('set-cookie'), null);
    assert.deepEqual(versionsOf(await response.json()), { mf_chat: '0.2.0+bbbbbbb', mf_auth: 'built' });
  }

  // Page loads per version reach the API.
  await Promise.all([one.releases.flush(), two.releases.flush()]);
  const total = (version) => pageLoads.filter((l) => l.remote === 'mf_chat' && l.version === version).reduce((n, l) => n + l.count, 0);
  // Each cohort's three /remotes.json and three pages, the first visitor's one (either version), two after promotion.
  assert.equal(total('0.1.0+aaaaaaa') + total('0.2.0+bbbbbbb'), 6 + 6 + 1 + 2);
  assert.ok(total('0.1.0+aaaaaaa') >= 6 && total('0.2.0+bbbbbbb') >= 8);
  assert.equal(pageLoads.some((l) => l.remote === 'mf_auth'), false);
});

test('releases are served immutable under /releases/, and nothing outside their folder', async () => {
  const { url } = await pageServer();
  const manifest = await fetch(`${url}/releases/mf_chat/0.2.0+bbbbbbb/mf-manifest.json`);
  assert.equal(manifest.status, 200);
  assert.equal(manifest.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(await manifest.text(), '{"name":"mf_chat"}');
  assert.equal((await fetch(`${url}/releases/mf_chat/0.9.0+fffffff/mf-manifest.json`)).status, 404);
  assert.equal((await fetch(`${url}/releases/..%2Fsecret.txt`)).status, 404);
});

test('an API that does not answer leaves the last known registry (at first, the built one)', async () => {
  const releases = createReleaseRegistry({ baseRegistry: base, apiUrl: 'http://127.0.0.1:9', siteOrigin: site });
  await releases.start();
  assert.equal((await releases.forRequest({ headers: {} })).registry, base);
  await releases.stop();
});

test('a preview link shows one release to the release operator’s browser that opened it, with nothing changed for anyone else', async () => {
  const { url } = await pageServer();
  // The link alone, or with a bearer the API does not take for a release operator's: nothing previewed, no cookie.
  for (const headers of [{}, { authorization: 'Bearer member-token' }]) {
    const refused = await fetch(`${url}/remotes.json?sx_preview=${GOOD_LINK}`, { headers });
    assert.equal(refused.headers.get('set-cookie'), null);
    assert.equal((await refused.json()).remotes.find((r) => r.name === 'mf_auth').preview, undefined);
  }
  // Opened by the console with its release operator's bearer: this browser gets the grant in its cookie.
  const opened = await fetch(`${url}/remotes.json?sx_preview=${GOOD_LINK}`, { headers: { authorization: RELEASER } });
  assert.match(opened.headers.get('set-cookie'), new RegExp(`^sx_preview=${GRANT}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly`));
  const previewed = await opened.json();
  assert.deepEqual(previewed.remotes.find((r) => r.name === 'mf_auth'), { name: 'mf_auth', entry: `${site}/releases/mf_auth/0.5.0+ddddddd/mf-manifest.json`, version: '0.5.0+ddddddd', preview: true });
  // The link as a cookie is no grant.
  const linkCookie = await fetch(`${url}/remotes.json`, { headers: { cookie: `sx_preview=${GOOD_LINK}` } });
  assert.match(linkCookie.headers.get('set-cookie'), /^sx_preview=; Path=\/; Max-Age=0/);
  // The cookie carries it to every page, rendered with the same registry.
  const headers = { cookie: `sx_preview=${GRANT}` };
  assert.deepEqual(await (await fetch(`${url}/remotes.json`, { headers })).json(), previewed);
  assert.deepEqual(JSON.parse(await (await fetch(`${url}/experts/7-ada`, { headers })).text()), previewed);
  // Anyone else: unchanged; a forged token: nothing.
  assert.equal((await (await fetch(`${url}/remotes.json`)).json()).remotes.find((r) => r.name === 'mf_auth').preview, undefined);
  const forged = await fetch(`${url}/remotes.json`, { headers: { cookie: 'sx_preview=eyJyIjoibWZfYXV0aCJ9.Zm9yZ2VkLXNpZ25hdHVyZQ' } });
  assert.match(forged.headers.get('set-cookie'), /^sx_preview=; Path=\/; Max-Age=0/);
  assert.equal((await forged.json()).remotes.find((r) => r.name === 'mf_auth').preview, undefined);
  // Leaving the preview clears the cookie.
  const left = await fetch(`${url}/remotes.json?sx_preview=leave`, { headers });
  assert.match(left.headers.get('set-cookie'), /^sx_preview=; Path=\/; Max-Age=0/);
  assert.equal((await left.json()).remotes.find((r) => r.name === 'mf_auth').preview, undefined);
});

test('a member is bucketed by the member: the same cohort, so the same versions, on every browser and device', async () => {
  const { url, releases } = await pageServer();
  const canary = { remote: 'mf_chat', live: { version: '0.1.0+aaaaaaa', entry: '/releases/mf_chat/0.1.0+aaaaaaa/mf-manifest.json' }, canary: { version: '0.2.0+bbbbbbb', entry: '/releases/mf_chat/0.2.0+bbbbbbb/mf-manifest.json', percent: 50 } };
  publish({ remotes: [canary] });
  await releases.refresh();
  await releases.flush();
  const before = pageLoads.length;
  // The shell of a signed-in member asks once: the browser's cookie becomes the member's cohort, whatever it was.
  const sync = (bearer, cookie = '') => fetch(`${url}/remotes.json?sx_cohort=member`, { headers: { authorization: bearer, cookie } });
  const laptop = await sync('Bearer ada-laptop', 'sx_cohort=random-visitor-cohort-1');
  assert.equal(laptop.headers.get('set-cookie'), 'sx_cohort=ada-member-cohort-0000; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly');
  const phone = await sync('Bearer ada-phone');
  assert.equal(phone.headers.get('set-cookie'), laptop.headers.get('set-cookie'));
  assert.deepEqual(await phone.json(), await laptop.json());
  assert.equal((await sync('Bearer bob-laptop')).headers.get('set-cookie'), 'sx_cohort=bob-member-cohort-1111; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly');
  // Already the member's: nothing to set. A bearer the API refuses: the cookie stays as it was.
  assert.equal((await sync('Bearer ada-phone', 'sx_cohort=ada-member-cohort-0000')).headers.get('set-cookie'), null);
  const refused = await sync('Bearer someone-else', 'sx_cohort=random-visitor-cohort-1');
  assert.equal(refused.headers.get('set-cookie'), null);
  // With the member's cohort, the member's versions, as any visitor's with that cookie.
  const expected = cohortBucket('mf_chat', 'ada-member-cohort-0000') < 50 ? '0.2.0+bbbbbbb' : '0.1.0+aaaaaaa';
  assert.equal(versionsOf(await (await fetch(`${url}/remotes.json`, { headers: { cookie: 'sx_cohort=ada-member-cohort-0000' } })).json()).mf_chat, expected);
  // The shell's own question is no page load.
  await releases.flush();
  assert.deepEqual(pageLoads.slice(before), [{ remote: 'mf_chat', version: expected, count: 1 }]);
  publish({ remotes: [] });
  await releases.refresh();
});
