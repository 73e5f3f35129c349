// /developers frames one page of the chat remote (its live example, docs/decisions/0050-partner-apps-and-scoped-tokens.md):
// the site's policy allows frames from the chat remote's origin only, and that remote page may be framed by the site
// alone, while every other remote page keeps refusing any frame. Run by `npm test`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildContentSecurityPolicy, remotePageHeaders } from '../lib/securityHeaders.mjs';
import { startStaticSite } from './staticSite.mjs';

const SITE = 'http://localhost:8080';
const CHAT = 'http://localhost:8083';
const config = {
  registry: { remotes: [{ name: 'mf_auth', entry: 'http://localhost:8081/mf-manifest.json' }, { name: 'mf_chat', entry: `${CHAT}/mf-manifest.json` }] },
  runtimeConfig: { apiBaseUrl: SITE, socketUrl: SITE, chatOrigin: CHAT },
};
const csp = buildContentSecurityPolicy(config);

let remote;

before(async () => {
  remote = await startStaticSite(
    'framed',
    { 'developers-example.html': '<!doctype html><title>example</title>', 'embed-example.html': '<!doctype html><title>integrator</title>' },
    { pageHeaders: (req) => remotePageHeaders(new URL(req.url, 'http://remote').pathname, csp, SITE) },
  );
});

after(() => remote.close());

test('the site frames itself and the chat remote, no other remote, and is framed by nobody', () => {
  assert.match(csp, new RegExp(`frame-src 'self' ${CHAT}(;|$)`));
  assert.match(csp, /frame-ancestors 'none'/);
  // Without a chat origin configured (a remote served alone), nothing but the site's own pages.
  assert.match(buildContentSecurityPolicy({ ...config, runtimeConfig: { apiBaseUrl: SITE, socketUrl: SITE } }), /frame-src 'self'(;|$)/);
});

test('the live example may be framed by the site alone; the remote’s other pages by nobody', async () => {
  const example = await fetch(`${remote.url}/developers-example.html`);
  assert.equal(example.status, 200);
  assert.equal(example.headers.get('x-frame-options'), null);
  assert.match(example.headers.get('content-security-policy'), new RegExp(`frame-ancestors ${SITE}(;|$)`));
  const other = await fetch(`${remote.url}/embed-example.html`);
  assert.equal(other.headers.get('x-frame-options'), 'DENY');
  assert.match(other.headers.get('content-security-policy'), /frame-ancestors 'none'/);
});
