import { useCallback, useState, type FocusEvent } from 'react';

export interface PauseHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Moving content stops while the pointer is over it or focus is inside it (WCAG 2.2.2), so nobody has
 * to read or click a target that is sliding away.
 */
export function usePauseOnInteraction(): { interacting: boolean; handlers: PauseHandlers } {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const onMouseEnter = useCallback(() => setHovered(true), []);
  const onMouseLeave = useCallback(() => setHovered(false), []);
  const onFocus = useCallback(() => setFocused(true), []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    // Moving focus between two buttons of the same widget keeps it paused.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }, []);
  return { interacting: hovered || focused, handlers: { onMouseEnter, onMouseLeave, onFocus, onBlur } };
}
