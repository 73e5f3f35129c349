import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styles from './Records.module.css';

interface Props {
  /** The question, which also names the dialog. */
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the control that opened the dialog is gone (its entry was deleted). */
  onFocusLost: () => void;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirmation (role alertdialog) replacing the spec's confirm(): focus starts on Cancel, the
 * safe answer; Tab stays inside; Escape cancels; on close focus returns to the control that opened it.
 */
export function ConfirmDialog({ message, confirmLabel, busy, onConfirm, onCancel, onFocusLost }: Props) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onFocusLostRef = useRef(onFocusLost);
  onFocusLostRef.current = onFocusLost;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    // Focus that escapes (a click outside, assistive technology moving it) is brought back.
    const keepFocusInside = (event: FocusEvent) => {
      if (dialogRef.current && event.target instanceof Node && !dialogRef.current.contains(event.target)) cancelRef.current?.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    // aria-modal alone is not honoured everywhere: make the page behind inert, so neither a pointer nor a
    // screen reader's browse mode can reach it while the question is open.
    const backdrop = dialogRef.current?.parentElement;
    const madeInert = Array.from(document.body.children).filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element !== backdrop && !element.hasAttribute('inert'),
    );
    for (const element of madeInert) element.setAttribute('inert', '');
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      document.removeEventListener('focusin', keepFocusInside);
      if (opener?.isConnected) opener.focus();
      else onFocusLostRef.current();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // In a portal, so no card's overflow or stacking can clip the overlay.
  return createPortal(
    // A press on the backdrop would drop focus to the page behind; keep it on the dialog instead.
    <div className={styles.backdrop} onMouseDown={(event) => event.target === event.currentTarget && event.preventDefault()}>
      <div ref={dialogRef} role="alertdialog" aria-modal="true" aria-labelledby={`${id}-message`} className={styles.dialog} onKeyDown={onKeyDown}>
        <p id={`${id}-message`} className={styles.dialogMessage}>
          {message}
        </p>
        <div className={styles.actions}>
          {/* aria-disabled rather than disabled while deleting, so focus is not dropped to the page. */}
          <button type="button" className={styles.danger} aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
            {busy ? 'Deleting...' : confirmLabel}
          </button>
          <button ref={cancelRef} type="button" className={styles.secondary} aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
            Cancel
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
