import type { ReactNode } from 'react';
import { CHAT_MESSAGES } from '@sciexperts/shared';
import { useChat } from '../chat/ChatProvider';
import { Avatar } from './Avatar';
import styles from './DirectMessage.module.css';

/** Who the open conversation is with: name and avatar, or a clear message when the member does not exist. */
export function CounterpartHeader({ action }: { action?: ReactNode }) {
  const counterpartId = useChat((s) => s.counterpartId);
  const counterpart = useChat((s) => s.counterpart);
  const error = useChat((s) => s.counterpartError);
  if (counterpartId === null) {
    return <p className={styles.hint}>Choose a conversation, or open a member&apos;s profile to write to them.</p>;
  }
  if (error) {
    return (
      <p role="alert" className={styles.error}>
        {error === CHAT_MESSAGES.userNotFound ? `${CHAT_MESSAGES.userNotFound}: there is no member with id ${counterpartId}.` : error}
      </p>
    );
  }
  if (!counterpart) return <p className={styles.hint}>Loading…</p>;
  const name = `${counterpart.firstName} ${counterpart.lastName}`.trim();
  return (
    <div className={styles.counterpart}>
      <Avatar name={name} url={counterpart.profImgUrl} />
      <h2 className={styles.counterpartName}>{name}</h2>
      {action}
    </div>
  );
}
