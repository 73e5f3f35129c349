import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { BUDGET_OPTIONS, type ExpertCard } from '@sciexperts/shared';
import { ADMIN_LIMITS, type ConciergeQueueItemView } from '@sciexperts/shared/member';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminApiError, adminApi } from './api';
import { dateTime, hoursAndMinutes } from './format';
import { searchWords } from './searchWords';
import css from './console.module.css';

/** The budget as the requester chose it ('USD 1,000 – 5,000'), not its code. */
const budgetWords = (value: string) => BUDGET_OPTIONS.find((o) => o.value === value)?.label ?? value;

/**
 * Concierge requests against the promise's clock (CONCIERGE_PROMISE: a shortlist within ADMIN_LIMITS.conciergePromiseHours);
 * the operator searches the directory and sends a shortlist. Each request is named by its number as well as its
 * sender, so two requests from people of the same name stay apart once one is open.
 */
export function Concierge() {
  const [requests, setRequests] = useState<ConciergeQueueItemView[] | null>(null);
  const [open, setOpen] = useState<ConciergeQueueItemView | null>(null);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ExpertCard[]>([]);
  /** The words of the last search, to say when it found no one. */
  const [searched, setSearched] = useState<string | null>(null);
  const [picked, setPicked] = useState<Map<number, ExpertCard>>(new Map());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Sending answers the request, which leaves the list when it is loaded again: the confirmation is the page's.
  const { notice, done, failed, clear } = useActionNotice();
  const load = useCallback(() => {
    adminApi
      .concierge()
      .then((r) => setRequests(r.requests))
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The requests could not be loaded.'));
  }, []);
  useEffect(load, [load]);
  // Answering moves the focus to the shortlist's heading, where the search and the picks follow.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  /** Only the latest search's answer is shown: the one started on opening may come back after the operator's own. */
  const latest = useRef(0);
  async function runSearch(words: string) {
    setError(null);
    const mine = (latest.current += 1);
    try {
      const { results } = await adminApi.searchExperts(words);
      if (mine !== latest.current) return;
      setFound(results);
      setSearched(words);
    } catch (err) {
      if (mine === latest.current) setError(err instanceof AdminApiError ? err.message : 'The search failed.');
    }
  }
  function search(event: FormEvent) {
    event.preventDefault();
    void runSearch(q);
  }
  /** Opens the answer with the directory searched for the request's own words (which the operator then changes). */
  function answer(r: ConciergeQueueItemView) {
    const words = searchWords(r.need);
    setOpen(r);
    clear();
    setPicked(new Map());
    setFound([]);
    setSearched(null);
    setQ(words);
    void runSearch(words);
  }
  async function send() {
    if (!open) return;
    setError(null);
    clear();
    try {
      await adminApi.shortlist(open.id, [...picked.keys()], note);
      done(`The shortlist of ${picked.size} expert(s) was sent to ${open.email}. They find it as a project draft with these experts invited once signed in with that address.`);
      setOpen(null);
      setPicked(new Map());
      setNote('');
      setFound([]);
      load();
    } catch (err) {
      failed(err instanceof AdminApiError ? err.message : 'The shortlist could not be sent.');
      // Answered by someone else meanwhile (409): the list as it now is.
      if (err instanceof AdminApiError && err.status === 409) load();
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
      <ActionNotice notice={notice} />
      {requests && requests.length === 0 && <p>No request is waiting.</p>}
      {requests && requests.length > 0 && (
        <ol className={css.list} aria-label="Requests waiting for an answer, the oldest first">
          {requests.map((r) => (
            <li key={r.id} className={open?.id === r.id ? `${css.section} ${css.current}` : css.section} aria-current={open?.id === r.id ? 'true' : undefined}>
              <p>
                <strong>
                  Request #{r.id} from {r.name}
                </strong>{' '}
                ({r.email}), received {dateTime(r.createdAt)}
              </p>
              <p>
                Budget {budgetWords(r.budget)}, deadline {r.deadline}. Waiting {hoursAndMinutes(r.waitingSeconds)}
                {r.nearingDeadline ? <strong className={css.error}> · nearly {ADMIN_LIMITS.conciergePromiseHours} hours: answer now</strong> : null}
              </p>
              <p className={css.quote}>{r.need}</p>
              {open?.id === r.id ? (
                <p>
                  <strong>Answering below.</strong>
                </p>
              ) : (
                <button type="button" className={css.secondary} onClick={() => answer(r)} aria-label={`Answer request #${r.id} from ${r.name}`}>
                  Answer
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {open && (
        <section className={css.section} aria-labelledby="shortlist-title">
          <h2 id="shortlist-title" ref={heading} tabIndex={-1}>
            Shortlist for {open.name} ({open.email}), request #{open.id}
          </h2>
          <form className={css.form} onSubmit={(e) => void search(e)} role="search">
            <div className={css.field}>
              <label htmlFor="expert-q">Search the directory</label>
              <input id="expert-q" value={q} onChange={(e) => setQ(e.target.value)} />
            </div>
            <button type="submit" className={css.secondary}>
              Search
            </button>
          </form>
          {searched !== null && found.length === 0 && <p role="status">No listed expert matches every word of “{searched}”. Remove or change a word.</p>}
          {/* Picked experts stay picked when the operator searches again: they are listed here as well. */}
          {(found.length > 0 || picked.size > 0) && (
            <fieldset className={css.fieldset}>
              <legend>Experts to shortlist</legend>
              {[...[...picked.values()].filter((x) => !found.some((f) => f.id === x.id)), ...found].map((x) => (
                <label key={x.id} className={css.radio}>
                  <input
                    type="checkbox"
                    checked={picked.has(x.id)}
                    onChange={(e) => {
                      const next = new Map(picked);
                      if (e.target.checked) next.set(x.id, x);
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
