import { cleanup } from '@testing-library/react';
import { matchPath } from 'react-router-dom';
import { blogPosts } from '../content/blogPosts';
import { reviewSite } from '../content/claims';
import { servicePages, solutionPages } from '../content/servicePages';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { renderRoute } from '../test/renderRoute';
import { marketingRoutes, routesOwnedElsewhere } from './routeTable';

// Every page mf-marketing serves, with each `:slug` filled in with every value it knows, plus one unknown
// slug per param route (the in-page not-found has links too).
const knownParams: Record<string, string[]> = {
  '/solutions/:slug': solutionPages.map((page) => page.slug),
  '/services/:slug': servicePages.map((page) => page.slug),
  '/blog/:slug': blogPosts.map((post) => post.id),
};

const concretePaths: string[] = marketingRoutes.flatMap(({ path }) => {
  const values = knownParams[path];
  if (!values) return [path];
  return [...values, 'no-such-page'].map((value) => path.replace(':slug', value));
});

/** External addresses a marketing page may link to. */
const externalAllowed: string[] = [reviewSite.url];

function isKnownSitePath(pathname: string): boolean {
  for (const { path } of marketingRoutes) {
    const match = matchPath(path, pathname);
    if (!match) continue;
    const values = knownParams[path];
    if (!values || values.includes(match.params.slug ?? '')) return true;
  }
  return routesOwnedElsewhere.some((path) => matchPath(path, pathname));
}

interface FoundLink {
  page: string;
  href: string;
}

// The service pages ask the directory for live experts: never answered here, so their loading state is what renders.
beforeAll(() => jest.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {})));
afterAll(() => jest.restoreAllMocks());

let collected: FoundLink[] | null = null;

/** Renders every page once and returns its links (cached: rendering ~40 pages takes seconds). */
function collectLinks(): FoundLink[] {
  if (collected) return collected;
  const found: FoundLink[] = [];
  for (const page of concretePaths) {
    const { main } = renderRoute(page);
    for (const anchor of main.querySelectorAll('a[href]')) {
      const href = anchor.getAttribute('href') ?? '';
      if (href.startsWith('#')) {
        // An in-page link must have its target on the same page.
        expect({ page, href, targetFound: Boolean(main.querySelector(`[id="${href.slice(1)}"]`)) }).toEqual({ page, href, targetFound: true });
      } else {
        found.push({ page, href });
      }
    }
    cleanup();
  }
  collected = found;
  return found;
}

describe('links rendered by the marketing pages', () => {
  beforeEach(() => mockMatchMedia());

  it('every page of the route table renders a page, not an in-page not-found', () => {
    for (const page of concretePaths.filter((path) => !path.endsWith('no-such-page'))) {
      const { main } = renderRoute(page);
      expect({ page, h1: main.querySelector('h1')?.textContent ?? '' }).toEqual({ page, h1: expect.not.stringMatching(/not found/) });
      cleanup();
    }
  });

  it('point only at routes in the route table (with slugs that exist), at routes other slices own, or at allowed addresses', () => {
    const links = collectLinks();
    expect(links.length).toBeGreaterThan(200);
    const dead: FoundLink[] = [];
    const fragments: Array<{ page: string; path: string; id: string }> = [];
    for (const link of links) {
      if (link.href.startsWith('mailto:')) continue;
      const url = new URL(link.href, 'http://site.test');
      if (url.origin !== 'http://site.test') {
        if (!externalAllowed.includes(link.href)) dead.push(link);
        continue;
      }
      if (!isKnownSitePath(url.pathname)) dead.push(link);
      else if (url.hash) fragments.push({ page: link.page, path: url.pathname, id: url.hash.slice(1) });
    }
    expect(dead).toEqual([]);

    // A link to a place on another marketing page (/faq#payments) must find that place there.
    for (const fragment of fragments.filter((candidate, index, all) => all.findIndex((other) => other.path === candidate.path && other.id === candidate.id) === index)) {
      const { main } = renderRoute(fragment.path);
      expect({ ...fragment, found: Boolean(main.querySelector(`[id="${fragment.id}"]`)) }).toEqual({ ...fragment, found: true });
      cleanup();
    }
  });

  it('reach the pages the issue names from the cards and teasers', () => {
    const hrefs = new Set(collectLinks().map((link) => link.href));
    for (const href of ['/story-1', '/story-2', '/story-3', '/blog/choose-consultant', '/blog/trends-freelance-science', '/blog/institutions-on-demand', '/services/scientific-consulting', '/services/secondary-research', '/concierge', '/privacy-policy', '/terms', '/cookie-policy', '/faq#payments']) {
      expect(hrefs).toContain(href);
    }
  });
});
