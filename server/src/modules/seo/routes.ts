import { API_PATHS, CRAWLER_DISALLOWED, PUBLIC_PAGES } from '@sciexperts/shared/contracts';
import type { Module } from '../../http/api';
import { listedExpertPaths } from '../directory/repository';

/** A sitemap file may list at most 50,000 URLs; past that a sitemap index is needed (not yet: the demo has 200). */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...CRAWLER_DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteUrl}${API_PATHS.sitemap}`, ''].join('\n');
}

/**
 * robots.txt and the sitemap, for the site's origin (the shell's server relays them). The API writes them because
 * the sitemap lists every listed expert's public profile from the database, beside the site's public pages.
 * Not API operations: hidden from the OpenAPI document.
 */
export const seoModule: Module = async (app) => {
  const { siteUrl } = app.ctx.config;
  const { db } = app.ctx;
  app.get(API_PATHS.robots, { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return robotsTxt(siteUrl);
  });
  app.get(API_PATHS.sitemap, { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const experts = await listedExpertPaths(db, SITEMAP_MAX_URLS - PUBLIC_PAGES.length);
    return sitemapXml(siteUrl, [...PUBLIC_PAGES, ...experts]);
  });
};
