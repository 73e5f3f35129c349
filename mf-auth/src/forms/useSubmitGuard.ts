import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submission at a time. The ref, not the state, is the guard: two clicks in the same frame both see
 * the old `busy` state, but only the first sees the ref unset.
 */
export function useSubmitGuard() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, run };
}
