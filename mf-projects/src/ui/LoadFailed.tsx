import styles from './Ui.module.css';

/** Something could not be loaded: the server's (or the client's) sentence and a retry, announced at once. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.failedText}>{message}</p>
      <button type="button" className={styles.secondary} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
