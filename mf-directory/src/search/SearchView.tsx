import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from '@sciexperts/shared/router';
import { groupDigits, isUnreachable, type ExpertSearchResponse } from '@sciexperts/shared';
import { defineIsland, ReadOnly } from '@sciexperts/ui';
import { ExpertCard } from '../cards/ExpertCard';
import { hasFilters, parseSearch, searchQueryString, serialiseSearch, withChange, type SearchState } from './searchState';
import { useExpertSearch } from './useExpertSearch';
import styles from './Search.module.css';
import { UNREACHABLE_MESSAGE } from '../ui/messages';

/**
 * The search form: an island (decision 0020, "Round three"), whose code loads when the page is idle, the form comes
 * into view or is touched. The cards and the page links are only read: React leaves their server HTML in place on
 * the page's first load, and renders them afresh when a search changes them.
 */
const SearchFormIsland = defineIsland('directory-search', () => import(/* webpackChunkName: "island-search-form" */ './SearchForm').then((m) => m.SearchForm));


/** What the search is narrowed to by the page itself (a subject page's service); not written to the URL. */
export type LockedFilters = Pick<Partial<SearchState>, 'service'>;

function pageNumbers(current: number, last: number): Array<number | 'gap'> {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

function Pagination({ state, data, locked }: { state: SearchState; data: ExpertSearchResponse; locked: LockedFilters }) {
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (last <= 1) return null;
  const hrefOf = (page: number) => ({ search: searchQueryString({ ...state, ...unlock(locked), page }) });
  return (
    <nav className={styles.pagination} aria-label="Result pages">
      {state.page > 1 ? (
        <Link to={hrefOf(state.page - 1)} className={styles.pageLink} rel="prev">
          Previous
        </Link>
      ) : null}
      <ul className={styles.pageList}>
        {pageNumbers(state.page, last).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={hrefOf(n)} className={styles.pageLink} aria-current={n === state.page ? 'page' : undefined} aria-label={`Page ${n}`}>
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {state.page < last ? (
        <Link to={hrefOf(state.page + 1)} className={styles.pageLink} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** The locked filters are the page's, not the URL's: left out of every link this view writes. */
function unlock(locked: LockedFilters): Partial<SearchState> {
  return locked.service ? { service: '' } : {};
}

function countText(data: ExpertSearchResponse, page: number): string {
  if (data.total === 0) return 'No experts found';
  const first = (page - 1) * data.pageSize + 1;
  const last = first + data.results.length - 1;
  const experts = data.total === 1 ? '1 expert' : `${groupDigits(data.total)} experts`;
  if (data.results.length === 0 || data.total <= data.pageSize) return experts;
  return `${experts}, showing ${first}–${last}`;
}

/**
 * The search: form, result count, cards, pages. The query lives in the URL (useSearchParams), so a search is a
 * link, Back returns to the previous one, and the results are crawlable pages.
 */
export function SearchView({ locked = {}, cardHeadingLevel = 2 }: { locked?: LockedFilters; cardHeadingLevel?: 2 | 3 }) {
  const [params, setParams] = useSearchParams();
  const urlKey = params.toString();
  const lockedService = locked.service;
  const state = useMemo(() => ({ ...parseSearch(new URLSearchParams(urlKey)), ...(lockedService ? { service: lockedService } : {}) }), [urlKey, lockedService]);
  const queryKey = serialiseSearch(state).toString();
  const search = useExpertSearch(queryKey);
  const resultsRef = useRef<HTMLDivElement>(null);

  // The search a change asked for, until the URL shows it: a second change made before then (a filter chosen
  // and a search sent before hydration, applied one after the other) builds on the first instead of undoing it.
  const requested = useRef<{ from: string; search: SearchState } | null>(null);
  const change = (next: Partial<SearchState>) => {
    const base = requested.current?.from === urlKey ? requested.current.search : state;
    const search = withChange(base, next);
    requested.current = { from: urlKey, search };
    setParams(serialiseSearch({ ...search, ...unlock(locked) }));
  };
  const clear = () => {
    setParams(serialiseSearch({ sort: state.sort }));
    resultsRef.current?.focus();
  };

  const data = search.data;
  const busy = search.status === 'loading';
  const filtered = hasFilters(state, locked);

  return (
    <div className={styles.layout}>
      <SearchFormIsland state={state} onChange={change} lockedService={locked.service} />
      <div className={styles.results} ref={resultsRef} tabIndex={-1} aria-busy={busy} aria-labelledby="directory-results-count">
        <p id="directory-results-count" className={styles.count} role="status">
          {data ? countText(data, state.page) : busy ? 'Searching…' : ''}
        </p>
        {search.status === 'error' ? (
          <div className={styles.error} role="alert">
            <p>{isUnreachable(search.error) ? UNREACHABLE_MESSAGE : search.error instanceof Error ? search.error.message : 'We could not load the experts. Please try again.'}</p>
            <button type="button" className={styles.secondaryButton} onClick={search.retry}>
              Retry
            </button>
          </div>
        ) : null}
        {data && data.results.length > 0 ? (
          <ReadOnly>
            <ol className={busy ? `${styles.cards} ${styles.stale}` : styles.cards}>
              {data.results.map((expert) => (
                <li key={expert.id}>
                  <ExpertCard expert={expert} headingLevel={cardHeadingLevel} />
                </li>
              ))}
            </ol>
            <Pagination state={state} data={data} locked={locked} />
          </ReadOnly>
        ) : null}
        {data && data.results.length === 0 && search.status === 'ready' ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{data.total > 0 ? 'There are no more experts past this page.' : 'No experts match your search.'}</p>
            {data.total > 0 ? (
              <Link to={{ search: searchQueryString({ ...state, ...unlock(locked), page: 1 }) }} className={styles.textLink}>
                Back to the first page
              </Link>
            ) : (
              <p>Try fewer or shorter words, another practice area, a wider fee range or any country.</p>
            )}
            {filtered && data.total === 0 ? (
              <button type="button" className={styles.primaryButton} onClick={clear}>
                Clear filters
              </button>
            ) : null}
          </div>
        ) : null}
        {!data && busy ? (
          <ol className={styles.cards} aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className={styles.skeleton} />
            ))}
          </ol>
        ) : null}
      </div>
    </div>
  );
}
