// The project list's state lives in the URL: ?q=&service=&budgetType=&minBudget=&maxBudget=&posted=&matching=&page=
// parseListState reads any query a link or a person may write (unknown values are dropped, never fatal);
// serialiseListState writes the canonical form (defaults left out, a fixed order), so links are short and shareable.
// Budgets are dollars in the URL (what people type and read) and cents to the API (what the contract counts in).
import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { BUDGET_TYPES, PROJECT_LIMITS, type ProjectListQuery } from '@sciexperts/shared/member';
import { centsFromInput, inputFromCents } from '../format';

export type BudgetTypeFilter = (typeof BUDGET_TYPES)[number];

export const POSTED_WITHIN = ['1', '7', '30'] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];

export const POSTED_LABELS: Record<PostedWithin, string> = {
  '1': 'Past day',
  '7': 'Past week',
  '30': 'Past month',
};

export const BUDGET_TYPE_LABELS: Record<BudgetTypeFilter, string> = {
  fixed: 'Fixed price',
  hourly: 'Hourly',
};

export interface ListState {
  q: string;
  /** A catalogue service name, spelt as the catalogue does; '' for any. */
  service: string;
  budgetType: BudgetTypeFilter | '';
  /** Cents (the URL holds dollars). */
  minBudget: number | null;
  maxBudget: number | null;
  posted: PostedWithin | '';
  /** 'Matching my services' as the person set it; null leaves it to the page's default. */
  matching: boolean | null;
  page: number;
}

export const EMPTY_LIST: ListState = { q: '', service: '', budgetType: '', minBudget: null, maxBudget: null, posted: '', matching: null, page: 1 };

/** A typed or linked amount in dollars ('1,250.50', '$500') → cents, or null when it is not one the API accepts. */
export function budgetCents(text: string): number | null {
  const cents = centsFromInput(text);
  return cents !== null && cents <= PROJECT_LIMITS.centsMax ? cents : null;
}

function catalogueName(raw: string): string {
  const wanted = raw.trim().toLowerCase();
  return wanted ? (SERVICE_CATALOGUE.find((entry) => entry.name.toLowerCase() === wanted)?.name ?? '') : '';
}

function oneOf<T extends string>(choices: readonly T[], raw: string | null): T | '' {
  return raw !== null && (choices as readonly string[]).includes(raw) ? (raw as T) : '';
}

export function parseListState(params: URLSearchParams): ListState {
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, PROJECT_LIMITS.queryMax);
  let minBudget = budgetCents(params.get('minBudget') ?? '');
  let maxBudget = budgetCents(params.get('maxBudget') ?? '');
  if (minBudget !== null && maxBudget !== null && minBudget > maxBudget) [minBudget, maxBudget] = [maxBudget, minBudget];
  const matching = params.get('matching');
  const page = Number(params.get('page'));
  return {
    q,
    service: catalogueName(params.get('service') ?? ''),
    budgetType: oneOf(BUDGET_TYPES, params.get('budgetType')),
    minBudget,
    maxBudget,
    posted: oneOf(POSTED_WITHIN, params.get('posted')),
    matching: matching === '1' ? true : matching === '0' ? false : null,
    page: Number.isInteger(page) && page >= 1 && page <= PROJECT_LIMITS.pageMax ? page : 1,
  };
}

/** The canonical query: only what differs from the defaults, always in the same order. */
export function serialiseListState(state: Partial<ListState>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.service) params.set('service', state.service);
  if (state.budgetType) params.set('budgetType', state.budgetType);
  if (state.minBudget !== null && state.minBudget !== undefined) params.set('minBudget', inputFromCents(state.minBudget));
  if (state.maxBudget !== null && state.maxBudget !== undefined) params.set('maxBudget', inputFromCents(state.maxBudget));
  if (state.posted) params.set('posted', state.posted);
  if (state.matching !== null && state.matching !== undefined) params.set('matching', state.matching ? '1' : '0');
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `?…` for a link, or '' for the plain list. */
export function listQueryString(state: Partial<ListState>): string {
  const qs = serialiseListState(state).toString();
  return qs ? `?${qs}` : '';
}

/** A change of anything but the page starts again at page 1. */
export function withChange(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** True when words or a filter narrow the list ('Matching my services' and the page are not filters here). */
export function hasFilters(state: ListState): boolean {
  return !!state.q || !!state.service || !!state.budgetType || state.minBudget !== null || state.maxBudget !== null || !!state.posted;
}

/** The filters cleared; the matching choice is the person's setting and stays. */
export function cleared(state: ListState): ListState {
  return { ...EMPTY_LIST, matching: state.matching };
}

/** 'YYYY-MM-DD' (UTC) `days` before `now`: the first day the API should include. */
export function postedSince(days: PostedWithin, now: Date): string {
  const since = new Date(now.getTime() - Number(days) * 86_400_000);
  return since.toISOString().slice(0, 10);
}

/** The API's query (every value a string, undefined ones left out of the request). */
export function toApiQuery(state: ListState, options: { now?: Date; matching?: boolean } = {}): ProjectListQuery {
  const query: ProjectListQuery = {};
  if (state.q) query.q = state.q;
  if (state.service) query.service = state.service;
  if (state.budgetType) query.budgetType = state.budgetType;
  if (state.minBudget !== null) query.minBudget = String(state.minBudget);
  if (state.maxBudget !== null) query.maxBudget = String(state.maxBudget);
  if (state.posted) query.postedSince = postedSince(state.posted, options.now ?? new Date());
  if (options.matching) query.matching = 'mine';
  if (state.page > 1) query.page = String(state.page);
  return query;
}
