// The partner apps' sign-in popup (/oauth/authorize, docs/decisions/0050-partner-apps-and-scoped-tokens.md) is opened
// by another site and answers it through window.opener: the page server sends it without the site's
// Cross-Origin-Opener-Policy (which would cut that link), and every other page keeps it. Run by `npm test`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startStaticSite } from './staticSite.mjs';

let site;

before(async () => {
  site = await startStaticSite('opener', { 'index.html': '<!doctype html><title>shell</title>' }, { pageHeaders: () => ({ 'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'" }) });
});

after(() => site.close());

test('the sign-in popup keeps its opener; other pages keep the site’s opener policy; both keep the CSP', async () => {
  const popup = await fetch(`${site.url}/oauth/authorize?client_id=sx_portal`);
  assert.equal(popup.status, 200);
  assert.equal(popup.headers.get('cross-origin-opener-policy'), 'unsafe-none');
  assert.match(popup.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  const page = await fetch(`${site.url}/find-an-expert`);
  assert.equal(page.headers.get('cross-origin-opener-policy'), 'same-origin-allow-popups');
  assert.match(page.headers.get('content-security-policy'), /frame-ancestors 'none'/);
});

test('the identity provider’s answer landing (code and state) keeps the popup’s opener; the dashboard itself does not', async () => {
  const landing = await fetch(`${site.url}/profile/freelancer-dashboard?code=c-1&state=s-1`);
  assert.equal(landing.headers.get('cross-origin-opener-policy'), 'unsafe-none');
  assert.match(landing.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  const dashboard = await fetch(`${site.url}/profile/freelancer-dashboard`);
  assert.equal(dashboard.headers.get('cross-origin-opener-policy'), 'same-origin-allow-popups');
});
