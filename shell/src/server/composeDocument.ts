import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '../app/serverRenderState';
import type { RenderedPage } from './renderPage';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside a data block: '<' is escaped so no value can close the element early. */
const dataBlockJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

// React renders a fragment's <title>, <meta> and <link> first (React 19 hoists them to <head> in the browser);
// on the server they are moved there too, so the page has one head and the browser's React finds them in it.
const leadingHeadTags = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/**
 * The shell's index.html with a server-rendered page in it: the page's head tags (its title replaces the
 * shell's), the stylesheets it paints with before any script runs, its markup in #root, and the state the
 * browser starts from (modules, data, registry, configuration).
 * `shellStylesheets`: the shell's own, root-relative as its build links them.
 */
export function composeDocument(template: string, page: RenderedPage, shellStylesheets: string[]): string {
  const headTags = page.html.match(leadingHeadTags)?.[0] ?? '';
  const body = page.html.slice(headTags.length);
  const stylesheets = [...new Set([...shellStylesheets, ...page.stylesheets])];
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
  const state: ServerRenderState = {
    remotes: page.remotes,
    data: page.data,
    registry: page.registry,
    runtimeConfig: page.runtimeConfig,
  };
  let document = template;
  if (headTags.includes('<title>')) document = document.replace(/<title>[\s\S]*?<\/title>/, '');
  document = document.replace('</head>', `${headTags}${links}</head>`);
  document = document.replace(/<div id="root"><\/div>/, `<div id="root">${body}</div>`);
  document = document.replace(
    '</body>',
    `<script type="application/json" id="${SERVER_RENDER_STATE_ID}">${dataBlockJson(state)}</script></body>`,
  );
  return document;
}
