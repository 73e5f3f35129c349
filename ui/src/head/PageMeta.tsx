// One page's head: title, description, canonical URL, Open Graph tags and JSON-LD, for every public page of
// every remote (bundled into each, like the other primitives).
import { getRuntimeConfig } from '@sciexperts/shared';

/** The site's name, appended to every page title and named in Open Graph tags. */
export const SITE_NAME = 'SciExperts';

/** A schema.org object, serialised into a JSON-LD data block. */
export type StructuredData = Record<string, unknown>;

export interface PageMetaProps {
  /** The page's own title; the site name is appended unless `titleIsFull`. */
  title: string;
  titleIsFull?: boolean;
  /** One or two sentences, about 150 characters: what a search result shows under the title. */
  description: string;
  /** The canonical path of the page, e.g. '/blog/choose-consultant' (aliases point here). */
  path: string;
  type?: 'website' | 'article' | 'profile';
  structuredData?: StructuredData | StructuredData[];
  /** Keep the page out of search indexes (the in-page not-found states). */
  noIndex?: boolean;
}

/** The site's address: the page that renders this remote (the shell's origin), or on the server the configured one. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? (getRuntimeConfig().siteOrigin ?? '') : window.location.origin;
}

export function absoluteUrl(path: string): string {
  return new URL(path, siteOrigin() || 'http://localhost').href;
}

/** JSON for an HTML data block: '<' is escaped so no text can close the script element early. */
export function serialiseJsonLd(data: StructuredData | StructuredData[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * Title, description, canonical URL and Open Graph tags of one page. React 19 hoists <title>, <meta> and
 * <link> rendered anywhere into <head> and removes them when the page unmounts, so each page owns its head
 * without touching the DOM itself. JSON-LD stays where it is rendered (a data block is valid in <body>); it
 * is not executed, so the site's `script-src 'self'` CSP does not apply to it.
 */
export function PageMeta({ title, titleIsFull = false, description, path, type = 'website', structuredData, noIndex = false }: PageMetaProps) {
  const fullTitle = titleIsFull ? title : `${title} | ${SITE_NAME}`;
  const url = absoluteUrl(path);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      {structuredData && !noIndex ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(structuredData) }} /> : null}
    </>
  );
}
