import { createContext, use, useContext, useEffect } from 'react';

/**
 * Data a public page renders with on the server (decision 0018), and the same data in the browser while it
 * hydrates that markup. A page asks with `usePageData(key, load)`:
 * - on the shell's server, the first ask starts `load` and suspends the page until it settles (a failure leaves
 *   that part to the browser); the results are sent in the page, by key;
 * - in the browser, while hydrating, it gets the value the server rendered with, so the first render matches;
 *   the value is given up once the part that asked is on screen (React hydrates a page's parts one by one);
 * - otherwise (a page opened by a click, or after hydration) it gets undefined and loads as it always did.
 */
export interface PageDataSource {
  /** The server's load (the page waits for it), the value to hydrate with, or undefined. */
  read<T>(key: string, load: () => Promise<T>): Promise<T> | { value: T } | undefined;
  /** The part that asked for `key` is committed: a later ask loads afresh. */
  used?(key: string): void;
}

const noPageData: PageDataSource = { read: () => undefined };

/**
 * What a page's load gives for what the API says is not there (404) or gone (410): the page renders its
 * "not available" state on the server too, and the shell's server sends that page with the status (and noindex)
 * instead of a 200 that search engines would keep. Plain JSON, so the browser hydrates with the same state.
 */
export interface PageMissing {
  pageMissing: 404 | 410;
}

export function isPageMissing(value: unknown): value is PageMissing {
  return typeof value === 'object' && value !== null && ((value as PageMissing).pageMissing === 404 || (value as PageMissing).pageMissing === 410);
}

/** For a load's `.catch`: the API's 404 or 410 as PageMissing; any other failure still fails (left to the browser). */
export function missingOnNotFound(error: unknown): PageMissing {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404 || status === 410) return { pageMissing: status };
  throw error;
}

export const PageDataContext = createContext<PageDataSource>(noPageData);

export function usePageData<T>(key: string, load: () => Promise<T>): T | undefined {
  const source = useContext(PageDataContext);
  useEffect(() => source.used?.(key), [source, key]);
  const found = source.read(key, load);
  return found instanceof Promise ? use(found) : found?.value;
}

/**
 * The server's source for one request: each key is loaded once, and what loaded is kept for the page. `status()`:
 * the page's HTTP status when a load found its resource missing (PageMissing), else undefined (the route decides).
 */
export function createServerPageData(): PageDataSource & { loaded(): Record<string, unknown>; status(): number | undefined } {
  const pending = new Map<string, Promise<unknown>>();
  const results = new Map<string, unknown>();
  let missing: number | undefined;
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      let promise = pending.get(key) as Promise<T> | undefined;
      if (!promise) {
        promise = load().then((value) => {
          results.set(key, value);
          if (isPageMissing(value)) missing ??= value.pageMissing;
          return value;
        });
        pending.set(key, promise);
      }
      return promise;
    },
    loaded: () => Object.fromEntries(results),
    status: () => missing,
  };
}

/** The browser's source while hydrating: each of the server's results until the part that asked is committed. */
export function createHydrationPageData(values: Record<string, unknown>): PageDataSource {
  const remaining = new Map(Object.entries(values));
  return {
    read: <T>(key: string) => (remaining.has(key) ? { value: remaining.get(key) as T } : undefined),
    used: (key) => {
      remaining.delete(key);
    },
  };
}
