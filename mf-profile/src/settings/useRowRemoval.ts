import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { StatusTone } from '../ui/StatusMessage';

/**
 * Removing rows of a settings list (a session signed out, a member unblocked): one removal at a time, `busy` naming
 * it; the rows `gone` leave the list and the call's message is the status. The pressed button leaves with its row, so
 * the focus moves to the section's heading (`heading`, focusable with tabIndex -1) and the reader keeps their place.
 */
export function useRowRemoval<T>(setRows: Dispatch<SetStateAction<T[] | null>>) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<string | number | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);

  async function remove(key: string | number, call: () => Promise<string>, gone: (row: T) => boolean) {
    if (busy !== null) return;
    setBusy(key);
    setStatus(null);
    try {
      const message = await call();
      setRows((rows) => rows?.filter((row) => !gone(row)) ?? null);
      setStatus({ text: message, tone: 'success' });
      heading.current?.focus();
    } catch (error) {
      setStatus({ text: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return { heading, busy, status, remove };
}
