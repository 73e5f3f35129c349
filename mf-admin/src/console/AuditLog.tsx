import { useEffect, useState } from 'react';
import type { AuditEntryView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { dateTime } from './format';
import css from './console.module.css';

/** The audit log, newest first; it can only be read. */
export function AuditLog() {
  const [entries, setEntries] = useState<AuditEntryView[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const more = (before?: number) =>
    adminApi
      .audit(before)
      .then((page) => {
        setEntries((list) => [...list, ...page.entries]);
        setNext(page.nextBefore);
        setLoaded(true);
      })
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The audit log could not be loaded.'));
  useEffect(() => {
    void more();
  }, []);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {!loaded && !error && <p role="status">Loading the audit log…</p>}
      {loaded && (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <caption>Every operator action, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Object</th>
                <th scope="col">Reason</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{dateTime(e.at)}</td>
                  <td>
                    {e.operatorEmail} ({e.role})
                  </td>
                  <td>
                    {e.action}
                    {e.details ? `: ${e.details}` : ''}
                  </td>
                  <td>{e.objectType ? `${e.objectType} ${e.objectId ?? ''}` : ''}</td>
                  <td className={css.quote}>{e.reason ?? ''}</td>
                  <td>{e.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== null && (
        <button type="button" className={css.secondary} onClick={() => void more(next)}>
          Show older entries
        </button>
      )}
    </section>
  );
}
