// The expert directory ("Find an expert"): constants, messages and types shared by the API and mf-directory.
// Types are Static<> of the TypeBox schemas in ./schemas/directory (a type-only import: no run-time cost).
import type { Static } from 'typebox';
import { groupDigits } from './format';
import type * as S from './schemas/directory';

/**
 * 'relevance' ranks by the text match (without q: most complete profiles first, then newest); 'rating' puts the
 * highest average (as shown, one decimal) first, more reviews first among equals, experts without reviews last.
 */
export const EXPERT_SORTS = ['relevance', 'fee-asc', 'fee-desc', 'rating'] as const;
export type ExpertSort = (typeof EXPERT_SORTS)[number];
export const EXPERT_SORT_DEFAULT: ExpertSort = 'relevance';

export const DIRECTORY_PAGE_SIZE = 12;
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const EXPERT_FEE_MAX = 1_000_000;
/** A card's snippet holds at most this many characters of the summary. */
export const SNIPPET_MAX_LENGTH = 220;
/** Pages beyond this are refused (deep paging is a crawl, not a search). */
export const DIRECTORY_PAGE_MAX = 1000;

export const DIRECTORY_MESSAGES = {
  profileUnavailable: 'This profile is not available.',
  countryInvalid: 'Please choose a country from the list.',
  queryTooLong: `Please keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  feeInvalid: 'Fees must be whole numbers of 0 or more.',
  feeTooHigh: `Fees must be at most ${groupDigits(EXPERT_FEE_MAX)}.`,
  feeRange: 'The lowest fee must not be higher than the highest fee.',
  sortInvalid: `Sort must be one of: ${EXPERT_SORTS.join(', ')}.`,
  pageInvalid: `Page must be a whole number from 1 to ${DIRECTORY_PAGE_MAX}.`,
  verifiedInvalid: "Verified must be 'true' (verified experts only) or left out.",
} as const;

/** The query of GET /api/Experts/Search: every value optional and a string on the wire. */
export type ExpertSearchQuery = Static<typeof S.ExpertSearchQuery>;
export type ExpertCard = Static<typeof S.ExpertCard>;
export type ExpertSearchResponse = Static<typeof S.ExpertSearchResponse>;
/** isHidden is true only for the owner reading their own hidden profile. */
export type PublicExpertProfile = Static<typeof S.PublicExpertProfile>;

/** 'Ada Lovelace' → 'ada-lovelace' (accents dropped, anything else becomes '-'); 'expert' when nothing is left. */
export function expertSlug(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'expert';
}
