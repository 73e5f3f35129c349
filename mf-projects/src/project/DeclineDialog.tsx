import { useId, useRef, useState } from 'react';
import { PROJECT_LIMITS } from '@sciexperts/shared/member';
import { dialogLook, LiveMessage, Modal } from '@sciexperts/ui';
import dialog from '../ui/Dialog.module.css';
import styles from './Project.module.css';

interface Props {
  expertName: string;
  busy: boolean;
  /** The server's refusal, shown in the dialog (the reason typed stays). */
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  onFocusLost: () => void;
}

/** Declining a proposal, with an optional reason the expert will read. */
export function DeclineDialog({ expertName, busy, error, onConfirm, onCancel, onFocusLost }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = `${id}-reason`;
  const countId = `${id}-count`;
  return (
    <Modal aria-labelledby={`${id}-title`} className={dialogLook.layer} busy={busy} onDismiss={onCancel} initialFocus={reasonRef} onFocusLost={onFocusLost}>
      <form
        className={dialogLook.box}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm(reason);
        }}
      >
        <h2 id={`${id}-title`} className={dialogLook.title}>
          Decline {expertName}’s proposal?
        </h2>
        <p className={dialog.message}>{expertName} will see that you declined. A short reason helps them, but it is optional.</p>
        <label htmlFor={reasonId} className={styles.label}>
          Reason (optional)
        </label>
        <textarea
          ref={reasonRef}
          id={reasonId}
          aria-describedby={countId}
          className={styles.textarea}
          rows={4}
          maxLength={PROJECT_LIMITS.reasonMax}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={countId} className={styles.hint}>
          {reason.length.toLocaleString('en-US')} of {PROJECT_LIMITS.reasonMax.toLocaleString('en-US')} characters
        </p>
        <LiveMessage role="alert" className={styles.inlineError} message={error} />
        <div className={dialog.actions}>
          <button type="submit" className={dialog.confirmDanger} aria-disabled={busy || undefined}>
            {busy ? 'Declining…' : 'Decline proposal'}
          </button>
          <button type="button" className={dialog.cancel} aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
