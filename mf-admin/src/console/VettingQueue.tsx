import { useEffect, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import type { VettingQueueItemView } from '@sciexperts/shared';
import { AdminApiError, adminApi } from './api';
import { waited } from './format';
import css from './console.module.css';

/** Experts waiting to be verified, the longest-waiting first; a re-review follows a change of name. */
export function VettingQueue() {
  const [items, setItems] = useState<VettingQueueItemView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    adminApi
      .vettingQueue()
      .then((q) => setItems(q.requests))
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The verification requests could not be loaded.'));
  }, []);
  return (
    <section aria-labelledby="vetting-title">
      <h1 id="vetting-title">Vetting</h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {!items && !error && <p role="status">Loading the requests…</p>}
      {items && items.length === 0 && <p>No expert is waiting to be verified.</p>}
      {items && items.length > 0 && (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <caption>Verification requests, the longest-waiting first</caption>
            <thead>
              <tr>
                <th scope="col">Expert</th>
                <th scope="col">Kind</th>
                <th scope="col">Waiting</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/admin/vetting/${r.id}`}>
                      {r.expert.name} ({r.expert.email})
                    </Link>
                  </td>
                  <td>{r.reReview ? 'Re-review after a change of name' : 'First request'}</td>
                  <td>{waited(r.waitingSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
