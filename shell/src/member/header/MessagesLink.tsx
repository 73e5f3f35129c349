import { Link } from '@sciexperts/shared/router';
import { useUnreadMessageCount } from '@sciexperts/shared/member';
import { Icon } from '../../ui/Icon';
import styles from './MemberHeader.module.css';

/** Link to the chat; its accessible name carries the unread count, the badge only shows it. */
export function MessagesLink() {
  const unread = useUnreadMessageCount() ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Link to="/chat" className={`${styles.iconButton} ${styles.badgeHost}`} aria-label={label}>
      <Icon name="chat" />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
