import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@sciexperts/shared';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * One server action at a time: `busy` for the button's label, and a second call while the first is in flight
 * (a double click on Hire) is dropped before it reaches the server (null), not merely disabled after a render.
 */
export function useAction() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<ActionResult<T> | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    try {
      return { ok: true, value: await task() };
    } catch (error) {
      return { ok: false, error: error instanceof ApiError ? error : new ApiError(String(error), 0, null) };
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
