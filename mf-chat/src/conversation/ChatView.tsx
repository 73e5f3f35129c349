import { useEffect, useRef, type ReactNode } from 'react';
import { useChatController } from '../chat/ChatProvider';
import { Composer } from './Composer';
import { ConnectionNotice } from './ConnectionNotice';
import { ConversationList } from './ConversationList';
import { CounterpartHeader } from './CounterpartHeader';
import { MessageList } from './MessageList';
import { TypingIndicator } from './TypingIndicator';
import styles from './DirectMessage.module.css';

export interface ChatViewProps {
  counterpartId: number | null;
  onSelect: (counterpartId: number) => void;
  /** Beside the counterpart's name (inside the product: 'Schedule a call'). */
  counterpartAction?: ReactNode;
}

export function ChatView({ counterpartId, onSelect, counterpartAction }: ChatViewProps) {
  const controller = useChatController();
  const opened = useRef(counterpartId);
  useEffect(() => {
    // The store starts with the first counterpart; later changes (list, query) open another conversation.
    if (opened.current === counterpartId) return;
    opened.current = counterpartId;
    controller.openConversation(counterpartId);
  }, [controller, counterpartId]);

  return (
    <section className={styles.chat} aria-labelledby="dm-title">
      <h1 id="dm-title" className={styles.title}>
        Direct Message
      </h1>
      <div className={styles.layout}>
        <ConversationList activeId={counterpartId} onSelect={onSelect} />
        <div className={styles.conversation}>
          <CounterpartHeader action={counterpartAction} />
          <ConnectionNotice />
          <MessageList />
          <TypingIndicator />
          <Composer />
        </div>
      </div>
    </section>
  );
}
