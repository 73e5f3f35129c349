import { useRef, useState } from 'react';
import { REVIEW_LIMITS, REVIEW_MESSAGES, type ApiError } from '@sciexperts/shared';
import { LiveMessage } from '@sciexperts/ui';
import { CountedTextArea } from './CountedTextArea';
import { fieldMessage } from '../ui/fieldMessage';
import styles from './Workspace.module.css';

/** The reviewed member's one public answer to a published review. */
export function ReplyForm({ firstName, busy, error, onSubmit }: { firstName: string; busy: boolean; error: ApiError | null; onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const shown = localError ?? fieldMessage(error, 'text');
  const formError = error && !fieldMessage(error, 'text') ? error.message : null;
  return (
    <form
      className={styles.reviewForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (text.trim() === '') {
          setLocalError(REVIEW_MESSAGES.replyRequired);
          input.current?.focus();
          return;
        }
        setLocalError(null);
        onSubmit(text);
      }}
    >
      <CountedTextArea
        ref={input}
        label={`Your public reply to ${firstName}`}
        after="You can reply once; the reply shows under the review"
        value={text}
        onChange={setText}
        rows={3}
        maxLength={REVIEW_LIMITS.replyMax}
        error={shown}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={busy}>
          {busy ? 'Posting…' : 'Post reply'}
        </button>
      </div>
      <LiveMessage role="alert" className={styles.error} message={formError} />
    </form>
  );
}
