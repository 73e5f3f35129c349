// A server-rendered page carries its stylesheets inline (shell/src/server/composeDocument.ts): its Content-Security-
// Policy allows those stylesheets by hash and no other inline <style>; a page the browser renders keeps the site's
// policy as it is. Run by `npm test`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { allowInlineStyles } from '../lib/securityHeaders.mjs';
import { createStaticServer, listen } from '../lib/staticServer.mjs';

const policy = "default-src 'self'; style-src 'self' http://localhost:8081; style-src-attr 'unsafe-inline'; img-src 'self'";
const hash = "'sha256-lNnG3muQ3uwKxTQfJExpRFChNw9LeYtYVhZ1ZRL8RuA='";

test("a page's inline stylesheets are added to style-src alone", () => {
  assert.equal(allowInlineStyles(policy, [hash]), `default-src 'self'; style-src 'self' http://localhost:8081 ${hash}; style-src-attr 'unsafe-inline'; img-src 'self'`);
  assert.equal(allowInlineStyles(policy, []), policy);
  assert.equal(allowInlineStyles(policy), policy);
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-inline-styles-'));
let site;
let siteUrl;

before(async () => {
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  site = createStaticServer({
    root,
    spa: true,
    pageHeaders: () => ({ 'Content-Security-Policy': policy }),
    renderPage: async (url) => (url === '/' ? { status: 200, html: '<style>p{}</style><main>Home</main>', etag: 'W/"home"', styleSources: [hash] } : null),
  });
  await listen(site, 0);
  siteUrl = `http://127.0.0.1:${site.address().port}`;
});

after(() => {
  site.closeAllConnections();
  site.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test("a rendered page's policy allows its own inline stylesheets; a page the browser renders keeps the site's", async () => {
  const rendered = await fetch(`${siteUrl}/`);
  assert.equal(rendered.headers.get('content-security-policy'), allowInlineStyles(policy, [hash]));
  await rendered.arrayBuffer();
  // A revalidation answers 304 with the same policy.
  const revalidated = await fetch(`${siteUrl}/`, { headers: { 'If-None-Match': 'W/"home"' } });
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.headers.get('content-security-policy'), allowInlineStyles(policy, [hash]));
  const browserRendered = await fetch(`${siteUrl}/profile/freelancer-dashboard`);
  assert.equal(browserRendered.headers.get('content-security-policy'), policy);
  await browserRendered.arrayBuffer();
});
