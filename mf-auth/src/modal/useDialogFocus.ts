import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && element.closest('[hidden]') === null,
  );
}

/**
 * Modal-dialog focus rules: focus moves in on open, Tab and Shift+Tab stay inside, Escape closes,
 * and focus goes back to whatever opened the dialog when it closes.
 */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, onClose: () => void, initialFocus: string) {
  // The latest onClose without re-running the effect: re-running would steal focus back to the first field.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement;
    const container = dialog.current;
    if (!container) return;
    const first = container.querySelector<HTMLElement>(initialFocus) ?? focusableIn(container)[0];
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(container);
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const start = focusable[0]!;
      const end = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      const outside = !container.contains(active);
      if (event.shiftKey && (active === start || outside)) {
        event.preventDefault();
        end.focus();
      } else if (!event.shiftKey && (active === end || outside)) {
        event.preventDefault();
        start.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [dialog, initialFocus]);
}
