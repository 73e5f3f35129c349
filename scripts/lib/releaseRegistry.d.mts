// Types of what TypeScript callers (the e2e suite) use from releaseRegistry.mjs.
export declare const COHORT_COOKIE: string;
export declare const PREVIEW_PARAM: string;
/** The visitor's bucket for a remote, 0–99: the same on every process. */
export declare function cohortBucket(remote: string, cohort: string): number;
