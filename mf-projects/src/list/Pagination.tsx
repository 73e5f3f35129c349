import { Link } from '@sciexperts/shared/router';
import { listQueryString, type ListState } from './listState';
import styles from './List.module.css';

/** 1 … 4 5 6 … 12: the first, the last and the neighbours of the current page. */
export function pageNumbers(current: number, last: number): Array<number | 'gap'> {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

/** Real links to the other pages of the list (each a URL), Previous and Next around the numbers. */
export function Pagination({ state, total, pageSize, onNavigate }: { state: ListState; total: number; pageSize: number; onNavigate: () => void }) {
  const last = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (last <= 1) return null;
  const to = (page: number) => ({ search: listQueryString({ ...state, page }) });
  return (
    <nav className={styles.pagination} aria-label="Result pages">
      {state.page > 1 ? (
        <Link to={to(Math.min(state.page - 1, last))} className={styles.pageLink} rel="prev" onClick={onNavigate}>
          Previous
        </Link>
      ) : null}
      <ul className={styles.pageList}>
        {pageNumbers(Math.min(state.page, last), last).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={to(n)} className={styles.pageLink} aria-current={n === state.page ? 'page' : undefined} aria-label={`Page ${n}`} onClick={onNavigate}>
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {state.page < last ? (
        <Link to={to(state.page + 1)} className={styles.pageLink} rel="next" onClick={onNavigate}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
