import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { accountSettingsApi, type SessionInfo } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import utilities from '../ui/utilities.module.css';
import styles from './Settings.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the member is signed in: each session's browser and system, when it signed in and was last used. Any other
 * session can be signed out (its open connections close at once), or all of them.
 */
export function SessionsSection() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    accountSettingsApi.sessions().then(
      (list) => setSessions(list.results),
      (error: Error) => setLoadError(error.message),
    );
  }, []);
  useEffect(load, [load]);

  async function act(key: string, call: () => Promise<{ message: string }>, remove: (s: SessionInfo) => boolean) {
    if (busy) return;
    setBusy(key);
    setStatus(null);
    try {
      const { message } = await call();
      setSessions((list) => list?.filter((s) => !remove(s)) ?? null);
      setStatus({ text: message, tone: 'success' });
      // The button that was pressed is gone with its row: the section keeps the reader's place.
      heading.current?.focus();
    } catch (error) {
      setStatus({ text: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        Where you are signed in
      </h2>
      {sessions === null ? (
        loadError ? (
          <p role="alert" className={styles.error}>
            {loadError}{' '}
            <button type="button" className={styles.textButton} onClick={load}>
              Try again
            </button>
          </p>
        ) : (
          <p className={styles.muted}>Loading your sessions…</p>
        )
      ) : (
        <>
          <ul className={styles.sessions}>
            {sessions.map((s) => (
              <li key={s.id} className={styles.session}>
                <span>
                  <span className={styles.device}>{s.device}</span>
                  {s.current ? <span className={styles.badge}>This device</span> : null}
                  <br />
                  <span className={styles.muted}>
                    Signed in {when.format(new Date(s.createdAt))}
                    {s.lastUsedAt ? ` · last active ${when.format(new Date(s.lastUsedAt))}` : ''}
                  </span>
                </span>
                {s.current ? null : (
                  <button
                    type="button"
                    className={styles.textButton}
                    aria-disabled={busy !== null || undefined}
                    onClick={() => void act(s.id, () => accountSettingsApi.revokeSession(s.id), (x) => x.id === s.id)}
                  >
                    {busy === s.id ? 'Signing out…' : 'Sign out'}
                    <span className={utilities.srOnly}> {s.device}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <button type="button" className={styles.secondary} aria-disabled={busy !== null || undefined} onClick={() => void act('others', () => accountSettingsApi.revokeOtherSessions(), (x) => !x.current)}>
              {busy === 'others' ? 'Signing out…' : 'Sign out everywhere else'}
            </button>
          ) : (
            <p className={styles.muted}>You are signed in on this device only.</p>
          )}
        </>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </section>
  );
}
