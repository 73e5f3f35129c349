import styles from './StatusMessage.module.css';

export type StatusTone = 'info' | 'success' | 'error';

/**
 * A polite live region that is always in the DOM: screen readers only announce changes to a region
 * that already exists, so it renders empty instead of disappearing. Replaces the spec's alert() calls.
 */
export function StatusMessage({ message, tone = 'info', id }: { message: string | null; tone?: StatusTone; id?: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className={`${styles.status} ${message ? styles[tone] : ''}`}>
      {message}
    </p>
  );
}
