import styles from './List.module.css';

/** Something could not be loaded: the server's (or the client's) sentence and a retry, announced at once. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.errorText}>{message}</p>
      <button type="button" className={styles.secondaryButton} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
