import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

/**
 * How many of `count` steps are shown: one more every `stepMs`. Everything shows at once under reduced
 * motion; while paused the count holds.
 */
export function useStepReveal(count: number, stepMs: number, paused: boolean): number {
  const reducedMotion = usePrefersReducedMotion();
  const [revealed, setRevealed] = useState(1);
  const done = revealed >= count;

  useEffect(() => {
    if (reducedMotion || paused || done) return undefined;
    const timer = window.setTimeout(() => setRevealed((current) => Math.min(count, current + 1)), stepMs);
    return () => window.clearTimeout(timer);
  }, [reducedMotion, paused, done, count, stepMs, revealed]);

  return reducedMotion ? count : Math.min(revealed, count);
}
