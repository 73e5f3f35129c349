import type { Notification } from '@sciexperts/shared/member';
import { Link } from '@sciexperts/shared/router';
import { timeAgo } from './timeAgo';
import styles from './Notifications.module.css';
import { VisuallyHidden } from '@sciexperts/ui';

interface Props {
  notification: Notification;
  /** Followed here: read it and close the list. */
  onOpen: (notification: Notification) => void;
  /** Opened in a new tab with the middle button (no click event): read it, the list stays. */
  onOpenElsewhere: (notification: Notification) => void;
}

/** One notification: its sentence links to where it happened; unread ones say so in words, not only with a dot. */
export function NotificationItem({ notification, onOpen, onOpenElsewhere }: Props) {
  const unread = notification.readAt === null;
  return (
    <li className={unread ? styles.unread : styles.item}>
      <Link
        to={notification.link}
        className={styles.itemLink}
        onClick={() => onOpen(notification)}
        onAuxClick={(event) => {
          if (event.button === 1) onOpenElsewhere(notification);
        }}
      >
        {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
        {notification.text}
      </Link>
      <time className={styles.time} dateTime={notification.createdAt}>
        {timeAgo(notification.createdAt)}
      </time>
    </li>
  );
}
