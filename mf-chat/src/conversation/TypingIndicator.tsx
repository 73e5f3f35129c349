import { useEffect, useState } from 'react';
import { useChat } from '../chat/ChatProvider';
import styles from './DirectMessage.module.css';

/** '{name} is typing…' while typing events keep coming from the counterpart. */
export function TypingIndicator() {
  const until = useChat((s) => s.typingUntil);
  const name = useChat((s) => s.counterpart?.firstName ?? null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 10);
    return () => clearTimeout(timer);
  }, [until]);
  const typing = until > now;
  return (
    <p className={styles.typing} aria-live="polite">
      {typing && name ? `${name} is typing…` : ''}
    </p>
  );
}
