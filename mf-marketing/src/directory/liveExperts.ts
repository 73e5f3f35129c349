// The expert directory as the marketing pages use it: a few real experts for a service, from the public
// GET /api/Experts/Search (no sign-in). mf-directory owns the directory; these are small copies of what a
// marketing card needs (remotes never import each other).
import { API_PATHS, expertSlug, pathTo, request, type ExpertCard, type ExpertSearchResponse } from '@sciexperts/shared';

/** How many live experts a solution or service page shows. */
export const LIVE_EXPERT_COUNT = 3;

export const LIVE_EXPERTS_FAILED = 'We could not load the experts.';

/** The first LIVE_EXPERT_COUNT experts the directory finds for a catalogue service (most complete profiles first). */
export async function fetchLiveExperts(service: string): Promise<ExpertCard[]> {
  const response = await request<ExpertSearchResponse | undefined>('get', pathTo(API_PATHS.expertSearch, {}, { service }), { fallbackError: LIVE_EXPERTS_FAILED });
  return Array.isArray(response?.results) ? response.results.slice(0, LIVE_EXPERT_COUNT) : [];
}

/** '/experts/42-ada-lovelace': the directory's public profile (the id identifies the expert, the slug reads well). */
export function expertProfilePath(expert: Pick<ExpertCard, 'id' | 'slug' | 'firstName' | 'lastName'>): string {
  return `/experts/${expert.id}-${expert.slug || expertSlug(expert.firstName, expert.lastName)}`;
}

export function expertName(expert: Pick<ExpertCard, 'firstName' | 'lastName'>): string {
  return `${expert.firstName} ${expert.lastName}`.trim();
}

export function expertInitials(expert: Pick<ExpertCard, 'firstName' | 'lastName'>): string {
  return `${expert.firstName.charAt(0)}${expert.lastName.charAt(0)}`.toUpperCase();
}
