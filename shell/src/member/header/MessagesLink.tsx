import { Link } from '@sciexperts/shared/router';
import { useUnreadMessageCount } from '@sciexperts/shared/member';
import { Icon } from '../../ui/Icon';
import styles from './MemberHeader.module.css';

interface Props {
  /** The drawer's look: the word beside the icon instead of a round icon button. */
  className?: string;
  /** Shows "Messages" beside the icon (the drawer); the header's round button shows the icon only. */
  showLabel?: boolean;
  onClick?: () => void;
}

/** Link to the chat; its accessible name carries the unread count, the badge only shows it. */
export function MessagesLink({ className, showLabel = false, onClick }: Props) {
  const unread = useUnreadMessageCount() ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Link to="/chat" className={`${className ?? styles.iconButton} ${styles.badgeHost}`} aria-label={label} onClick={onClick}>
      <Icon name="chat" />
      {showLabel ? <span aria-hidden="true">Messages</span> : null}
      {unread > 0 && (
        <span className={showLabel ? styles.inlineBadge : styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
