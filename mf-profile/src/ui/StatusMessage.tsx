import { LiveMessage } from '@sciexperts/ui';
import styles from './StatusMessage.module.css';

export type StatusTone = 'info' | 'success' | 'error';

/** The profile's polite status line (replaces the spec's alert() calls): the shared `LiveMessage` with a tone. */
export function StatusMessage({ message, tone = 'info', id }: { message: string | null; tone?: StatusTone; id?: string }) {
  return <LiveMessage id={id} aria-live="polite" className={`${styles.status} ${message ? styles[tone] : ''}`} message={message} />;
}
