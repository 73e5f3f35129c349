import { PageMeta } from '@sciexperts/ui';

export const PROJECT_PAGE_DESCRIPTION = 'A project posted on SciExperts: the brief, the budget and the proposals of freelance scientific experts.';

/** The head of every state of the project page: members-only, so never indexed. */
export function ProjectMeta({ title, path }: { title: string; path: string }) {
  return <PageMeta title={title} description={PROJECT_PAGE_DESCRIPTION} path={path} noIndex />;
}
