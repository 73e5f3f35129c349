import { useEffect, useRef, useState } from 'react';

/**
 * While `active`, runs `poll` every `intervalMs`, at most `maxAttempts` times (a failed poll counts too), and
 * answers how many ran: for waiting on a provider's confirmation after the member comes back from its page, where
 * the return itself proves nothing. A change of `active` to false stops it; `poll` is told whether its answer is
 * still wanted (not after unmounting or a change of what is polled).
 */
export function usePoll(active: boolean, poll: (isCurrent: () => boolean) => Promise<unknown>, intervalMs: number, maxAttempts: number): number {
  const [attempts, setAttempts] = useState(0);
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (!active || attempts >= maxAttempts) return;
    let current = true;
    const timer = setTimeout(() => {
      pollRef.current(() => current).then(
        () => current && setAttempts((n) => n + 1),
        () => current && setAttempts((n) => n + 1),
      );
    }, intervalMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [active, attempts, intervalMs, maxAttempts]);
  return attempts;
}
