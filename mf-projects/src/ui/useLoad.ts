import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@sciexperts/shared';

export type Load<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: ApiError };

/**
 * Runs `load` when `key` changes (and on `reload()`), keeping the last data while a reload runs. A late answer
 * to an older key is dropped, so a fast typist never sees an earlier query's results win.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> & { reload: () => void; setData: (data: T) => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading', data: null, error: null });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    setState((s) => ({ status: 'loading', data: s.data, error: null }));
    loadRef.current().then(
      (data) => current && setState({ status: 'ready', data, error: null }),
      (error: unknown) => current && setState((s) => ({ status: 'error', data: s.data, error: error instanceof ApiError ? error : new ApiError(String(error), 0, null) })),
    );
    return () => {
      current = false;
    };
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  return { ...state, reload, setData };
}
