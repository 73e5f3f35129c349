import { REDUCED_MOTION_QUERY } from '../motion/usePrefersReducedMotion';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * Brings the element with `id` into view (smoothly, unless the visitor asked for less motion) and moves focus
 * to it, so keyboard and screen-reader users continue reading from there. The target needs tabIndex -1.
 */
export function jumpTo(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // preventScroll: the scroll above is already under way; focus() would jump instantly.
  target.focus({ preventScroll: true });
  return true;
}
