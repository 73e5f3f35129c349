// The search's state lives in the URL: ?q=&service=&area=&minFee=&maxFee=&country=&verified=&sort=&page=
// parseSearch reads any query a link or a person may write (unknown values are dropped, never fatal);
// serialiseSearch writes the canonical form (defaults left out, a fixed order), so links are short and shareable.
import { EXPERT_FEE_MAX, EXPERT_SORTS, EXPERT_SORT_DEFAULT, DIRECTORY_PAGE_MAX, SEARCH_QUERY_MAX_LENGTH, type ExpertSort } from '@sciexperts/shared';
import { isCountryCode } from '@sciexperts/shared/countries';
import { catalogueService, SERVICE_CATALOGUE } from '../catalogue';

export interface SearchState {
  q: string;
  service: string;
  area: string;
  minFee: number | null;
  maxFee: number | null;
  /** ISO 3166-1 alpha-2, upper case; '' for any country. */
  country: string;
  /** Verified experts only (?verified=true). */
  verified: boolean;
  sort: ExpertSort;
  page: number;
}

export const EMPTY_SEARCH: SearchState = { q: '', service: '', area: '', minFee: null, maxFee: null, country: '', verified: false, sort: EXPERT_SORT_DEFAULT, page: 1 };

export const SORT_LABELS: Record<ExpertSort, string> = {
  relevance: 'Best match',
  'fee-asc': 'Hourly fee: low to high',
  'fee-desc': 'Hourly fee: high to low',
  rating: 'Highest rated',
};

function fee(raw: string | null): number | null {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  const value = Number(raw);
  return value <= EXPERT_FEE_MAX ? value : null;
}

function area(raw: string): string {
  const wanted = raw.trim().toLowerCase();
  if (!wanted) return '';
  for (const entry of SERVICE_CATALOGUE) {
    const found = entry.practiceAreas.find((a) => a.toLowerCase() === wanted);
    if (found) return found;
  }
  return '';
}

/**
 * Reads the URL's query. The home page's subject search sends `?q=<text>`, the service pages `?service=<name>`
 * (earlier links of theirs sent `?q=<name>`); a `q` that is exactly a catalogue service ('Data Science') becomes
 * that service's filter, which finds every expert offering it rather than those who repeat its words.
 */
export function parseSearch(params: URLSearchParams): SearchState {
  let q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX_LENGTH);
  let service = catalogueService(params.get('service') ?? '')?.name ?? '';
  if (!service && q) {
    const named = catalogueService(q);
    if (named) {
      service = named.name;
      q = '';
    }
  }
  let minFee = fee(params.get('minFee'));
  let maxFee = fee(params.get('maxFee'));
  if (minFee !== null && maxFee !== null && minFee > maxFee) [minFee, maxFee] = [maxFee, minFee];
  const country = (params.get('country') ?? '').trim().toUpperCase();
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    q,
    service,
    area: area(params.get('area') ?? ''),
    minFee,
    maxFee,
    country: isCountryCode(country) ? country : '',
    verified: params.get('verified') === 'true',
    sort: (EXPERT_SORTS as readonly string[]).includes(sort) ? (sort as ExpertSort) : EXPERT_SORT_DEFAULT,
    page: Number.isInteger(page) && page >= 1 && page <= DIRECTORY_PAGE_MAX ? page : 1,
  };
}

/** The canonical query: only what differs from the defaults, always in the same order. */
export function serialiseSearch(state: Partial<SearchState>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.service) params.set('service', state.service);
  if (state.area) params.set('area', state.area);
  if (state.minFee !== null && state.minFee !== undefined) params.set('minFee', String(state.minFee));
  if (state.maxFee !== null && state.maxFee !== undefined) params.set('maxFee', String(state.maxFee));
  if (state.country) params.set('country', state.country);
  if (state.verified) params.set('verified', 'true');
  if (state.sort && state.sort !== EXPERT_SORT_DEFAULT) params.set('sort', state.sort);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `?…` for a link, or '' when the search is the default one. */
export function searchQueryString(state: Partial<SearchState>): string {
  const qs = serialiseSearch(state).toString();
  return qs ? `?${qs}` : '';
}

/** A change of anything but the page starts again at page 1. */
export function withChange(state: SearchState, change: Partial<SearchState>): SearchState {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  if (change.service !== undefined && change.service !== state.service && next.area && change.area === undefined) {
    const entry = catalogueService(next.service);
    if (entry && !entry.practiceAreas.includes(next.area)) next.area = '';
  }
  return next;
}

/** True when any filter (not the sort or the page) narrows the search. */
export function hasFilters(state: SearchState, locked: Partial<SearchState> = {}): boolean {
  return (
    (!!state.q && state.q !== locked.q) ||
    (!!state.service && state.service !== locked.service) ||
    (!!state.area && state.area !== locked.area) ||
    state.minFee !== null ||
    state.maxFee !== null ||
    !!state.country ||
    state.verified
  );
}

/** The API's query: GET /api/Experts/Search takes the same names, every value a string. */
export function toApiQuery(state: SearchState): Record<string, string | undefined> {
  return Object.fromEntries(serialiseSearch(state));
}
