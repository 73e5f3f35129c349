import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from '@sciexperts/shared/router';

/**
 * Moves the focus to a page's heading once its content is there, when the member came from another page of the app
 * (a client-side navigation leaves the focus on a link that is gone, and a screen reader says nothing about the new
 * page). Not on the first page of a visit: the browser starts at the top of the document then, as it should.
 */
export function useFocusOnArrival(heading: RefObject<HTMLElement | null>, ready: boolean): void {
  const { key } = useLocation();
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || key === 'default' || focusedFor.current === key) return;
    focusedFor.current = key;
    heading.current?.focus();
  }, [heading, ready, key]);
}
