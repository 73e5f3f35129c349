import { API_PATHS, DIRECTORY_MESSAGES, pathTo, request, type ExpertSearchResponse, type PublicExpertProfile } from '@sciexperts/shared';
import { toApiQuery, type SearchState } from '../search/searchState';

export const SEARCH_FAILED = 'We could not load the experts. Please try again.';

/** The directory's two calls. Both work signed out; the profile call sends the member's token when there is one. */
export const directoryApi = {
  search: (state: SearchState) => request<ExpertSearchResponse>('get', pathTo(API_PATHS.expertSearch, {}, toApiQuery(state)), { fallbackError: SEARCH_FAILED }),
  profile: (id: number) => request<PublicExpertProfile>('get', pathTo(API_PATHS.expertProfile, { id }), { fallbackError: DIRECTORY_MESSAGES.profileUnavailable }),
};
