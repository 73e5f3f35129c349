import { useId, useRef } from 'react';
import { Modal } from './Modal';

export interface ConfirmDialogClassNames {
  /** The full-viewport layer with the backdrop. */
  layer?: string;
  box?: string;
  message?: string;
  actions?: string;
  confirm?: string;
  cancel?: string;
}

export interface ConfirmDialogProps {
  /** The question, which also names the dialog. */
  message: string;
  confirmLabel: string;
  /** The confirm button's text while `busy` (e.g. "Deleting..."). */
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the control that opened the dialog is gone (its entry was deleted). */
  onFocusLost?: () => void;
  classNames?: ConfirmDialogClassNames;
}

/**
 * A modal confirmation (role alertdialog) in place of confirm(): focus starts on Cancel, the safe answer;
 * Escape cancels; while busy both buttons stay focusable (aria-disabled, not disabled, so focus is not dropped
 * to the page) and do nothing; on close focus returns to the control that opened it.
 */
export function ConfirmDialog({
  message,
  confirmLabel,
  busyLabel = confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
  onFocusLost,
  classNames = {},
}: ConfirmDialogProps) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      aria-labelledby={`${id}-message`}
      className={classNames.layer}
      busy={busy}
      onDismiss={onCancel}
      initialFocus={cancelRef}
      onFocusLost={onFocusLost}
    >
      <div className={classNames.box}>
        <p id={`${id}-message`} className={classNames.message}>
          {message}
        </p>
        <div className={classNames.actions}>
          <button type="button" className={classNames.confirm} aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
            {busy ? busyLabel : confirmLabel}
          </button>
          <button ref={cancelRef} type="button" className={classNames.cancel} aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
