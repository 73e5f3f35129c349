import { authStore, useAuth } from '@sciexperts/shared';
import styles from './SessionNotice.module.css';

/** Tells the member why they were signed out when the server ended the session. */
export function SessionNotice() {
  const reason = useAuth((state) => state.signedOutReason);
  return (
    <div role="status" aria-live="polite" className={reason ? styles.notice : styles.hidden}>
      {reason && (
        <>
          <span>{reason}</span>
          <button type="button" className={styles.dismiss} onClick={() => authStore.setState({ signedOutReason: null })}>
            Dismiss
          </button>
        </>
      )}
    </div>
  );
}
