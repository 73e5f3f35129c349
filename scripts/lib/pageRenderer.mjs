// The shell's server renders public pages to HTML with the shell's server build (shell/dist/server/render.js,
// decision 0018): the page's markup in index.html, with a validator so a revalidation costs a 304.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * @param {object} options
 * @param {string} options.shellDist       the shell's build folder (index.html, its stylesheets, server/render.js)
 * @param {{ remotes: Array<{ name: string, entry: string }> }} options.registry
 * @param {object} options.runtimeConfig
 * @param {string} options.siteOrigin
 * @param {string} [options.apiOrigin]  where a render's API calls go, with the visitor's address (the API trusts
 *   this server as its one proxy hop); without it they go through the site's own /api/ proxy
 * @param {(message: string) => void} [options.log]
 * @returns {null | ((url: string, visitor?: { address?: string, registry?: object }) => Promise<{ status: number, html: string, etag: string, styleSources: string[] } | null>)}
 *   null: the shell build has no server build (pages render in the browser, as before). `styleSources`: the page's
 *   inline stylesheets' hashes, which its CSP must allow (allowInlineStyles in securityHeaders.mjs)
 */
export function createPageRenderer({ shellDist, registry, runtimeConfig, siteOrigin, apiOrigin, log = () => {} }) {
  const serverBuild = path.join(shellDist, 'server', 'render.js');
  if (!fs.existsSync(serverBuild)) return null;
  const shellServer = require(serverBuild);
  const template = fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  // The shell's stylesheets are all in the head: they are small, and the frame needs them before it paints. Read once:
  // a build's files never change under a running server.
  const shellStylesheets = fs
    .readdirSync(shellDist)
    .filter((file) => file.endsWith('.css'))
    .sort()
    .map((file) => ({ href: `/${file}`, text: fs.readFileSync(path.join(shellDist, file), 'utf8') }));
  const render = shellServer.createPageRenderer({ origin: siteOrigin, registry, runtimeConfig, apiOrigin }, shellServer.createRemoteServerBuilds());
  return async (url, visitor = {}) => {
    // A visitor's own registry (their cohort's releases, releaseRegistry.mjs) replaces the built one for this page.
    const { registry: visitorRegistry, ...who } = visitor;
    const page = await render(url, who, visitorRegistry ?? registry);
    if (!page) return null;
    for (const error of page.errors) log(`${url}: left to the browser: ${error}`);
    const { html, styleSources } = shellServer.composeDocument(template, page, shellStylesheets);
    const etag = `W/"${crypto.createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
    return { status: page.status, html, etag, styleSources };
  };
}
