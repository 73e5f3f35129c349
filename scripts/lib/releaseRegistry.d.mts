// Types of what TypeScript callers (the e2e suite) use from releaseRegistry.mjs.
export declare const COHORT_COOKIE: string;
export declare const PREVIEW_PARAM: string;
/** The visitor's bucket for a remote, 0–99: the same on every process. */
export declare function cohortBucket(remote: string, cohort: string): number;

type Registry = { remotes: Array<{ name: string; entry: string; version?: string; preview?: true }> };
type Live = { remotes: Array<{ remote: string; live: { version: string; entry: string } | null; canary: { version: string; entry: string; percent: number } | null }> };
export interface ReleaseRegistry {
  start(): Promise<void>;
  stop(): Promise<void>;
  refresh(): Promise<void>;
  flush(): Promise<void>;
  readonly live: Live;
  forRequest(req: { url?: string; headers: Record<string, string | string[] | undefined> }, options?: { count?: boolean }): Promise<{ registry: Registry; json: string; headers: Record<string, unknown> }>;
}
export declare function createReleaseRegistry(options: {
  baseRegistry: Registry;
  apiUrl: string;
  siteOrigin: string;
  releasesDir?: string | null;
  pollMs?: number;
  flushMs?: number;
  fetchImpl?: typeof fetch;
  log?: (message: string) => void;
}): ReleaseRegistry;
