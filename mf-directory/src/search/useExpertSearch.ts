import { useCallback, useEffect, useState } from 'react';
import type { ExpertSearchResponse } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { parseSearch } from './searchState';

export type SearchResult =
  | { status: 'loading'; data: ExpertSearchResponse | null; error: null }
  | { status: 'ready'; data: ExpertSearchResponse; error: null }
  | { status: 'error'; data: ExpertSearchResponse | null; error: unknown };

/**
 * Runs the search for a canonical query string (the key: one request per distinct search). While a new search
 * loads, the previous results stay on screen (the page does not jump); an answer to an older search is ignored.
 */
export function useExpertSearch(queryKey: string): SearchResult & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<SearchResult>({ status: 'loading', data: null, error: null });

  useEffect(() => {
    let current = true;
    setResult((previous) => ({ status: 'loading', data: previous.data, error: null }));
    directoryApi.search(parseSearch(new URLSearchParams(queryKey))).then(
      (data) => {
        if (current) setResult({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (current) setResult((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [queryKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, retry };
}
