import { useCallback, useEffect, useRef, useState } from 'react';

export type NoticeTone = 'success' | 'error';
export interface NoticeState {
  text: string;
  tone: NoticeTone;
}

/**
 * A page's last outcome ('The call is cancelled.', a server's 409 sentence), held by the page rather than by the
 * list item that acted: an action often moves or removes its own item (a cancelled call leaves 'Upcoming calls'),
 * and a message kept in that item's state would go with it. `ref` is for the box that shows it (focusable with
 * tabIndex -1); `show(…, { focus: true })` and `focus()` move the focus there when the control that acted is gone.
 */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  // After the commit that shows the text, and after a closing dialog has put focus back on its opener.
  useEffect(() => {
    if (focusRequests > 0) ref.current?.focus();
  }, [focusRequests]);
  const show = useCallback((text: string, tone: NoticeTone = 'success', options: { focus?: boolean } = {}) => {
    setNotice({ text, tone });
    if (options.focus) setFocusRequests((n) => n + 1);
  }, []);
  const clear = useCallback(() => setNotice(null), []);
  const focus = useCallback(() => setFocusRequests((n) => n + 1), []);
  return { notice, show, clear, focus, ref };
}
