import { useCallback, useEffect, useRef, useState } from 'react';

export type NoticeTone = 'success' | 'error';
export interface NoticeState {
  text: string;
  tone: NoticeTone;
}

/**
 * A page region's last outcome ('Your proposal was sent.', a server's 409 sentence), and a way to move focus to
 * it when the control that acted has gone (a Hire button on a project no longer open).
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
