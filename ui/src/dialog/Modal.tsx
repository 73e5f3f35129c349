import { useEffect, useLayoutEffect, useRef, type AriaRole, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn } from './focusable';
import styles from './Modal.module.css';

export interface ModalProps {
  /** `dialog` (default) or `alertdialog` for a question that interrupts. */
  role?: Extract<AriaRole, 'dialog' | 'alertdialog'>;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  id?: string;
  /** Class of the full-viewport layer: it draws the backdrop and places the box (the caller's children). */
  className?: string;
  /** Escape, and a press on the backdrop when `dismissOnBackdrop`; ignored while `busy`. */
  onDismiss: () => void;
  /** A press on the backdrop closes (a drawer) instead of doing nothing (a form). */
  dismissOnBackdrop?: boolean;
  /** While true Escape does nothing (a deletion in flight). */
  busy?: boolean;
  /** What gets the focus on open: a ref, a selector inside the dialog, or (default) the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null> | string;
  /** Where focus goes on close when the control that opened the dialog is gone. */
  onFocusLost?: () => void;
  children: ReactNode;
}

/**
 * A modal dialog on the platform's <dialog> and showModal(): the page behind is inert (no pointer, no focus,
 * hidden from assistive technology's browse mode) and the dialog is in the top layer, above any stacking
 * context or overflow. On top of that: focus moves to `initialFocus` on open, Tab and Shift+Tab wrap inside
 * (the browser would otherwise leave to its own toolbar after the last control), Escape calls `onDismiss`,
 * and on close focus goes back to whatever opened the dialog. Mounted means open: render it conditionally.
 */
export function Modal({
  role = 'dialog',
  className,
  onDismiss,
  dismissOnBackdrop = false,
  busy = false,
  initialFocus,
  onFocusLost,
  children,
  ...aria
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest callbacks without re-running the effect: re-running would steal focus back to the first field.
  const latest = useRef({ onDismiss, busy, onFocusLost });
  useLayoutEffect(() => {
    latest.current = { onDismiss, busy, onFocusLost };
  });

  const initial = useRef(initialFocus);
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const target = initial.current;
    const first =
      typeof target === 'string' ? dialog.querySelector<HTMLElement>(target) : target ? target.current : null;
    (first ?? focusableIn(dialog)[0])?.focus();

    const dismiss = () => {
      if (!latest.current.busy) latest.current.onDismiss();
    };
    // Escape while focus is outside any control (the close request arrives as `cancel`).
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss();
    };
    // The browser may close a dialog whose cancel was refused twice in a row: the component decides, so reopen.
    const onClose = () => {
      if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  // Focus goes back in a passive cleanup, after React has removed everything this commit removes: the opener
  // may have gone with it (the entry a confirmation deleted), and then `onFocusLost` decides.
  useEffect(
    () => () => {
      const from = opener.current;
      if (from?.isConnected) from.focus();
      else latest.current.onFocusLost?.();
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here, so the browser makes no close request of its own.
      event.preventDefault();
      if (!busy) onDismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(event.currentTarget);
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const start = focusable[0]!;
    const end = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    const outside = !event.currentTarget.contains(active);
    if (event.shiftKey && (active === start || outside)) {
      event.preventDefault();
      end.focus();
    } else if (!event.shiftKey && (active === end || outside)) {
      event.preventDefault();
      start.focus();
    }
  };

  // A press on the backdrop (the layer itself, not the box) would drop focus to the page: keep it inside.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.preventDefault();
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (dismissOnBackdrop && event.target === event.currentTarget && !busy) onDismiss();
  };

  // In a portal at the end of <body>: the page is then one sibling, which is what jsdom's showModal
  // stand-in marks inert in tests (the browser needs no help: the top layer and modality do it).
  return createPortal(
    <dialog
      ref={ref}
      // Explicit although <dialog> implies it: selectors and tests that look for [role="dialog"] keep finding it.
      role={role}
      aria-modal="true"
      className={className ? `${styles.layer} ${className}` : styles.layer}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
      {...aria}
    >
      {children}
    </dialog>,
    document.body,
  );
}
