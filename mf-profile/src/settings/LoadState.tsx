import type { ReactNode } from 'react';
import styles from './Settings.module.css';

/** What a settings section shows until its data arrives: `children` (the loading line), or why it failed with 'Try again'. */
export function LoadState({ error, onRetry, children }: { error: string | null; onRetry: () => void; children: ReactNode }) {
  return error ? (
    <p role="alert" className={styles.error}>
      {error}{' '}
      <button type="button" className={styles.textButton} onClick={onRetry}>
        Try again
      </button>
    </p>
  ) : (
    <p className={styles.muted}>{children}</p>
  );
}
