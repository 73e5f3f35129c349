// The release registry (docs/decisions/0049-versioned-remote-releases.md): every build of a remote that a team
// releases is an immutable version, uploaded once under /releases/<remote>/<version>/ and recorded in the server's
// registry (modules/releases). What is live, and for which visitors (a canary cohort), is the registry's answer; the
// page servers apply it per visitor to /remotes.json and to their server render. Types are Static<> of
// ./schemas/releases (type-only import).
import type { Static } from 'typebox';
import type * as S from './schemas/releases';
// The console's prefix (ADMIN_API_PREFIX) spelled out: the browser entry exports this file without the console's contracts.
const ADMIN_API_PREFIX = '/api/admin';

export const RELEASE_PATHS = {
  /** GET: every remote's live and canary version, its releases and their figures; POST: register a release. */
  releases: `${ADMIN_API_PREFIX}/Releases`,
  /** GET: one remote's history (every change, newest first). */
  history: `${ADMIN_API_PREFIX}/Releases/:remote/History`,
  /** POST: make a registered version live for everyone (through the compatibility gate). */
  promote: `${ADMIN_API_PREFIX}/Releases/:remote/Promote`,
  /** POST: make a registered version live for a share of visitors (through the compatibility gate). */
  canary: `${ADMIN_API_PREFIX}/Releases/:remote/Canary`,
  /** POST: drop the canary, or without one return to the previous live version. */
  rollback: `${ADMIN_API_PREFIX}/Releases/:remote/Rollback`,
  /** POST: a signed preview link of a registered release (for release operators; an hour). */
  preview: `${ADMIN_API_PREFIX}/Releases/:remote/Preview`,
  /** GET ?token=: what a preview token opens (the page servers check a visitor's preview link or cookie with it). */
  previewToken: '/api/Releases/Preview',
  /**
   * GET with a member's bearer: the member's cohort id (the same on every browser and device), which the page server
   * puts in the browser's cohort cookie when the shell asks `/remotes.json?sx_cohort=member`.
   */
  memberCohort: '/api/Releases/Cohort',
  /** GET: what is live now, for the page servers (ETag; they ask every second). */
  live: '/api/Releases/Live',
  /** POST: the shell's sampled reports of a remote that failed to load or to render (no personal data). */
  reports: '/api/Releases/Reports',
  /** POST: page loads per version, counted by the page servers (from a page server only). */
  pageLoads: '/api/Releases/PageLoads',
} as const;

/** Where a release's files live on the site: immutable, never overwritten. */
export const releaseBase = (remote: string, version: string): string => `/releases/${remote}/${version}/`;
export const releaseEntry = (remote: string, version: string): string => `${releaseBase(remote, version)}mf-manifest.json`;

/** A remote's container name (mf_chat). */
export const REMOTE_NAME_PATTERN = '^mf_[a-z][a-z0-9_]{0,30}$';
/**
 * A version: semver, then `+` and the git sha or a content hash (build metadata), e.g. 0.1.0+3f2a1bc9e0d4. The
 * hash part keeps two builds of one semver apart, so a version names exactly one set of files.
 */
export const RELEASE_VERSION_PATTERN = '^(0|[1-9][0-9]{0,5})\\.(0|[1-9][0-9]{0,5})\\.(0|[1-9][0-9]{0,5})(-[0-9A-Za-z.-]{1,30})?\\+[0-9a-z]{7,64}$';
export const HEX64_PATTERN = '^[0-9a-f]{64}$';

/** The shared singletons whose range a release needs the shell to provide (the gate's first check). */
export const GATED_SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@sciexperts/shared'] as const;

export const RELEASE_ACTIONS = ['register', 'promote', 'canary', 'rollback', 'auto-rollback'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/** What a browser reports: the manifest or a chunk failed to load (after retrying), or the remote threw on render. */
export const RELEASE_REPORT_KINDS = ['manifest', 'chunk', 'render'] as const;
export type ReleaseReportKind = (typeof RELEASE_REPORT_KINDS)[number];

export const RELEASE_LIMITS = {
  /** Reports in one request (the shell sends one per failed remote). */
  reportsPerRequest: 5,
  /** Report requests one address may send a minute. */
  reportsPerMinute: 10,
  /** The share of failures the shell reports (1 = all); the server counts what arrives. */
  reportSampleRate: 1,
  /** Entries of page loads in one request from a page server. */
  pageLoadEntriesMax: 200,
  pageLoadCountMax: 1_000_000,
  historyMax: 100,
  reasonMax: 500,
  /** Automatic rollback: a canary is judged only after this many page loads. */
  canaryMinLoads: 50,
  /** ... and rolled back when its error rate exceeds live's by more than this (0.05 = five points). */
  canaryErrorMargin: 0.05,
} as const;

/** The cookie that keeps a visitor in one cohort on every page and every process. */
export const COHORT_COOKIE = 'sx_cohort';
/** `/remotes.json?sx_cohort=member` with a member's bearer: the page server sets the member's cohort in the cookie. */
export const MEMBER_COHORT_QUERY = 'sx_cohort=member';
/** The preview link's query parameter and cookie (`leave` ends the preview). */
export const PREVIEW_PARAM = 'sx_preview';
export const PREVIEW_TTL_SECONDS = 3600;

export const RELEASE_MESSAGES = {
  notFound: 'No such release of this remote.',
  remoteUnknown: 'No release of this remote is registered.',
  immutable: 'This version is registered already with other files; a version is never changed. Release a new version.',
  gateRefused: 'The live shell cannot run this release',
  nothingToRollBack: 'Nothing to roll back: no canary, and no earlier live version.',
  liveAlready: 'This version is live already.',
  percent: 'A canary is live for 1 to 99 % of visitors.',
  notFromPageServer: 'Only the page servers report page loads.',
  tooManyReports: 'Too many reports; try again later.',
  previewNotValid: 'This preview is not valid (expired, not ours, or not opened by a release operator from the console).',
} as const;

export type ReleaseRegistration = Static<typeof S.ReleaseRegistration>;
export type ReleaseView = Static<typeof S.ReleaseView>;
export type RemoteReleasesView = Static<typeof S.RemoteReleasesView>;
export type ReleasesOverview = Static<typeof S.ReleasesOverview>;
export type ReleaseEventView = Static<typeof S.ReleaseEventView>;
export type ReleaseChangeBody = Static<typeof S.ReleaseChangeBody>;
export type CanaryBody = Static<typeof S.CanaryBody>;
export type RollbackBody = Static<typeof S.RollbackBody>;
export type LiveReleases = Static<typeof S.LiveReleases>;
export type ReleaseReportBody = Static<typeof S.ReleaseReportBody>;
export type PageLoadsBody = Static<typeof S.PageLoadsBody>;
export type SharedRequirement = Static<typeof S.SharedRequirement>;
export type ReleasePreview = Static<typeof S.ReleasePreview>;
export type PreviewTarget = Static<typeof S.PreviewTarget>;
export type MemberCohort = Static<typeof S.MemberCohort>;
