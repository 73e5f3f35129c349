import { CHAT_MESSAGE_MAX_LENGTH } from '@sciexperts/shared';
import { useId, useState, type FormEvent } from 'react';
import { useChat, useChatController } from '../chat/ChatProvider';
import styles from './DirectMessage.module.css';
import { visuallyHidden } from '@sciexperts/ui';

/** The input and Send button; Enter sends (it submits the form); blank messages are not sent. */
export function Composer() {
  const controller = useChatController();
  const counterpartId = useChat((s) => s.counterpartId);
  const unknown = useChat((s) => s.counterpartError !== null);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const disabled = counterpartId === null || unknown;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (controller.send(draft)) setDraft('');
  };

  return (
    <form className={styles.composer} onSubmit={send}>
      <label htmlFor={inputId} className={visuallyHidden}>
        Message
      </label>
      <input
        id={inputId}
        placeholder="Type a message..."
        value={draft}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        autoComplete="off"
        disabled={disabled}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim()) controller.typing();
        }}
      />
      <button type="submit" disabled={disabled}>
        Send
      </button>
    </form>
  );
}
