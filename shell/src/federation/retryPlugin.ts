import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryError>[0];
type RemoteEntryExports = NonNullable<LoadEntryErrorArgs['remoteEntryExports']>;

export interface RetryOptions {
  /** Tries after the first one. */
  retries?: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  delayMs?: number;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Answers worth asking again: the server or a proxy on the way is briefly unwell. A 404 is not transient.
const TRANSIENT_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * A federation runtime plugin that retries the three fetches a remote needs - its manifest, its
 * remoteEntry.js and the chunks of an exposed module - a few times with a growing pause, so a dropped
 * connection or a deploy's brief 503 never reaches the page. Only when every try fails does the error reach
 * <RemoteModule>'s error region, whose Retry is for a remote that is really down.
 *
 * Each hook retries its own step instead of calling loadRemote again from `errorLoadRemote`: a nested
 * loadRemote would re-enter the hook, and concurrent loads of one remote could not tell the two apart.
 */
export function retryPlugin({ retries = 2, delayMs = 250, sleep = wait }: RetryOptions = {}): ModuleFederationRuntimePlugin {
  async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tried = 0; ; tried += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (tried >= retries) throw error;
        await sleep(delayMs * 2 ** tried);
      }
    }
  }

  return {
    name: 'sciexperts-retry-transient-failures',

    // The runtime fetches each remote's mf-manifest.json through this hook.
    async fetch(url, init) {
      return withRetries(async () => {
        const response = await fetch(url, init);
        if (TRANSIENT_STATUS.has(response.status)) throw new Error(`${url} answered ${response.status}`);
        return response;
      });
    },

    // remoteEntry.js did not load (network error or timeout; never a script that threw while running).
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs): Promise<RemoteEntryExports | undefined> => {
      for (let tried = 0; tried < retries; tried += 1) {
        await sleep(delayMs * 2 ** tried);
        // The failed load is still cached as pending under this key: asking again would wait on itself.
        delete globalLoading[uniqueKey];
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (exports) return exports;
        } catch {
          // the next try, or the runtime's own error below
        }
      }
      // Nothing recovered: the runtime throws the original error, which reaches the page's error region.
      return undefined;
      // The declared type nests a promise in a promise; the runtime awaits whatever comes back.
    }) as unknown as LoadEntryError,

    // The exposed module's chunks (JS and CSS); webpack forgets a failed chunk, so asking again refetches it.
    async getModuleFactory({ remoteEntryExports, expose }) {
      // Typed as returning the factory, webpack's container returns a promise of it: await covers both.
      return withRetries(async (): Promise<() => unknown> => await remoteEntryExports.get(expose));
    },
  };
}
