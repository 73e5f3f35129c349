import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '@sciexperts/shared/member';

/**
 * One idempotency key per user intent ('fund milestone 7'): made on the first try, sent again on every retry of
 * the same intent (so a retry after a lost answer never pays or releases twice), dropped once it succeeded.
 */
export function useIntentKey() {
  const current = useRef<{ intent: string; key: string } | null>(null);
  const keyFor = useCallback((intent: string) => {
    if (current.current?.intent !== intent) current.current = { intent, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}
