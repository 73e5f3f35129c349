// The public routes whose pages this remote provides, and the expose the shell renders there. The shell's
// router registers these paths; the standalone page uses the same table.
import { expertSlug } from '@sciexperts/shared';

export type DirectoryExpose = 'SearchPage' | 'SubjectPage' | 'ExpertProfilePage';

export const directoryRoutes: ReadonlyArray<{ path: string; expose: DirectoryExpose }> = [
  { path: '/find-an-expert', expose: 'SearchPage' },
  { path: '/find-an-expert/subject/:slug', expose: 'SubjectPage' },
  { path: '/experts/:idAndSlug', expose: 'ExpertProfilePage' },
];

export const SEARCH_PATH = '/find-an-expert';

export function subjectPath(slug: string): string {
  return `/find-an-expert/subject/${slug}`;
}

/** '/experts/42-ada-lovelace': the id identifies the expert, the slug makes the link readable. */
export function expertPath(expert: { id: number; firstName: string; lastName: string; slug?: string }): string {
  return `/experts/${expert.id}-${expert.slug || expertSlug(expert.firstName, expert.lastName)}`;
}

/** The id at the start of '42-ada-lovelace' (or '42'); null when there is none. */
export function expertIdOf(idAndSlug: string | undefined): number | null {
  const match = /^(\d{1,15})(?:-|$)/.exec(idAndSlug ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The chat with one expert; the shell's /chat opens that conversation. */
export function chatPath(expertId: number): string {
  return `/chat?with=${expertId}`;
}

// Where the projects remote (mf-projects) answers; remotes link to each other by path, never by import.

/** The project form, with the service chosen when there is one (a name of the service catalogue). */
export function postProjectPath(service?: string): string {
  return service ? `/create-project?service=${encodeURIComponent(service)}` : '/create-project';
}

export function projectPath(projectId: number): string {
  return `/projects/${projectId}`;
}
