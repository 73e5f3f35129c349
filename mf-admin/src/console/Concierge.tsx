import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ExpertCard } from '@sciexperts/shared';
import type { ConciergeQueueItemView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import css from './console.module.css';

/** Concierge requests with their 24-hour clock; the operator searches the directory and sends a shortlist. */
export function Concierge() {
  const [requests, setRequests] = useState<ConciergeQueueItemView[] | null>(null);
  const [open, setOpen] = useState<ConciergeQueueItemView | null>(null);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ExpertCard[]>([]);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => {
    adminApi
      .concierge()
      .then((r) => setRequests(r.requests))
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The requests could not be loaded.'));
  }, []);
  useEffect(load, [load]);

  async function search(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setFound((await adminApi.searchExperts(q)).results);
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'The search failed.');
    }
  }
  async function send() {
    if (!open) return;
    setError(null);
    try {
      await adminApi.shortlist(open.id, [...picked], note);
      setDone(`The shortlist of ${picked.size} expert(s) was sent to ${open.email}.`);
      setOpen(null);
      setPicked(new Set());
      setNote('');
      setFound([]);
      load();
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'The shortlist could not be sent.');
    }
  }

  return (
    <section aria-labelledby="concierge-title">
      <h1 id="concierge-title">Concierge requests</h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <p role="status">{done ?? ''}</p>
      {requests && requests.length === 0 && <p>No request is waiting.</p>}
      {requests && requests.length > 0 && (
        <ol className={css.list}>
          {requests.map((r) => (
            <li key={r.id} className={css.section}>
              <p>
                <strong>{r.name}</strong> ({r.email}), budget {r.budget}, deadline {r.deadline} — waiting {r.hoursWaiting} h
                {r.nearingDeadline ? <strong className={css.error}> · nearly 24 hours: answer now</strong> : null}
              </p>
              <p className={css.quote}>{r.need}</p>
              <button type="button" className={css.secondary} onClick={() => setOpen(r)} aria-label={`Answer ${r.name}`}>
                Answer
              </button>
            </li>
          ))}
        </ol>
      )}
      {open && (
        <section className={css.section} aria-labelledby="shortlist-title">
          <h2 id="shortlist-title">Shortlist for {open.name}</h2>
          <form className={css.form} onSubmit={(e) => void search(e)} role="search">
            <div className={css.field}>
              <label htmlFor="expert-q">Search the directory</label>
              <input id="expert-q" value={q} onChange={(e) => setQ(e.target.value)} />
            </div>
            <button type="submit" className={css.secondary}>
              Search
            </button>
          </form>
          {found.length > 0 && (
            <fieldset className={css.fieldset}>
              <legend>Experts to shortlist</legend>
              {found.map((x) => (
                <label key={x.id} className={css.radio}>
                  <input
                    type="checkbox"
                    checked={picked.has(x.id)}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.target.checked) next.add(x.id);
                      else next.delete(x.id);
                      setPicked(next);
                    }}
                  />
                  {x.firstName} {x.lastName}, {x.headline}
                </label>
              ))}
            </fieldset>
          )}
          <div className={css.field}>
            <label htmlFor="shortlist-note">A few words to {open.name} about the choice</label>
            <textarea id="shortlist-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <button type="button" className={css.button} onClick={() => void send()}>
            Send the shortlist
          </button>
        </section>
      )}
    </section>
  );
}
