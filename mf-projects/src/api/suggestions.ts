import { API_PATHS, pathTo, request, type ExpertCard, type ExpertSearchResponse } from '@sciexperts/shared';

export const SUGGESTIONS_FAILED = 'We could not load suggested experts. Please try again.';

/** How many directory experts 'Invite experts' suggests. */
export const SUGGESTIONS_MAX = 6;

/** The directory's public search for one catalogue service (its first page, best matches first). */
export function searchExpertsForService(service: string): Promise<ExpertSearchResponse> {
  return request<ExpertSearchResponse>('get', pathTo(API_PATHS.expertSearch, {}, { service }), { fallbackError: SUGGESTIONS_FAILED });
}

/**
 * The experts worth suggesting: the search's order, without the owner and without anyone already invited, at
 * most SUGGESTIONS_MAX.
 */
export function pickSuggestions(cards: readonly ExpertCard[], excludedIds: ReadonlySet<number>, max: number = SUGGESTIONS_MAX): ExpertCard[] {
  return cards.filter((card) => !excludedIds.has(card.id)).slice(0, max);
}
