import { ReportButton, VisuallyHidden } from '@sciexperts/ui';
import styles from './MessageItem.module.css';

export interface MessageItemProps {
  text: string;
  timestamp: string;
  mine: boolean;
  status: 'sent' | 'pending' | 'failed';
  error?: string | null;
  onRetry?: () => void;
  /** A message received (stored, with its id) can be reported to SciExperts' operators. */
  reportId?: number;
  /** The partner site it was sent through ("University Portal"), so the other party knows (decision 0050). */
  via?: string;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** One message. The text is a React text node: markup a member types is shown, never interpreted. */
export function MessageItem({ text, timestamp, mine, status, error, onRetry, reportId, via }: MessageItemProps) {
  const date = new Date(timestamp);
  return (
    <li className={`${styles.message} ${mine ? styles.mine : styles.theirs} ${status !== 'sent' ? styles[status] : ''}`} data-status={status}>
      <VisuallyHidden>{mine ? 'You: ' : 'Them: '}</VisuallyHidden>
      <p className={styles.text}>{text}</p>
      <span className={styles.meta}>
        {Number.isNaN(date.getTime()) ? null : <time dateTime={timestamp}>{timeFormat.format(date)}</time>}
        {via && <span> · via {via}</span>}
        {status === 'pending' && <span> · Sending…</span>}
        {status === 'failed' && (
          <>
            <span className={styles.failed}> · {error ?? 'Not delivered.'}</span>{' '}
            <button type="button" className={styles.retry} onClick={onRetry}>
              Retry
            </button>
          </>
        )}
      </span>
      {reportId !== undefined && <ReportButton targetType="message" targetId={reportId} what="this message" own={mine} className={styles.report} />}
    </li>
  );
}
