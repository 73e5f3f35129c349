import { useId, useRef, useState } from 'react';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES } from '@sciexperts/shared';
import { FieldError, fieldErrorProps, LiveMessage, Modal } from '@sciexperts/ui';
import dialog from '../ui/Dialog.module.css';
import styles from './Workspace.module.css';

interface Props {
  title: string;
  /** What happens next, said before the member writes. */
  explanation: string;
  label: string;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  busy: boolean;
  /** The server's refusal, shown in the dialog (the note typed stays). */
  error: string | null;
  onConfirm: (note: string) => void;
  onCancel: () => void;
  onFocusLost: () => void;
}

/** A milestone step that needs a note (submit work, request changes, open a dispute): the note is required. */
export function NoteDialog({ title, explanation, label, confirmLabel, busyLabel, danger = false, busy, error, onConfirm, onCancel, onFocusLost }: Props) {
  const id = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteId = `${id}-note`;
  const countId = `${id}-count`;
  return (
    <Modal aria-labelledby={`${id}-title`} className={dialog.layer} busy={busy} onDismiss={onCancel} initialFocus={noteRef} onFocusLost={onFocusLost}>
      <form
        className={dialog.box}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          if (note.trim() === '') {
            setNoteError(PAYMENT_MESSAGES.noteRequired);
            noteRef.current?.focus();
            return;
          }
          setNoteError(null);
          onConfirm(note);
        }}
      >
        <h2 id={`${id}-title`} className={dialog.title}>
          {title}
        </h2>
        <p className={dialog.message}>{explanation}</p>
        <div className={styles.field}>
          <label htmlFor={noteId} className={styles.label}>
            {label} (required)
          </label>
          <textarea
            ref={noteRef}
            {...fieldErrorProps(noteId, noteError, countId)}
            className={styles.textarea}
            rows={5}
            required
            maxLength={PAYMENT_LIMITS.noteMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <FieldError controlId={noteId} error={noteError} className={styles.fieldError} />
          <p id={countId} className={styles.hint}>
            {note.length.toLocaleString('en-US')} of {PAYMENT_LIMITS.noteMax.toLocaleString('en-US')} characters
          </p>
        </div>
        <LiveMessage role="alert" className={styles.error} message={error} />
        <div className={dialog.actions}>
          <button type="submit" className={danger ? dialog.confirmDanger : dialog.confirm} aria-disabled={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </button>
          <button type="button" className={dialog.cancel} aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
