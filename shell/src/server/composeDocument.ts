import { createHash } from 'node:crypto';
import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '../app/serverRenderState';
import type { RenderedPage } from './renderPage';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside a data block: '<' is escaped so no value can close the element early. */
const dataBlockJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

// React renders a fragment's <title>, <meta> and <link> first (React 19 hoists them to <head> in the browser);
// on the server they are moved there too, so the page has one head and the browser's React finds them in it.
const leadingHeadTags = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** A stylesheet of the page: its address, and its text when it could be read (the page then carries it inline). */
export interface PageStylesheet {
  href: string;
  text: string | null;
}

export interface ComposedDocument {
  html: string;
  /**
   * The CSP sources (`'sha256-…'`) of the stylesheets the document carries inline: the page's `style-src` must list
   * them, since the site's policy allows no other inline `<style>`.
   */
  styleSources: string[];
}

/**
 * How much stylesheet text a document carries inline; what comes after is linked. A public page's stylesheets are
 * 20–50 KB (a few KB compressed); a page past this is one whose stylesheets should be looked at, not inlined.
 */
export const INLINE_STYLE_BUDGET = 128 * 1024;

/**
 * Text that reads the same inline as linked: nothing resolved against the stylesheet's own address (a relative
 * `url()`, an `@import`), which inline would resolve against the page's, and nothing that would end the element.
 */
const inlinable = (text: string) => !/<\/style/i.test(text) && !/@import|url\(\s*['"]?(?!data:|https?:|#)/i.test(text);

/**
 * The page's stylesheets for its head. Each that can be is carried inline (decision 0020, "Round five"): a page
 * linking 5–8 stylesheets from two or three origins waited for a connection to each origin and a round trip before
 * its first paint. Beside the `<style>`, the same stylesheet's `<link>` with `disabled`, which the browser does not
 * fetch: the federation runtime and the CSS chunk loader look for a link with that address before they add one, and
 * would otherwise load it again when the page's code asks for it, and put its rules after the others.
 */
function headStylesheets(stylesheets: PageStylesheet[]): { tags: string; styleSources: string[] } {
  let budget = INLINE_STYLE_BUDGET;
  const styleSources: string[] = [];
  const tags = stylesheets
    .map(({ href, text }) => {
      const link = `<link rel="stylesheet" href="${escapeAttribute(href)}"`;
      if (text === null || text.length > budget || !inlinable(text)) return `${link}>`;
      budget -= text.length;
      styleSources.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
      return `${link} disabled><style>${text}</style>`;
    })
    .join('');
  return { tags, styleSources: [...new Set(styleSources)] };
}

/**
 * The shell's index.html with a server-rendered page in it: the page's head tags (its title replaces the
 * shell's), the stylesheets it paints with before any script runs, its markup in #root, and the state the
 * browser starts from (modules, data, registry, configuration).
 * `shellStylesheets`: the shell's own, root-relative as its build links them, with their text.
 */
export function composeDocument(template: string, page: RenderedPage, shellStylesheets: PageStylesheet[]): ComposedDocument {
  const headTags = page.html.match(leadingHeadTags)?.[0] ?? '';
  const body = page.html.slice(headTags.length);
  const shellHrefs = new Set(shellStylesheets.map((stylesheet) => stylesheet.href));
  const stylesheets = [
    ...shellStylesheets,
    ...[...new Set(page.stylesheets)].filter((href) => !shellHrefs.has(href)).map((href) => ({ href, text: page.styleTexts[href] ?? null })),
  ];
  const { tags: links, styleSources } = headStylesheets(stylesheets);
  const state: ServerRenderState = {
    remotes: page.remotes,
    data: page.data,
    registry: page.registry,
    runtimeConfig: page.runtimeConfig,
  };
  let document = template;
  if (headTags.includes('<title>')) document = document.replace(/<title>[\s\S]*?<\/title>/, '');
  document = document.replace('</head>', () => `${headTags}${links}</head>`);
  document = document.replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>`);
  document = document.replace(
    '</body>',
    () => `<script type="application/json" id="${SERVER_RENDER_STATE_ID}">${dataBlockJson(state)}</script></body>`,
  );
  return { html: document, styleSources };
}
