// A server-rendered page carries its stylesheets inline (shell/src/server/composeDocument.ts): its Content-Security-
// Policy allows those stylesheets by hash and no other inline <style>; a page the browser renders keeps the site's
// policy as it is. Run by `npm test`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { allowInlineStyles } from '../lib/securityHeaders.mjs';
import { startStaticSite } from './staticSite.mjs';

const policy = "default-src 'self'; style-src 'self' http://localhost:8081; style-src-attr 'unsafe-inline'; img-src 'self'";
const hash = "'sha256-lNnG3muQ3uwKxTQfJExpRFChNw9LeYtYVhZ1ZRL8RuA='";

test("a page's inline stylesheets are added to style-src alone", () => {
  assert.equal(allowInlineStyles(policy, [hash]), `default-src 'self'; style-src 'self' http://localhost:8081 ${hash}; style-src-attr 'unsafe-inline'; img-src 'self'`);
  assert.equal(allowInlineStyles(policy, []), policy);
  assert.equal(allowInlineStyles(policy), policy);
});

let site;

before(async () => {
  site = await startStaticSite('inline-styles', { 'index.html': '<!doctype html><title>shell</title>' }, {
    pageHeaders: () => ({ 'Content-Security-Policy': policy }),
    renderPage: async (url) => (url === '/' ? { status: 200, html: '<style>p{}</style><main>Home</main>', etag: 'W/"home"', styleSources: [hash] } : null),
  });
});

after(() => site.close());

test("a rendered page's policy allows its own inline stylesheets; a page the browser renders keeps the site's", async () => {
  const rendered = await fetch(`${site.url}/`);
  assert.equal(rendered.headers.get('content-security-policy'), allowInlineStyles(policy, [hash]));
  await rendered.arrayBuffer();
  // A revalidation answers 304 with the same policy.
  const revalidated = await fetch(`${site.url}/`, { headers: { 'If-None-Match': 'W/"home"' } });
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.headers.get('content-security-policy'), allowInlineStyles(policy, [hash]));
  const browserRendered = await fetch(`${site.url}/profile/freelancer-dashboard`);
  assert.equal(browserRendered.headers.get('content-security-policy'), policy);
  await browserRendered.arrayBuffer();
});
