import { useCallback, useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export interface Rotation {
  index: number;
  next: () => void;
  previous: () => void;
  /** True while the index advances by itself. */
  running: boolean;
}

/** Cycles through `length` items every `intervalMs`, except when paused or under reduced motion. */
export function useRotation(length: number, intervalMs: number, paused: boolean): Rotation {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const running = !paused && !reducedMotion && length > 1;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % length), intervalMs);
    return () => window.clearInterval(timer);
    // `index` is a dependency so a manual step restarts the full interval instead of jumping again at once.
  }, [running, length, intervalMs, index]);

  const next = useCallback(() => setIndex((current) => (current + 1) % length), [length]);
  const previous = useCallback(() => setIndex((current) => (current - 1 + length) % length), [length]);
  return { index, next, previous, running };
}
