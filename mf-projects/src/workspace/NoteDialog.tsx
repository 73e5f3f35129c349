import { useId, useRef, useState } from 'react';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, type ContractFile } from '@sciexperts/shared/member';
import { dialogLook, LiveMessage, Modal } from '@sciexperts/ui';
import { CountedTextArea } from './CountedTextArea';
import dialog from '../ui/Dialog.module.css';
import { WorkspaceFileChoice } from './WorkspaceFileChoice';
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
  /** Files the member may deliver with the note (the submission): offered as checkboxes. */
  deliverable?: readonly ContractFile[];
  onConfirm: (note: string, fileIds: number[]) => void;
  onCancel: () => void;
  onFocusLost: () => void;
}

/** A milestone step that needs a note (submit work, request changes, open a dispute): the note is required. */
export function NoteDialog({ title, explanation, label, confirmLabel, busyLabel, danger = false, busy, error, deliverable = [], onConfirm, onCancel, onFocusLost }: Props) {
  const id = useId();
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Modal aria-labelledby={`${id}-title`} className={dialogLook.layer} busy={busy} onDismiss={onCancel} initialFocus={noteRef} onFocusLost={onFocusLost}>
      <form
        className={dialogLook.box}
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
          onConfirm(note, deliverable.filter((f) => chosen.has(f.id)).map((f) => f.id));
        }}
      >
        <h2 id={`${id}-title`} className={dialogLook.title}>
          {title}
        </h2>
        <p className={dialog.message}>{explanation}</p>
        <CountedTextArea
          ref={noteRef}
          label={`${label} (required)`}
          value={note}
          onChange={setNote}
          rows={5}
          required
          maxLength={PAYMENT_LIMITS.noteMax}
          error={noteError}
        />
        {deliverable.length > 0 ? (
          <WorkspaceFileChoice
            legend="Files to deliver (optional)"
            files={deliverable}
            chosen={chosen}
            onChange={setChosen}
            max={PAYMENT_LIMITS.deliveryFilesMax}
            hint={`Up to ${PAYMENT_LIMITS.deliveryFilesMax} of the files you shared in this workspace. Share more under Shared files first.`}
          />
        ) : null}
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
