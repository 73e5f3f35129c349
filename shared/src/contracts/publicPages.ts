// The site's public pages, for /sitemap.xml and robots.txt, one list per remote that serves them. Each remote's
// tests keep its list equal to the pages its route table and content serve, so a new page cannot be left out of
// the sitemap (nor a gone one kept).

/** mf-marketing's pages. */
export const MARKETING_PAGES: readonly string[] = [
  '/',
  '/how-it-works',
  '/join-expert',
  '/concierge',
  '/faq',
  '/blog',
  '/blog/choose-consultant',
  '/blog/trends-freelance-science',
  '/blog/institutions-on-demand',
  '/story-1',
  '/story-2',
  '/story-3',
  '/solutions/consulting',
  '/solutions/strategy',
  '/solutions/technology',
  '/services/consulting',
  '/services/support',
  '/services/tools',
  '/services/scientific-writing',
  '/services/data-science',
  '/services/scientific-consulting',
  '/services/statistical-analysis',
  '/services/food-science',
  '/services/medical-writing',
  '/services/clinical-evaluation-report',
  '/services/scientific-report',
  '/services/secondary-research',
  '/services/literature-search',
  '/services/scientific-editing',
  '/terms',
  '/privacy-policy',
  '/cookie-policy',
  '/developers',
];

/** mf-directory's pages: the search and its subject pages (expert profiles are found through the search). */
export const DIRECTORY_PAGES: readonly string[] = [
  '/find-an-expert',
  '/find-an-expert/subject/data-analysis',
  '/find-an-expert/subject/product-development',
  '/find-an-expert/subject/data-science',
  '/find-an-expert/subject/scientific-consulting',
  '/find-an-expert/subject/statistical-analysis',
  '/find-an-expert/subject/food-science',
  '/find-an-expert/subject/medical-writing',
  '/find-an-expert/subject/clinical-evaluation-report',
  '/find-an-expert/subject/scientific-report',
  '/find-an-expert/subject/secondary-research',
  '/find-an-expert/subject/literature-search',
  '/find-an-expert/subject/scientific-editing',
];

/** mf-projects' public pages: the open projects and the form that posts one (a project itself needs a session). */
export const PROJECT_PAGES: readonly string[] = ['/projects', '/create-project'];

export const PUBLIC_PAGES: readonly string[] = [...MARKETING_PAGES, ...DIRECTORY_PAGES, ...PROJECT_PAGES];

/** Paths crawlers are asked to leave alone: the member area, the chat, one-time links and the API. */
export const CRAWLER_DISALLOWED: readonly string[] = ['/profile', '/chat', '/reset-password', '/api/'];
