import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@sciexperts/shared/router';
import type { AuditEntryView, AuditPageView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { AuditFilters, type AuditFilterValues } from './AuditFilters';
import { AuditObject } from './AuditObject';
import { formatCents, shortDateTime } from './format';
import css from './console.module.css';

const FILTER_KEYS = ['operatorId', 'action', 'objectType', 'objectId', 'from', 'to'] as const;

/** Entries written before amounts were recorded in dollars said 'split 36000 cents': the same sentence in dollars. */
function inDollars(details: string): string {
  return details.replace(/\b(\d+) cents\b/g, (_, cents: string) => formatCents(Number(cents)));
}

/**
 * The audit log, newest first; it can only be read. The filters live in the address (a filtered log can be linked,
 * and each entry's object links to the log filtered to it); 'Show older entries' adds the next page below.
 */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as AuditFilterValues;
  const filterKey = new URLSearchParams(filters as Record<string, string>).toString();
  const [entries, setEntries] = useState<AuditEntryView[]>([]);
  const [operators, setOperators] = useState<AuditPageView['operators']>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The first row of the page added last: the focus goes there, so a keyboard user goes on reading where it starts. */
  const firstNew = useRef<HTMLTableRowElement>(null);
  const [focusId, setFocusId] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    setLoaded(false);
    setError(null);
    adminApi
      .audit(filters)
      .then((page) => {
        if (!current) return;
        setEntries(page.entries);
        setOperators(page.operators);
        setNext(page.nextBefore);
        setLoaded(true);
      })
      .catch((err: unknown) => current && setError(err instanceof AdminApiError ? err.message : 'The audit log could not be loaded.'));
    return () => {
      current = false;
    };
    // filterKey stands for `filters` (a new object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  useEffect(() => {
    if (focusId !== null) firstNew.current?.focus();
  }, [focusId]);

  function older(before: number) {
    adminApi
      .audit({ ...filters, before: String(before) })
      .then((page) => {
        setEntries((list) => [...list, ...page.entries]);
        setNext(page.nextBefore);
        setFocusId(page.entries[0]?.id ?? null);
      })
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The older entries could not be loaded.'));
  }

  const filtered = filterKey !== '';
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <AuditFilters key={filterKey} value={filters} operators={operators} onApply={(f) => setParams(new URLSearchParams(f as Record<string, string>))} />
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <p role="status">{!loaded ? (error ? '' : 'Loading the audit log…') : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} shown${next !== null ? '; older ones follow' : ''}.`}</p>
      {loaded && entries.length === 0 && <p>{filtered ? 'No entry matches these filters.' : 'No entry yet.'}</p>}
      {loaded && entries.length > 0 && (
        <table className={css.auditTable}>
          <caption>{filtered ? 'Operator actions matching the filters, newest first' : 'Every operator action, newest first'}</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Object</th>
              <th scope="col">Reason</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} ref={e.id === focusId ? firstNew : undefined} tabIndex={e.id === focusId ? -1 : undefined}>
                <td data-label="When (UTC)" className={css.when}>
                  <time dateTime={e.at}>{shortDateTime(e.at)}</time>
                </td>
                <td data-label="Who">
                  {e.operatorEmail} ({e.role})
                </td>
                <td data-label="Action">
                  <strong>{e.action}</strong>
                  {e.details ? `: ${inDollars(e.details)}` : ''}
                </td>
                <td data-label="Object">
                  <AuditObject entry={e} />
                </td>
                <td data-label="Reason" className={css.quote}>
                  {e.reason ?? ''}
                </td>
                <td data-label="From">{e.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {loaded && next !== null && (
        <button type="button" className={css.secondary} onClick={() => older(next)}>
          Show older entries
        </button>
      )}
    </section>
  );
}
