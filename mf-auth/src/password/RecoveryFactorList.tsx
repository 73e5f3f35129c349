import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, RECOVERY_LIMITS, RECOVERY_MESSAGES as M, openLoginModal, recoveryApi, type RecoveryFactors, type RecoveryRemovalAnswer } from '@sciexperts/shared';
import { FormMessages } from '../forms/FormMessages';
import formStyles from '../forms/Form.module.css';
import styles from './RecoveryFactorList.module.css';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateOf = (iso: string | null) => (iso ? day.format(new Date(iso)) : null);

interface Props {
  /** The reset's proof (docs/decisions/0043-account-recovery.md): removes factors of this member for 15 minutes. */
  grant: string;
  factors: RecoveryFactors;
}

/**
 * After a password reset: the account's passkeys and authenticator app, each removable. A thief who held the session
 * may have added one; the ones added in the day before the reset are flagged and listed first. Focus starts on the
 * heading, and each result is said in a status region outside the list, so it is still announced when its item is gone.
 */
export function RecoveryFactorList({ grant, factors: initial }: Props) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [factors, setFactors] = useState(initial);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A refused grant (expired, or replaced by a newer reset) stays refused: no button can do anything any more.
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const remove = async (what: string, call: () => Promise<RecoveryRemovalAnswer>) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    setError(null);
    try {
      const answer = await call();
      setFactors(answer.factors);
      setStatus(`${what}: ${answer.message}`);
    } catch (caught) {
      const message = caught instanceof Error && caught.message ? caught.message : M.removeFailed;
      setError(message);
      if (caught instanceof ApiError && caught.status === 400) setEnded(true);
    } finally {
      setBusy(false);
      // The pressed button may be gone with its item: the heading is where the list starts again.
      headingRef.current?.focus();
    }
  };

  const empty = factors.passkeys.length === 0 && factors.authenticator === null;
  const recent = (
    <p className={styles.recent}>
      <strong>{M.recentFlag}</strong> {M.recentNote}
    </p>
  );

  return (
    <section className={styles.recovery} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {M.factorsHeading}
      </h2>
      <p>{M.factorsIntro}</p>
      {empty ? (
        <p>{M.nothingLeft}</p>
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={headingId}>
            {factors.passkeys.map((p) => (
              <li key={`passkey-${p.id}`} className={p.addedRecently ? `${styles.item} ${styles.flagged}` : styles.item}>
                <div>
                  <p className={styles.name}>Passkey “{p.name}”</p>
                  <p className={styles.meta}>Added {dateOf(p.createdAt)}</p>
                  {p.addedRecently ? recent : null}
                </div>
                <button
                  type="button"
                  className={formStyles.secondary}
                  disabled={busy || ended}
                  aria-label={`Remove passkey ${p.name}`}
                  onClick={() => void remove(`Passkey “${p.name}”`, () => recoveryApi.removePasskey(grant, p.id))}
                >
                  Remove
                </button>
              </li>
            ))}
            {factors.authenticator ? (
              <li key="authenticator" className={factors.authenticator.addedRecently ? `${styles.item} ${styles.flagged}` : styles.item}>
                <div>
                  <p className={styles.name}>Authenticator app</p>
                  {factors.authenticator.enabledAt ? <p className={styles.meta}>Turned on {dateOf(factors.authenticator.enabledAt)}</p> : null}
                  {factors.authenticator.addedRecently ? recent : null}
                </div>
                <button
                  type="button"
                  className={formStyles.secondary}
                  disabled={busy || ended}
                  aria-label="Remove the authenticator app"
                  onClick={() => void remove('Authenticator app', () => recoveryApi.removeAuthenticator(grant))}
                >
                  Remove
                </button>
              </li>
            ) : null}
          </ul>
          <p className={formStyles.hint}>You can remove them from this page for {RECOVERY_LIMITS.grantMinutes} minutes, or later in your account settings.</p>
        </>
      )}
      <FormMessages status={status} error={error} />
      <button type="button" className={formStyles.submit} onClick={() => openLoginModal('login')}>
        Login
      </button>
    </section>
  );
}
