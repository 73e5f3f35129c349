import { MARKETING_PAGES } from '@sciexperts/shared';
import { blogPosts } from '../content/blogPosts';
import { contentPagePath, contentPages } from '../content/servicePages';
import { marketingRoutes } from './routeTable';

/** Every page this remote serves, with each slug route expanded to its content; aliases point elsewhere. */
function servedPages(): string[] {
  const pages: string[] = [];
  for (const route of marketingRoutes) {
    if (route.path === '/user-agreement') continue; // alias of /terms, whose canonical URL is /terms
    if (route.path === '/solutions/:slug' || route.path === '/services/:slug') continue;
    if (route.path === '/blog/:slug') pages.push(...blogPosts.map((post) => `/blog/${post.id}`));
    else pages.push(route.path);
  }
  pages.push(...contentPages.map(contentPagePath));
  return pages;
}

describe('the sitemap list in the shared contract', () => {
  // Other remotes' pages (the directory's) are in their own lists, checked by their own tests.
  it('names exactly the pages mf-marketing serves', () => {
    expect([...MARKETING_PAGES].sort()).toEqual(servedPages().sort());
  });
});
