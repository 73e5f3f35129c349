import { useEffect, useState } from 'react';
import { SECTION_JUMP_EVENT } from '../sections';

export const SCROLL_DEBOUNCE_MS = 150;
/** A section counts as "in view" once its top has passed this far down the viewport. */
const ACTIVATION_OFFSET_PX = 120;

/** The id of the last section whose top is above the activation line. */
export function pickActive(ids: readonly string[]): string {
  let active = ids[0] ?? '';
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element && element.getBoundingClientRect().top <= ACTIVATION_OFFSET_PX) active = id;
  }
  // At the very bottom the last sections may never reach the line; the last one is then the one in view.
  const scroller = document.scrollingElement;
  if (scroller && scroller.scrollHeight > scroller.clientHeight && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2) {
    active = ids[ids.length - 1] ?? active;
  }
  return active;
}

const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * Scroll + getBoundingClientRect, debounced by 150 ms so a fling does not re-render on every frame.
 * Listening in the capture phase also catches scrolling inside a container, whichever element scrolls.
 */
export function useActiveSection(ids: readonly string[], enabled: boolean): string {
  const [active, setActive] = useState(ids[0] ?? '');
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After a jump from a chip or the tracker, the chosen section stays highlighted even when it cannot
    // reach the top (the last short sections); the member's own scrolling takes over again.
    let pinned = false;
    const update = () => {
      if (!pinned) setActive(pickActive(ids));
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(update, SCROLL_DEBOUNCE_MS);
    };
    const onJump = (event: Event) => {
      const id = (event as CustomEvent<string>).detail;
      if (!ids.includes(id)) return;
      pinned = true;
      setActive(id);
    };
    const unpin = () => {
      pinned = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) unpin();
    };
    update();
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onScroll);
    window.addEventListener(SECTION_JUMP_EVENT, onJump);
    window.addEventListener('wheel', unpin, { passive: true });
    window.addEventListener('touchmove', unpin, { passive: true });
    window.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onScroll);
      window.removeEventListener(SECTION_JUMP_EVENT, onJump);
      window.removeEventListener('wheel', unpin);
      window.removeEventListener('touchmove', unpin);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [ids, enabled]);
  return active;
}
