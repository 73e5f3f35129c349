import { useId } from 'react';
import { accountSettingsApi, type SessionInfo } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import utilities from '../ui/utilities.module.css';
import { LoadState } from './LoadState';
import { useLoaded } from './useLoaded';
import { useRowRemoval } from './useRowRemoval';
import styles from './Settings.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const readSessions = () => accountSettingsApi.sessions().then((list) => list.results);

/**
 * Where the member is signed in: each session's browser and system, when it signed in and was last used. Any other
 * session can be signed out (its open connections close at once), or all of them.
 */
export function SessionsSection({ id }: { id?: string }) {
  const headingId = useId();
  const { value: sessions, setValue: setSessions, loadError, reload } = useLoaded(readSessions);
  const { heading, busy, status, remove } = useRowRemoval(setSessions);
  const act = (key: string, call: () => Promise<{ message: string }>, gone: (s: SessionInfo) => boolean) => remove(key, () => call().then((r) => r.message), gone);

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        Where you are signed in
      </h2>
      {sessions === null ? (
        <LoadState error={loadError} onRetry={reload}>
          Loading your sessions…
        </LoadState>
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
