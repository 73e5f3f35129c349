import { useCallback, useEffect, useRef, useState } from 'react';
import { usePageData, type ExpertSearchResponse } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { parseSearch } from './searchState';

export type SearchResult =
  | { status: 'loading'; data: ExpertSearchResponse | null; error: null }
  | { status: 'ready'; data: ExpertSearchResponse; error: null }
  | { status: 'error'; data: ExpertSearchResponse | null; error: unknown };

const searchFor = (queryKey: string) => directoryApi.search(parseSearch(new URLSearchParams(queryKey)));

/**
 * Runs the search for a canonical query string (the key: one request per distinct search). While a new search
 * loads, the previous results stay on screen (the page does not jump); an answer to an older search is ignored.
 * A page the server rendered starts with the server's results and does not ask again.
 */
export function useExpertSearch(queryKey: string): SearchResult & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const rendered = usePageData(`directory/search?${queryKey}`, () => searchFor(queryKey));
  const [result, setResult] = useState<SearchResult>(rendered ? { status: 'ready', data: rendered, error: null } : { status: 'loading', data: null, error: null });
  const alreadyLoaded = useRef(rendered ? queryKey : null);

  useEffect(() => {
    const serverResults = alreadyLoaded.current === queryKey && attempt === 0;
    alreadyLoaded.current = null;
    if (serverResults) return;
    let current = true;
    setResult((previous) => ({ status: 'loading', data: previous.data, error: null }));
    searchFor(queryKey).then(
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
