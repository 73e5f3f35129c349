import { useLayoutEffect, useRef, type RefObject } from 'react';

/** A form field whose value a person can give before React runs: typed text, a textarea, a single-choice select. */
export type EarlyInputElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What the element holds that the render did not put there, or null. A select shows its first option on its own
 * when none carries the rendered value; that is the browser's doing, not a person's choice.
 */
function valueGivenEarly(element: EarlyInputElement, rendered: string): string | null {
  if (element.value === rendered) return null;
  if (element instanceof HTMLSelectElement && !Array.from(element.options).some((option) => option.value === rendered)) return null;
  return element.value;
}

/**
 * Keeps what a person typed or chose in a server-rendered field before the page was hydrated.
 *
 * A public page is on screen, fields and all, before its scripts have run. React's hydration adopts the field
 * without writing its value (what was typed stays on screen), but the component's state holds what the server
 * rendered, so the next render wipes the text and a submission sends the state, not the text. In the hydrating
 * commit this compares the element's value with `rendered`, the value the component rendered it with, and hands
 * a difference to `adopt`, as if the person had typed or chosen it then. A field React created itself holds
 * exactly `rendered`, so on a page rendered in the browser this does nothing; it also picks up values the
 * browser restored into the form (Back, autofill).
 *
 * `adopt` runs once per mount, in a layout effect, so what it sets renders before any event reaches the page:
 * a click or submission on a part still being hydrated makes React hydrate that part at once, and a state set
 * in a layout effect renders before React hands the event over (the shell replays what it held before
 * hydration that way). So `adopt` should set state (functionally, when several fields share one state). A
 * handler that navigates must do it from an effect: the router ignores navigation from a layout effect of a
 * component below the one that navigates.
 */
export function useEarlyInput(ref: RefObject<EarlyInputElement | null>, rendered: string, adopt: (value: string) => void): void {
  const looked = useRef(false);
  useLayoutEffect(() => {
    // Once per mount: development's StrictMode runs a mount's effects twice, the second time before the
    // adoption has rendered.
    if (looked.current) return;
    looked.current = true;
    const element = ref.current;
    if (!element) return;
    const early = valueGivenEarly(element, rendered);
    if (early !== null) adopt(early);
  }, [ref, rendered, adopt]);
}
