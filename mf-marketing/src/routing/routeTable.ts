// Every public route whose page this remote provides, and the expose the shell renders there. The shell's
// router registers these paths (react-router patterns; `:slug` is read with useParams); the standalone page
// and the link test use the same table, so a link in mf-marketing that leads nowhere fails a test.

export type MarketingExpose =
  | 'HomePage'
  | 'HowItWorksPage'
  | 'JoinExpertPage'
  | 'SolutionPage'
  | 'ServicePage'
  | 'ConciergePage'
  | 'BlogIndexPage'
  | 'BlogPostPage'
  | 'StoryPage'
  | 'FaqPage'
  | 'LegalPage'
  | 'DevelopersPage';

export interface MarketingRoute {
  /** react-router path pattern, absolute. */
  path: string;
  expose: MarketingExpose;
  /** Why the page is at this path, for the table the shell is built from. */
  note?: string;
}

export const marketingRoutes: MarketingRoute[] = [
  { path: '/', expose: 'HomePage', note: 'visitors only; the shell sends members to their dashboard' },
  { path: '/how-it-works', expose: 'HowItWorksPage' },
  { path: '/join-expert', expose: 'JoinExpertPage' },
  { path: '/solutions/:slug', expose: 'SolutionPage', note: 'slug: consulting | strategy | technology' },
  { path: '/services/:slug', expose: 'ServicePage', note: 'slug: a service page, see servicePageSlugs' },
  { path: '/concierge', expose: 'ConciergePage' },
  { path: '/blog', expose: 'BlogIndexPage' },
  { path: '/blog/:slug', expose: 'BlogPostPage', note: 'slug: a post id' },
  { path: '/story-1', expose: 'StoryPage', note: 'the story is chosen by the path' },
  { path: '/story-2', expose: 'StoryPage' },
  { path: '/story-3', expose: 'StoryPage' },
  { path: '/faq', expose: 'FaqPage' },
  { path: '/privacy-policy', expose: 'LegalPage', note: 'the document is chosen by the path' },
  { path: '/terms', expose: 'LegalPage' },
  { path: '/user-agreement', expose: 'LegalPage', note: 'alias of /terms (the member footer links here); canonical /terms' },
  { path: '/cookie-policy', expose: 'LegalPage' },
  { path: '/developers', expose: 'DevelopersPage', note: 'the chat embed for partner sites, with a live example framed from the chat remote' },
];

/** Paths other slices own that marketing pages may link to (the directory and its public profiles, projects, requests). */
export const routesOwnedElsewhere: string[] = ['/find-an-expert', '/find-an-expert/subject/:subject', '/find-expert', '/experts/:idAndSlug', '/projects', '/create-project', '/request-service'];

export function exposeId(expose: MarketingExpose): `mf_marketing/${MarketingExpose}` {
  return `mf_marketing/${expose}`;
}
