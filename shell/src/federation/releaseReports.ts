// Tells the API when a remote fails in this browser (docs/decisions/0049-versioned-remote-releases.md): its name, the
// version the registry gave this visitor, and what failed (its manifest or a chunk would not load after the retry
// plugin gave up, or it threw while rendering). Nothing else: no message, no stack, no address, no cookie, since an
// error's text can carry what the visitor typed or who they are. Once per remote, version and kind on a page, sampled;
// the server rate-limits and counts, and a canary whose error rate exceeds live's is rolled back.
import { apiUrl, RELEASE_LIMITS, RELEASE_PATHS, RELEASE_VERSION_PATTERN, type ReleaseReportKind } from '@sciexperts/shared';

const versions = new Map<string, string>();
const sent = new Set<string>();
const loadFailures = new WeakSet<object>();
const VERSION = new RegExp(RELEASE_VERSION_PATTERN);

/**
 * The versions the registry gave this page: an entry's `version` is a release, or 'built' (the remote deployed with the
 * site) for a remote that has releases. A remote without one has no release at all: its failures are not reported.
 */
export function setRemoteVersions(entries: ReadonlyArray<{ name: string; version?: unknown }>): void {
  for (const entry of entries) {
    if (typeof entry.version === 'string' && (entry.version === 'built' || VERSION.test(entry.version))) versions.set(entry.name, entry.version);
    else versions.delete(entry.name);
  }
}

export function remoteVersion(remote: string): string | undefined {
  return versions.get(remote);
}

/** Remotes this browser previews (a release operator's preview link, the registry's `preview: true`). */
export interface PreviewedRemote {
  remote: string;
  version: string;
}
let previewed: PreviewedRemote[] = [];
const previewListeners = new Set<() => void>();

export function setPreviewedRemotes(entries: ReadonlyArray<{ name: string; version?: unknown; preview?: unknown }>): void {
  const next = entries.filter((e) => e.preview === true && typeof e.version === 'string').map((e) => ({ remote: e.name, version: e.version as string }));
  if (JSON.stringify(next) === JSON.stringify(previewed)) return;
  previewed = next;
  for (const listener of previewListeners) listener();
}

export const getPreviewedRemotes = (): PreviewedRemote[] => previewed;
export function subscribePreviewedRemotes(listener: () => void): () => void {
  previewListeners.add(listener);
  return () => previewListeners.delete(listener);
}

/** Marks an error as the remote's load failing (as opposed to its render). */
export function markLoadFailure(error: unknown): void {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
}

export function failureKind(error: unknown): ReleaseReportKind {
  if (typeof error !== 'object' || error === null || !loadFailures.has(error)) return 'render';
  // The federation runtime names a manifest it could not fetch or read (RUNTIME-003); anything else is a chunk.
  return /manifest|RUNTIME-003/i.test(String((error as { message?: unknown }).message)) ? 'manifest' : 'chunk';
}

export interface ReportDeps {
  fetch?: typeof fetch;
  random?: () => number;
}

/** Reports `remote/Module`'s failure once per remote, version and kind on this page. */
export function reportRemoteFailure(id: string, error: unknown, deps: ReportDeps = {}): void {
  const remote = id.split('/')[0] ?? id;
  const version = remoteVersion(remote);
  // Only remotes the release registry manages (a canary's error rate is compared with live's): today's site, with no
  // release registered, sends nothing.
  if (version === undefined) return;
  const kind = failureKind(error);
  const key = `${remote}@${version}:${kind}`;
  if (sent.has(key)) return;
  sent.add(key);
  if ((deps.random ?? Math.random)() >= RELEASE_LIMITS.reportSampleRate) return;
  const send = deps.fetch ?? (typeof fetch === 'function' ? fetch : null);
  if (!send) return;
  // keepalive: a visitor who leaves the broken page at once still reports it; no credentials: no cookie goes with it.
  void send(apiUrl(RELEASE_PATHS.reports), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reports: [{ remote, version, kind }] }),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

/** For tests: forget what was sent and the versions. */
export function resetReleaseReports(): void {
  sent.clear();
  versions.clear();
  setPreviewedRemotes([]);
}
