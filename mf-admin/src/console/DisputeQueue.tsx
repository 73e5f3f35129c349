import { useEffect, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import type { DisputeQueueItemView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { formatCents, waited } from './format';
import css from './console.module.css';

/** Disputed milestones, the longest-waiting first. */
export function DisputeQueue() {
  const [items, setItems] = useState<DisputeQueueItemView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    adminApi
      .disputes()
      .then((q) => setItems(q.items))
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The disputes could not be loaded.'));
  }, []);
  return (
    <section aria-labelledby="disputes-title">
      <h1 id="disputes-title">Disputes</h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {!items && !error && <p role="status">Loading the disputes…</p>}
      {items && items.length === 0 && <p>No open disputes.</p>}
      {items && items.length > 0 && (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <caption>Open disputes, the longest-waiting first</caption>
            <thead>
              <tr>
                <th scope="col">Milestone</th>
                <th scope="col">Amount</th>
                <th scope="col">Client</th>
                <th scope="col">Expert</th>
                <th scope="col">Waiting</th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.milestoneId}>
                  <td>
                    <Link to={`/admin/disputes/${d.milestoneId}`}>
                      {d.milestoneTitle} — {d.projectTitle}
                    </Link>
                  </td>
                  <td>{formatCents(d.amountCents)}</td>
                  <td>{d.client.name}</td>
                  <td>{d.expert.name}</td>
                  <td>{waited(d.waitingSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
