import { useCallback, useEffect, useState } from 'react';

/**
 * What a settings section reads when it opens: the value (null until it arrives), why it could not be read, and
 * `reload` for 'Try again' and after a change. `read` must keep its identity (a module-level function).
 */
export function useLoaded<T>(read: () => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setLoadError(null);
    read().then(setValue, (error: Error) => setLoadError(error.message));
  }, [read]);
  useEffect(reload, [reload]);
  return { value, setValue, loadError, reload };
}
