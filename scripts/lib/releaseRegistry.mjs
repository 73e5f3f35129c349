// The per-visitor remote registry of a page server (docs/decisions/0049-versioned-remote-releases.md). The API's
// release registry says, per remote, which release is live and which is on canary for what share of visitors; this
// module asks it every second (a conditional GET: 304 while nothing changed, so a promotion reaches every page server
// within about a second, through the database every API process reads) and answers, per request, the registry that
// visitor gets: for /remotes.json and for the server render alike, so a page is rendered and hydrated with the same
// versions. A visitor's cohort is sticky: a random id in a cookie, bucketed per remote by a hash. With no release live
// the answer is the built registry itself, unchanged (no cookie, no figures sent). It also counts page loads per
// remote and version, sent to the API every few seconds for the canary's error rate.
import crypto from 'node:crypto';
import path from 'node:path';

export const COHORT_COOKIE = 'sx_cohort';
/** A preview link's query parameter and cookie (`?sx_preview=leave` ends the preview). */
export const PREVIEW_PARAM = 'sx_preview';
export const PREVIEW_PATH = '/api/Releases/Preview';
const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{10,300}\.[A-Za-z0-9_-]{10,100}$/;
/** A checked preview token is believed this long (it is signed; only its expiry and its release can change). */
const PREVIEW_CACHE_MS = 60_000;
const COHORT_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const LIVE_PATH = '/api/Releases/Live';
export const MEMBER_COHORT_PATH = '/api/Releases/Cohort';
/** `/remotes.json?sx_cohort=member` with a member's bearer (the shell, once signed in): the member's cohort. */
const MEMBER_COHORT_PARAM = 'member';
export const PAGE_LOADS_PATH = '/api/Releases/PageLoads';
/** A cohort cookie lasts a year: the same visitor keeps the same versions while a canary runs. */
const COHORT_MAX_AGE = 365 * 24 * 3600;

/** The visitor's bucket for a remote, 0–99 (FNV-1a of remote and cohort id): the same on every process. */
export function cohortBucket(remote, cohort) {
  let hash = 0x811c9dc5;
  const text = `${remote}:${cohort}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

function readCookie(cookieHeader, wanted) {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) return rest.join('=');
  }
  return null;
}

export function readCohort(cookieHeader = '') {
  const value = readCookie(cookieHeader, COHORT_COOKIE);
  return value !== null && COHORT_PATTERN.test(value) ? value : null;
}

/**
 * The registry for one cohort: each remote with a release live (or in the canary, for a bucket below the percentage)
 * points at that release's manifest on the site, with its version; the others stay as built.
 * @param {{ remotes: Array<{ name: string, entry: string }> }} base
 * @param {{ remotes: Array<{ remote: string, live: { version: string, entry: string } | null, canary: { version: string, entry: string, percent: number } | null }> }} live
 */
export function applyReleases(base, live, cohort, siteOrigin) {
  const byRemote = new Map(live.remotes.map((r) => [r.remote, r]));
  return {
    ...base,
    remotes: base.remotes.map((entry) => {
      const channel = byRemote.get(entry.name);
      if (!channel) return entry;
      const chosen = channel.canary && cohort !== null && cohortBucket(entry.name, cohort) < channel.canary.percent ? channel.canary : channel.live;
      // 'built': the remote deployed with the site, named so the shell reports its failures for live's error rate.
      if (!chosen) return { ...entry, version: 'built' };
      return { ...entry, entry: new URL(chosen.entry, siteOrigin).href, version: chosen.version };
    }),
  };
}

/**
 * @param {object} options
 * @param {{ remotes: Array<{ name: string, entry: string }> }} options.baseRegistry  the built remotes (today's registry)
 * @param {string} options.apiUrl      where this page server reaches the API
 * @param {string} options.siteOrigin  the site's origin: releases are served under its /releases/
 * @param {string} [options.releasesDir]  where the uploaded releases are (served at /releases/)
 * @param {number} [options.pollMs]
 * @param {number} [options.flushMs]
 * @param {typeof fetch} [options.fetchImpl]
 * @param {(message: string) => void} [options.log]
 */
export function createReleaseRegistry({ baseRegistry, apiUrl, siteOrigin, releasesDir = null, pollMs = 1000, flushMs = 2000, fetchImpl = fetch, log = () => {} }) {
  let live = { remotes: [] };
  let etag = null;
  let timer = null;
  let flushTimer = null;
  let warned = false;
  const loads = new Map();
  const previews = new Map();

  /**
   * What a preview token opens, asked of the API; null when it is not valid. A link is asked with the browser's
   * Authorization (the console's request, with its release operator's bearer) and answers the grant for the cookie; it
   * is never cached. A grant (the cookie) is believed a minute.
   */
  async function checkPreview(token, authorization = null) {
    const cached = authorization === null ? previews.get(token) : undefined;
    if (cached && cached.until > Date.now()) return cached.target;
    let target = null;
    try {
      const headers = authorization === null ? {} : { authorization };
      const response = await fetchImpl(`${apiUrl}${PREVIEW_PATH}?token=${encodeURIComponent(token)}`, { headers, signal: AbortSignal.timeout(2000) });
      if (response.ok) target = await response.json();
      else await response.body?.cancel();
    } catch {
      target = null;
    }
    if (authorization !== null) return target;
    if (previews.size > 1000) previews.clear();
    previews.set(token, { target, until: Date.now() + PREVIEW_CACHE_MS });
    return target;
  }
  /** The member's cohort id for a member's bearer, asked of the API (never cached: a bearer is one member's); null when refused. */
  async function askMemberCohort(authorization) {
    try {
      const response = await fetchImpl(`${apiUrl}${MEMBER_COHORT_PATH}`, { headers: { authorization }, signal: AbortSignal.timeout(2000) });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const { cohort } = await response.json();
      return typeof cohort === 'string' && COHORT_PATTERN.test(cohort) ? cohort : null;
    } catch {
      return null;
    }
  }
  const baseJson = JSON.stringify(baseRegistry, null, 2);

  async function refresh() {
    try {
      const response = await fetchImpl(`${apiUrl}${LIVE_PATH}`, { headers: etag ? { 'If-None-Match': etag } : {}, signal: AbortSignal.timeout(2000) });
      if (response.status === 304) return;
      // An API without the registry (an older one) or down: the last answer stands (at first, the built remotes).
      if (!response.ok) return void (await response.body?.cancel());
      live = await response.json();
      etag = response.headers.get('etag');
      warned = false;
    } catch (error) {
      if (!warned) log(`release registry not reachable (${error.message}); serving the last known registry`);
      warned = true;
    }
  }

  async function flush() {
    if (loads.size === 0) return;
    const batch = [...loads.entries()].map(([key, count]) => {
      const [remote, version] = key.split('@');
      return { remote, version, count };
    });
    loads.clear();
    try {
      const response = await fetchImpl(`${apiUrl}${PAGE_LOADS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loads: batch }), signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
    } catch {
      // Figures, not duties: a batch lost while the API is down only delays a verdict.
    }
  }

  return {
    releasesDir: releasesDir ? path.resolve(releasesDir) : null,
    /** Starts asking the API (the first answer before it resolves); the timers never keep the process alive. */
    async start() {
      await refresh();
      timer = setInterval(() => void refresh(), pollMs);
      timer.unref();
      flushTimer = setInterval(() => void flush(), flushMs);
      flushTimer.unref();
    },
    async stop() {
      clearInterval(timer);
      clearInterval(flushTimer);
      await flush();
    },
    refresh,
    flush,
    /** What the API said last (tests and the benchmark). */
    get live() {
      return live;
    },
    /** One page load with this registry: counted for each remote that has a release live or on canary. */
    count(registry) {
      for (const entry of registry.remotes) {
        // A preview is one team member's browser: it counts for no version's figures.
        if (entry.preview || !live.remotes.some((r) => r.remote === entry.name)) continue;
        const key = `${entry.name}@${entry.version ?? 'built'}`;
        loads.set(key, (loads.get(key) ?? 0) + 1);
      }
    },
    /**
     * The registry for this request, its JSON and validator, and the headers to send with it (the cohort cookie for a
     * visitor who has none while a canary runs). `count`: this answer is a page load (counted per remote and version).
     * @param {import('node:http').IncomingMessage} req
     */
    async forRequest(req, { count = false } = {}) {
      // A preview (decision 0049): the console opens `?sx_preview=<link>` with its release operator's bearer, and this
      // browser gets the grant in its cookie; the link without that bearer opens nothing. `?sx_preview=leave` ends it.
      const search = new URL(req.url ?? '/', 'http://localhost').searchParams;
      const query = search.get(PREVIEW_PARAM);
      const cookieToken = readCookie(req.headers.cookie, PREVIEW_PARAM);
      const clearCookie = `${PREVIEW_PARAM}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
      const cookies = [];
      let preview = null;
      if (query === 'leave') {
        if (cookieToken !== null) cookies.push(clearCookie);
      } else {
        const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : null;
        if (query !== null && authorization !== null && PREVIEW_TOKEN.test(query)) {
          const granted = await checkPreview(query, authorization);
          if (granted?.grant && PREVIEW_TOKEN.test(granted.grant)) {
            preview = granted;
            const seconds = Math.max(1, Math.floor((Date.parse(granted.expiresAt) - Date.now()) / 1000));
            cookies.push(`${PREVIEW_PARAM}=${granted.grant}; Path=/; Max-Age=${seconds}; SameSite=Lax; HttpOnly`);
          }
        }
        if (!preview && cookieToken !== null) {
          preview = PREVIEW_TOKEN.test(cookieToken) ? await checkPreview(cookieToken) : null;
          if (!preview) cookies.push(clearCookie);
        }
      }
      // A member's browser: the cohort the API derives from the member id, the same on every device.
      let cohort = readCohort(req.headers.cookie);
      if (search.get(COHORT_COOKIE) === MEMBER_COHORT_PARAM && typeof req.headers.authorization === 'string') {
        const member = await askMemberCohort(req.headers.authorization);
        if (member !== null && member !== cohort) {
          cohort = member;
          cookies.push(`${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${COHORT_MAX_AGE}; SameSite=Lax; HttpOnly`);
        }
      }
      // The console's and the shell's own requests above are no page loads.
      if (search.has(PREVIEW_PARAM) || search.has(COHORT_COOKIE)) count = false;
      if (live.remotes.length === 0 && !preview && cookies.length === 0) return { registry: baseRegistry, json: baseJson, headers: {} };
      const headers = {};
      if (cohort === null && live.remotes.some((r) => r.canary)) {
        cohort = crypto.randomBytes(16).toString('base64url');
        cookies.push(`${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${COHORT_MAX_AGE}; SameSite=Lax; HttpOnly`);
      }
      if (cookies.length > 0) headers['Set-Cookie'] = cookies;
      let registry = applyReleases(baseRegistry, live, cohort, siteOrigin);
      if (preview) {
        registry = {
          ...registry,
          remotes: registry.remotes.map((entry) =>
            entry.name === preview.remote ? { ...entry, entry: new URL(preview.entry, siteOrigin).href, version: preview.version, preview: true } : entry,
          ),
        };
      }
      if (count) this.count(registry);
      const json = JSON.stringify(registry, null, 2);
      return { registry, json, headers };
    },
  };
}
