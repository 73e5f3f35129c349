// Security headers for the pages the shell serves. The CSP is derived from the remote registry,
// so adding or moving a remote never means hand-editing a policy.
import { URLSearchParams } from 'node:url';

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `devConnect`: `npm run dev` only, the dev servers' hot-update sockets (ws://…); nothing else differs. */
export function buildContentSecurityPolicy({ registry, runtimeConfig, apiOrigin: uploadsOrigin }, { devConnect = [] } = {}) {
  const remoteOrigins = [...new Set(registry.remotes.map((remote) => originOf(remote.entry)).filter(Boolean))];
  const apiOrigin = originOf(runtimeConfig.apiBaseUrl);
  // Uploaded images are served by the API itself (its PUBLIC_URL), also when the calls go through the site's origin.
  const imageOrigin = uploadsOrigin ? originOf(uploadsOrigin) : apiOrigin;
  const socketOrigin = originOf(runtimeConfig.socketUrl);
  const socketWs = socketOrigin ? socketOrigin.replace(/^http/, 'ws') : null;
  const extraConnect = [runtimeConfig.oidc?.authority, runtimeConfig.orcid?.authorizeUrl].map((u) => (u ? originOf(u) : null));
  // The API's own origin too: the remotes' own pages (an integrator's embed example) call it directly, cross-origin.
  const apiDirect = imageOrigin && imageOrigin !== apiOrigin ? [imageOrigin, imageOrigin.replace(/^http/, 'ws')] : [];
  const connect = ["'self'", ...remoteOrigins, apiOrigin, socketOrigin, socketWs, ...apiDirect, ...extraConnect, ...devConnect].filter(Boolean);
  const images = ["'self'", 'data:', 'blob:', ...remoteOrigins, apiOrigin, imageOrigin].filter(Boolean);
  // The one frame the site shows: /developers' live example, a partner page on the chat remote's origin.
  const chatOrigin = runtimeConfig.chatOrigin ? originOf(runtimeConfig.chatOrigin) : null;
  return [
    "default-src 'self'",
    `script-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    `style-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    // Server-rendered markup carries React's `style` attributes (a carousel's offset, a bar's width), which the
    // browser's React would set through the CSSOM; attributes only: <style> elements and scripts stay blocked.
    "style-src-attr 'unsafe-inline'",
    `img-src ${[...new Set(images)].join(' ')}`,
    `font-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    `connect-src ${[...new Set(connect)].join(' ')}`,
    `frame-src ${["'self'", chatOrigin].filter(Boolean).join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A page's policy with its own inline stylesheets allowed, by hash: a server-rendered page carries its stylesheets
 * inline (composeDocument.ts), and no other inline `<style>` may apply. Nothing else in the policy changes.
 */
export function allowInlineStyles(csp, styleSources = []) {
  if (styleSources.length === 0) return csp;
  return csp.replace(/(^|; )style-src ([^;]*)/, (_, start, sources) => `${start}style-src ${sources} ${styleSources.join(' ')}`);
}

/**
 * Remote pages the site itself frames: /developers' live example (DEVELOPERS_EXAMPLE.examplePath in
 * shared/src/contracts/partners.ts), served by the chat remote. Framed by the site's origin and no other; every other
 * page of a remote keeps `frame-ancestors 'none'` and X-Frame-Options DENY.
 */
export const SITE_FRAMED_PAGES = new Set(['/developers-example.html']);

/** A remote's page headers: the site's policy, or for a page the site frames, the same policy framed by the site alone. */
export function remotePageHeaders(pathname, csp, siteOrigin) {
  if (!SITE_FRAMED_PAGES.has(pathname)) return { 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' };
  // X-Frame-Options has no "this origin only" that browsers honour (ALLOW-FROM is ignored): frame-ancestors says it.
  return { 'Content-Security-Policy': csp.replace("frame-ancestors 'none'", `frame-ancestors ${siteOrigin}`) };
}

/**
 * Pages another site opens as a popup and answers through window.opener: the partner apps' "Sign in with SciExperts"
 * (docs/decisions/0050-partner-apps-and-scoped-tokens.md). The site's Cross-Origin-Opener-Policy would cut the popup
 * from its cross-origin opener (window.opener null), so these pages opt out of it; their CSP is the site's (no partner
 * origin is needed in it: the code is posted to the origin the API names, and they still cannot be framed).
 */
export const OPENER_PAGES = new Set(['/oauth/authorize']);

/**
 * Where the identity provider sends the browser back (IDENTITY_RETURN_PATH in shared/src/contracts/constants.ts). A
 * member who signs in with the provider inside the partner's popup comes back here first, then to the popup's consent
 * screen: only that landing (the provider's `code` and `state` in the query) opts out too, or the popup would lose its
 * opener on the way; the page itself, visited otherwise, keeps the site's policy.
 */
export const IDENTITY_RETURN_PATH = '/profile/freelancer-dashboard';

export function openerHeaders(pathname, search = '') {
  const params = new URLSearchParams(search);
  const identityLanding = pathname === IDENTITY_RETURN_PATH && params.has('code') && params.has('state');
  return OPENER_PAGES.has(pathname) || identityLanding ? { 'Cross-Origin-Opener-Policy': 'unsafe-none' } : {};
}

export const commonSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
