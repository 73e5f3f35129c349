// A server-rendered page is on screen before React has attached its handlers to it. A click on a button or a
// form sent in that gap would do nothing (or leave the page); instead they are held and replayed, in order, once
// the page is hydrated. Links are left alone: following one loads the next page, which arrives as HTML too.
// What a person types or chooses meanwhile stays in the fields, and each form's fields hand it to their state as
// they are hydrated (useEarlyInput, '@sciexperts/ui').
const HELD_CONTROLS = 'button, [role="button"], [role="tab"], summary';

let release: (() => void) | null = null;

/**
 * Stops holding and replays what was held (once the page is hydrated); a no-op when nothing was held.
 *
 * The replays run in a task of their own, after the code that called this: the shell calls it from an effect of the
 * hydrating commit, where React cannot render. A public page's content is a Suspense boundary that React
 * hydrates after that commit; a click on it makes React hydrate it first, synchronously (its fields adopting
 * what was typed, useEarlyInput), and then hand the click over, but only from outside React's own work. Replayed
 * from the effect, a search sent before hydration found the form still dehydrated and went to the server as a
 * plain GET with the words only (the filters have no name), reloading the page. A microtask was not far enough
 * out either: it still found the part untaken in about one run in eight of the Suspense test (React's scheduler
 * was still in the task that committed); a task of its own, none in 30.
 *
 * A held submission is replayed as the click that sends it (see `sendAgain`): React 19 hydrates a part for a click
 * but not for a submit event ('submit' is not among the events it hydrates for), so on a busy machine, where the
 * part was still being hydrated when the replay ran, a replayed submit reached no handler and was lost.
 */
export function releaseEarlyInteractions(): void {
  const replay = release;
  release = null;
  replay?.();
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
    held.push(() => sendAgain(form, submitter));
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    const replays = held.splice(0);
    if (replays.length > 0) setTimeout(() => replays.forEach((replay) => replay()), 0);
  };
}

/**
 * Sends a held form again, as the person did: a click on the button that sent it, or, for a form sent from a field
 * with Enter, on the form's default button (its first submit button, the one a browser's implicit submission
 * clicks). The click's default action then submits the form, by which time React has hydrated it. Only a form with
 * no submit button at all is sent with requestSubmit.
 */
function sendAgain(form: HTMLFormElement, submitter: HTMLElement | null): void {
  if (!form.isConnected) return;
  const button = submitter?.isConnected ? submitter : defaultButton(form);
  if (button) button.click();
  else form.requestSubmit();
}

function defaultButton(form: HTMLFormElement): HTMLElement | null {
  for (const element of Array.from(form.elements)) {
    if ((element instanceof HTMLButtonElement && element.type === 'submit') || (element instanceof HTMLInputElement && (element.type === 'submit' || element.type === 'image'))) {
      return element;
    }
  }
  return null;
}
