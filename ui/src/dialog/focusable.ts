const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The elements Tab reaches inside a container, in order: enabled, not hidden, not taken out with tabindex="-1". */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && element.closest('[hidden]') === null,
  );
}
