import { useCallback, useEffect, useRef, useState } from 'react';
import css from './console.module.css';

export interface Notice {
  /** A new id for each notice, so the same words said twice are announced twice. */
  id: number;
  text: string;
  tone: 'done' | 'error';
}

/** What a list page says about its last action: `done` and `failed` replace it, `clear` removes it. */
export function useActionNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const next = useRef(0);
  const done = useCallback((text: string) => setNotice({ id: (next.current += 1), text, tone: 'done' }), []);
  const failed = useCallback((text: string) => setNotice({ id: (next.current += 1), text, tone: 'error' }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, done, failed, clear };
}

/**
 * The confirmation or error of an action on a list, kept above the list rather than in the item: the action usually
 * removes or moves its own item (a report closed, a refund sent, a request answered) when the list is loaded again,
 * and whatever order that answer and this render take, the words stay and are announced (the status region is always
 * in the page; each notice is a new node in it). A confirmation takes the focus, since the control that was pressed
 * is gone or elsewhere; an error takes it only when the focus was lost, so the operator can correct and press again.
 */
export function ActionNotice({ notice }: { notice: Notice | null }) {
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!notice) return;
    const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
    if (notice.tone === 'done') status.current?.focus();
    else if (lost) alert.current?.focus();
  }, [notice]);
  return (
    <>
      {notice?.tone === 'error' && (
        <p role="alert" className={css.error} ref={alert} tabIndex={-1}>
          {notice.text}
        </p>
      )}
      <p role="status" ref={status} tabIndex={-1}>
        {notice?.tone === 'done' ? <span key={notice.id}>{notice.text}</span> : null}
      </p>
    </>
  );
}
