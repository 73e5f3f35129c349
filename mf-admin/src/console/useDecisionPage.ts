import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError } from './api';

/**
 * A console page that shows one record and takes a decision on it (a dispute, a verification request): the record
 * loaded by `fetch` (`fetch` must be stable, e.g. from useCallback on the record's id), the page's load error, and the
 * decision form's error, busy flag and done message, which takes the focus when it appears.
 */
export function useDecisionPage<T>(fetch: () => Promise<T>, loadFailed: string) {
  const [detail, setDetail] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const load = useCallback(() => {
    fetch()
      .then(setDetail)
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : loadFailed));
  }, [fetch, loadFailed]);
  useEffect(load, [load]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  /**
   * Sends the decision; `send` answers the done message. The record is loaded again after it, and also when the
   * server refuses it as stale (409: someone else decided first), so the page shows what is now true beside the
   * server's message.
   */
  async function decide(send: () => Promise<string>): Promise<void> {
    setBusy(true);
    try {
      setDone(await send());
      load();
    } catch (err) {
      setFormError(err instanceof AdminApiError ? err.message : 'The decision could not be saved. Try again.');
      if (err instanceof AdminApiError && err.status === 409) load();
    } finally {
      setBusy(false);
    }
  }

  return { detail, error, formError, setFormError, done, doneRef, busy, decide };
}
