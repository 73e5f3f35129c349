import { useEffect, useId, useState } from 'react';
import { CALL_MESSAGES } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import styles from './Calls.module.css';

/**
 * The member's private calendar feed: a secret webcal:// address their calendar app subscribes to. The address is
 * shown once, when made; a new one stops the old; stopping the feed stops it.
 */
export function CalendarFeedSection() {
  const id = useId();
  const [active, setActive] = useState<boolean | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  useEffect(() => {
    callsApi.feed().then((f) => setActive(f.active), () => setActive(false));
  }, []);
  const run = async (work: () => Promise<{ active: boolean; url: string | null }>, done: string | null) => {
    setStatus(null);
    try {
      const f = await work();
      setActive(f.active);
      setUrl(f.url);
      if (done) setStatus({ text: done, tone: 'success' });
    } catch (err) {
      setStatus({ text: err instanceof Error ? err.message : String(err), tone: 'error' });
    }
  };
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Calendar feed
      </h2>
      <p className={styles.muted}>Subscribe to your calls from Google Calendar, Outlook or Apple Calendar with a private address. Anyone with the address can read your calls: keep it to yourself.</p>
      {url ? (
        <>
          <label htmlFor={`${id}-url`} className={styles.label}>
            Your calendar address
          </label>
          <input id={`${id}-url`} className={styles.input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.quiet} onClick={() => run(callsApi.newFeed, null)}>
          {active ? 'Make a new address' : 'Make my calendar address'}
        </button>
        {active ? (
          <button type="button" className={styles.danger} onClick={() => run(callsApi.revokeFeed, CALL_MESSAGES.feedRevoked)}>
            Stop the feed
          </button>
        ) : null}
      </div>
      <StatusMessage message={status?.text ?? null} tone={status?.tone ?? 'info'} />
    </section>
  );
}
