// A server-rendered page is on screen before React has attached its handlers to it. A click on a button or a
// form sent in that gap would do nothing (or leave the page); instead they are held and replayed, in order, once
// the page is hydrated. Links are left alone: following one loads the next page, which arrives as HTML too.
// What a person types or chooses meanwhile stays in the fields, and each form's fields hand it to their state
// after hydration (useEarlyInput, '@sciexperts/ui'); OnHydrated releases the held interactions only once that
// state has rendered, so a search sent before hydration is sent again with its words.
const HELD_CONTROLS = 'button, [role="button"], [role="tab"], summary';

let release: (() => void) | null = null;

/** Replays what was held (once the page is hydrated) and stops holding; a no-op when nothing was held. */
export function releaseEarlyInteractions(): void {
  release?.();
  release = null;
}

/** Starts holding clicks and submissions inside `root` until `releaseEarlyInteractions`. */
export function holdEarlyInteractions(root: HTMLElement): void {
  const held: Array<() => void> = [];
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => {
      if (control.isConnected) control.click();
    });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    held.push(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
    });
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const replay of held.splice(0)) replay();
  };
}
