// A path of its own, not the shared singleton: this runs before the shared modules are negotiated (index.ts), and
// the islands contract is a few constants with no state, so a copy in the shell's first chunk is the same contract.
// eslint-disable-next-line no-restricted-imports -- see above
import { ISLAND, PENDING_ISLAND_SELECTOR } from '@sciexperts/shared/contracts/islands';

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
 *
 * Islands (`ISLAND`, decision 0020): a part of the page React hydrates only once its code has loaded, after the
 * page. What is done on one before then is held past this release, until that island says it is hydrated.
 */
export function releaseEarlyInteractions(): void {
  const replay = release;
  release = null;
  replay?.();
}

/** The island not yet hydrated that `element` is in, if any. */
function pendingIslandOf(element: Element): Element | null {
  return element.closest(PENDING_ISLAND_SELECTOR);
}

/** Starts holding clicks and submissions inside `root` until `releaseEarlyInteractions`, and inside each island until it is hydrated. */
export function holdEarlyInteractions(root: HTMLElement): void {
  /** What was held on the page outside islands, replayed at the release. */
  const heldOnPage: Array<() => void> = [];
  const heldByIsland = new Map<Element, Array<() => void>>();
  let pageHydrated = false;
  /** Where an interaction on `target` waits, or null when it may go through. */
  const queueFor = (target: Element): Array<() => void> | null => {
    if (!root.contains(target)) return null;
    const island = pendingIslandOf(target);
    if (island) {
      const queue = heldByIsland.get(island) ?? [];
      heldByIsland.set(island, queue);
      return queue;
    }
    return pageHydrated ? null : heldOnPage;
  };
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    const queue = control ? queueFor(control) : null;
    if (!control || !queue) return;
    event.preventDefault();
    event.stopPropagation();
    queue.push(() => {
      if (control.isConnected) control.click();
    });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    const queue = form instanceof HTMLFormElement ? queueFor(form) : null;
    if (!(form instanceof HTMLFormElement) || !queue) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    queue.push(() => sendAgain(form, submitter));
  };
  const onIslandHydrated = (event: Event) => {
    const island = event.target instanceof Element ? event.target : null;
    const replays = island ? heldByIsland.get(island) : undefined;
    if (!island || !replays) return;
    heldByIsland.delete(island);
    setTimeout(() => replays.forEach((replay) => replay()), 0);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener(ISLAND.hydratedEvent, onIslandHydrated);
  release = () => {
    pageHydrated = true;
    // A page with no island left to wait for stops listening; islands rendered later (a navigation) are rendered
    // by the browser, hydrated as they appear, and need nothing held.
    if (!root.querySelector(PENDING_ISLAND_SELECTOR) && heldByIsland.size === 0) {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener(ISLAND.hydratedEvent, onIslandHydrated);
    }
    const replays = heldOnPage.splice(0);
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
