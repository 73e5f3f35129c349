import { useChat } from '../chat/ChatProvider';
import { Avatar } from './Avatar';
import styles from './ConversationList.module.css';
import { VisuallyHidden } from '@sciexperts/ui';

export interface ConversationListProps {
  activeId: number | null;
  onSelect: (counterpartId: number) => void;
}

/** The member's conversations, most recent first, with the last message and the unread count. */
export function ConversationList({ activeId, onSelect }: ConversationListProps) {
  const conversations = useChat((s) => s.conversations);
  return (
    <nav className={styles.nav} aria-label="Conversations">
      <h2 className={styles.heading}>Conversations</h2>
      {conversations.length === 0 ? (
        <p className={styles.none}>No conversations yet.</p>
      ) : (
        <ul className={styles.list}>
          {conversations.map((c) => {
            const name = `${c.counterpart.firstName} ${c.counterpart.lastName}`.trim();
            const active = c.counterpart.id === activeId;
            return (
              <li key={c.counterpart.id}>
                <button type="button" className={styles.item} aria-current={active ? 'true' : undefined} onClick={() => onSelect(c.counterpart.id)}>
                  <Avatar name={name} url={c.counterpart.profImgUrl} size="small" />
                  <span className={styles.text}>
                    <span className={styles.name}>{name}</span>
                    <span className={styles.last}>{c.lastMessage.text}</span>
                  </span>
                  {c.unreadCount > 0 && (
                    <span className={styles.unread}>
                      {c.unreadCount}
                      <VisuallyHidden> unread</VisuallyHidden>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
