import { useRef } from 'react';
import type { Notification } from '@sciexperts/shared/member';
import type { NotificationsState } from './notificationsStore';
import { NotificationItem } from './NotificationItem';
import styles from './Notifications.module.css';

interface Props {
  id: string;
  headingId: string;
  state: NotificationsState;
  onOpen: (notification: Notification) => void;
  onOpenElsewhere: (notification: Notification) => void;
  onMarkAllRead: () => void;
  onMore: () => void;
  onRetry: () => void;
}

/** The bell's list, newest first: loading, empty and failed states, 'Mark all as read' and older pages. */
export function NotificationsPanel({ id, headingId, state, onOpen, onOpenElsewhere, onMarkAllRead, onMore, onRetry }: Props) {
  const { items, status, error, unreadCount, nextBefore } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div id={id} className={styles.panel} role="region" aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.panelTitle}>
          Notifications
        </h2>
        <button
          type="button"
          className={styles.textButton}
          disabled={!unreadCount}
          onClick={() => {
            onMarkAllRead();
            // The button is disabled now, which would drop the focus to the page: keep it in the panel.
            heading.current?.focus();
          }}
        >
          Mark all as read
        </button>
      </div>
      {items === null && status === 'loading' ? <p className={styles.muted}>Loading…</p> : null}
      {status === 'error' ? (
        <p className={styles.error} role="alert">
          {error}{' '}
          <button type="button" className={styles.textButton} onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
      {items !== null && items.length === 0 ? <p className={styles.muted}>You have no notifications yet.</p> : null}
      {items !== null && items.length > 0 ? (
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={onOpen} onOpenElsewhere={onOpenElsewhere} />
          ))}
        </ul>
      ) : null}
      {nextBefore !== null ? (
        <button type="button" className={styles.more} onClick={onMore} disabled={status === 'loading'}>
          {status === 'loading' ? 'Loading…' : 'Show older notifications'}
        </button>
      ) : null}
    </div>
  );
}
