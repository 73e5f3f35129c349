import { useEffect } from 'react';
import { authStore, clearStatusNotice, useAuth, useStatusNotice } from '@sciexperts/shared';
import styles from './SessionNotice.module.css';

/** How long a confirmation handed over by a slice stays on screen (long enough to read a short sentence twice). */
export const STATUS_NOTICE_MS = 6_000;

/**
 * The shell's status region for account messages: why the member was signed out when the server ended the session
 * (until dismissed), and the confirmations slices hand over through the status-notice store (for a few seconds; the
 * sign-up's "Account created successfully!" outlives its modal here). One polite live region, always in the page,
 * so that a screen reader announces what is put in it.
 */
export function SessionNotice() {
  const reason = useAuth((state) => state.signedOutReason);
  const notice = useStatusNotice();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => clearStatusNotice(notice.id), STATUS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div role="status" aria-live="polite" className={reason ? styles.notice : notice ? styles.confirmation : styles.hidden}>
      {reason && (
        <>
          <span>{reason}</span>
          <button type="button" className={styles.dismiss} onClick={() => authStore.setState({ signedOutReason: null })}>
            Dismiss
          </button>
        </>
      )}
      {notice && !reason && <span>{notice.text}</span>}
    </div>
  );
}
