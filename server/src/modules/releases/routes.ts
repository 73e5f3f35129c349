// The release registry (docs/decisions/0049-versioned-remote-releases.md), one plugin with two scopes. The operators'
// routes under /api/admin/Releases (the console's guard: 404 to anyone but an operator, 403 to a role without the
// permission) register, list, promote, canary and roll back, each change audited. The public routes serve the page
// servers (what is live, ETag; page loads counted per version) and the shell's error reports (validated, rate-limited,
// no personal data). A job rolls back a canary whose error rate exceeds live's by the margin.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { mayDo, PREVIEW_PARAM, PREVIEW_TTL_SECONDS, RELEASE_LIMITS, RELEASE_MESSAGES as M, RELEASE_PATHS, releaseEntry, type LiveReleases, type MemberCohort, type PreviewTarget, type ReleaseEventView } from '@sciexperts/shared/contracts';
import {
  CanaryBody,
  LiveReleases as LiveReleasesSchema,
  MemberCohort as MemberCohortSchema,
  PageLoadsBody,
  PreviewBody,
  PreviewTarget as PreviewTargetSchema,
  PreviewTokenQuery,
  ReleasePreview,
  ReleaseChangeBody,
  ReleaseChangeResult,
  ReleaseHistory,
  ReleaseRegistration,
  ReleaseReportBody,
  ReleasesOverview,
  ReleaseView,
  RemoteParams,
  RollbackBody,
} from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../../http/errors';
import { api, type Module } from '../../http/api';
import { bearer, errors, open } from '../../http/schemas';
import { StoreUnavailable, take } from '../../redis/limiters';
import { writeAudit } from '../admin/audit';
import { guardAdminRoutes, operatorOf } from '../admin/guard';
import { isOperatorRole, operatorOfToken } from '../admin/operators';
import { bearerToken } from '../../auth/tokens';
import * as repo from './repository';
import { canaryVerdict, type ShellProfile } from './rules';

const tags = ['Releases'];
const guarded = [401, 403, 404] as const;
export const CANARY_CHECK_JOB = 'release-canary-check';

export interface ReleasesOptions {
  /** What the live shell provides (the gate's measure); by default read from this deployment's installed packages. */
  shellProfile?: () => ShellProfile;
  /** The automatic rollback's thresholds. */
  canaryMinLoads?: number;
  canaryErrorMargin?: number;
  /** Who is told of an automatic rollback (RELEASE_TEAM_EMAIL, else the operators' address). */
  teamEmail?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Page loads are counted by the page servers, which reach the API directly or through the proxy's internal listener,
 * never on a visitor's behalf: the request's address (after the trusted proxy hops) is loopback or a trusted hop itself,
 * where a visitor's request carries the visitor's address.
 */
function fromPageServer(request: FastifyRequest, trustProxy: boolean | number | string[]): boolean {
  const from = request.ip;
  return LOOPBACK.has(from) || (Array.isArray(trustProxy) && trustProxy.includes(from));
}

/**
 * Preview tokens: a release and an expiry, signed with the server's secret (HMAC-SHA256), of two kinds. A `link` is what
 * a release operator makes in the console; it opens nothing by itself. Opened with a release operator's bearer (the
 * console sends it), it is exchanged for a `grant` naming that operator, which the page server keeps in the browser's
 * HttpOnly cookie: that browser alone previews the release, while its operator may still see releases, until it expires.
 */
export type PreviewKind = 'link' | 'grant';

export function signPreview(secret: string, remote: string, version: string, expiresAt: Date, kind: PreviewKind = 'link', operatorId?: number): string {
  const body = Buffer.from(JSON.stringify({ k: kind, r: remote, v: version, e: expiresAt.toISOString(), ...(operatorId === undefined ? {} : { o: operatorId }) })).toString('base64url');
  return `${body}.${createHmac('sha256', `release-preview:${secret}`).update(body).digest('base64url')}`;
}

export function readPreview(secret: string, token: string, now: Date): { kind: PreviewKind; remote: string; version: string; expiresAt: string; operatorId: number | null } | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', `release-preview:${secret}`).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { k, r, v, e, o } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { k?: unknown; r?: unknown; v?: unknown; e?: unknown; o?: unknown };
    if ((k !== 'link' && k !== 'grant') || typeof r !== 'string' || typeof v !== 'string' || typeof e !== 'string' || !(Date.parse(e) > now.getTime())) return null;
    if (k === 'grant' && !Number.isInteger(o)) return null;
    return { kind: k, remote: r, version: v, expiresAt: e, operatorId: k === 'grant' ? (o as number) : null };
  } catch {
    return null;
  }
}

/**
 * A member's cohort id: an HMAC of the member id with the server's secret, so a member is bucketed alike on every
 * browser and device (and every process), while the cookie never carries the id itself.
 */
export function memberCohort(secret: string, memberId: number): string {
  return createHmac('sha256', `release-cohort:${secret}`).update(String(memberId)).digest('base64url').slice(0, 22);
}

/** Checks every canary once: one whose error rate exceeds live's by the margin is rolled back and the team told. */
export async function checkCanaries(app: FastifyInstance, options: ReleasesOptions = {}): Promise<ReleaseEventView[]> {
  const { db, clock, mailer, config } = app.ctx;
  const done: ReleaseEventView[] = [];
  for (const channel of await repo.canaries(db)) {
    const canaryVersion = channel.canaryVersion!;
    const canary = await repo.figuresOf(db, channel.remote, canaryVersion);
    const live = await repo.figuresOf(db, channel.remote, channel.liveVersion ?? 'built');
    const verdict = canaryVerdict(canary, live, { minLoads: options.canaryMinLoads ?? config.releaseCanary?.minLoads, margin: options.canaryErrorMargin });
    if (!verdict) continue;
    let result: repo.ChangeResult;
    try {
      result = await repo.rollback(db, channel.remote, { automatic: true }, clock(), { details: `canary ${canaryVersion} rolled back automatically: ${verdict}`, onlyCanary: canaryVersion });
    } catch (err) {
      // Someone changed the channel meanwhile (another process's check, an operator): nothing to do here.
      if (err instanceof HttpError && err.statusCode === 409) continue;
      throw err;
    }
    done.push(result.event);
    const to = options.teamEmail ?? process.env.RELEASE_TEAM_EMAIL ?? config.operatorEmail;
    await mailer
      .send({
        to,
        subject: `Canary ${channel.remote}@${canaryVersion} rolled back automatically`,
        text: [
          `The canary ${channel.remote}@${canaryVersion} (${channel.canaryPercent} % of visitors) was rolled back at ${result.event.at}:`,
          verdict + '.',
          `Everyone now gets ${channel.liveVersion ?? 'the built remote'}. The Releases page in the console has the history and the figures.`,
        ].join('\n\n'),
      })
      .catch((err: unknown) => app.log.error({ err }, 'releases: the rollback e-mail could not be sent'));
  }
  return done;
}

export function releasesModule(options: ReleasesOptions = {}): Module {
  return async (app) => {
    guardAdminRoutes(app);
    const { db, clock, config, limiters } = app.ctx;
    const r = api(app);
    const shell = options.shellProfile ?? repo.currentShellProfile;
    const actorOf = (request: FastifyRequest) => ({ operator: operatorOf(request), address: request.ip });
    const reportLimiter = limiters.limiter('release-reports', RELEASE_LIMITS.reportsPerMinute, 60);

    r.get(
      RELEASE_PATHS.releases,
      {
        config: { adminPermission: 'releases.read' },
        schema: { tags, operationId: 'adminReleases', summary: 'Every remote: its live and canary version, its releases with page loads and errors', security: bearer, response: { 200: ReleasesOverview, ...errors(...guarded) } },
      },
      async () => repo.overview(db),
    );

    r.post(
      RELEASE_PATHS.releases,
      {
        config: { adminPermission: 'releases.change' },
        schema: {
          tags,
          operationId: 'adminRegisterRelease',
          summary: 'Register an uploaded release (not live yet); the same version again with other files is refused (409)',
          security: bearer,
          body: ReleaseRegistration,
          response: { 200: ReleaseView, 201: ReleaseView, ...errors(400, ...guarded, 409) },
        },
      },
      async (request, reply) => {
        const outcome = await repo.registerRelease(db, request.body, actorOf(request), clock());
        reply.code(outcome.created ? 201 : 200);
        return outcome.release;
      },
    );

    r.get(
      RELEASE_PATHS.history,
      {
        config: { adminPermission: 'releases.read' },
        schema: { tags, operationId: 'adminReleaseHistory', summary: 'A remote’s release history, newest first', security: bearer, params: RemoteParams, response: { 200: ReleaseHistory, ...errors(400, ...guarded) } },
      },
      async (request) => ({ events: await repo.history(db, request.params.remote) }),
    );

    r.post(
      RELEASE_PATHS.promote,
      {
        config: { adminPermission: 'releases.change' },
        schema: {
          tags,
          operationId: 'adminPromoteRelease',
          summary: 'Make a registered version live for everyone, if the live shell can run it (409 with the reasons; force overrides, audited)',
          security: bearer,
          params: RemoteParams,
          body: ReleaseChangeBody,
          response: { 200: ReleaseChangeResult, ...errors(400, ...guarded, 409) },
        },
      },
      async (request) =>
        repo.changeLive(db, { remote: request.params.remote, version: request.body.version, percent: null, force: request.body.force === true, reason: request.body.reason?.trim() || null }, shell(), actorOf(request), clock()),
    );

    r.post(
      RELEASE_PATHS.canary,
      {
        config: { adminPermission: 'releases.change' },
        schema: {
          tags,
          operationId: 'adminCanaryRelease',
          summary: 'Make a registered version live for a share of visitors (sticky per visitor), through the same gate',
          security: bearer,
          params: RemoteParams,
          body: CanaryBody,
          response: { 200: ReleaseChangeResult, ...errors(400, ...guarded, 409) },
        },
      },
      async (request) =>
        repo.changeLive(
          db,
          { remote: request.params.remote, version: request.body.version, percent: request.body.percent, force: request.body.force === true, reason: request.body.reason?.trim() || null },
          shell(),
          actorOf(request),
          clock(),
        ),
    );

    r.post(
      RELEASE_PATHS.rollback,
      {
        config: { adminPermission: 'releases.change' },
        schema: {
          tags,
          operationId: 'adminRollbackRelease',
          summary: 'Drop the canary, or without one return to the previous live version',
          security: bearer,
          params: RemoteParams,
          body: RollbackBody,
          response: { 200: ReleaseChangeResult, ...errors(400, ...guarded, 409) },
        },
      },
      async (request) => repo.rollback(db, request.params.remote, actorOf(request), clock(), { reason: request.body.reason?.trim() || null }),
    );

    r.post(
      RELEASE_PATHS.preview,
      {
        config: { adminPermission: 'releases.read' },
        schema: {
          tags,
          operationId: 'adminPreviewRelease',
          summary: 'A signed link that shows a registered release in the browser that opens it (an hour), with a banner; nobody else sees it',
          security: bearer,
          params: RemoteParams,
          body: PreviewBody,
          response: { 201: ReleasePreview, ...errors(400, ...guarded) },
        },
      },
      async (request, reply) => {
        const { remote } = request.params;
        const { version } = request.body;
        const found = await db.kysely.selectFrom('releases').select('id').where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
        if (!found) throw new HttpError(404, M.notFound);
        const now = clock();
        const expiresAt = new Date(now.getTime() + PREVIEW_TTL_SECONDS * 1000);
        const token = signPreview(config.tokenSecret, remote, version, expiresAt);
        // Who made a link to a release that is not live, and until when: the audit log says it like any change.
        await writeAudit(db.kysely, {
          operator: operatorOf(request),
          action: 'release.preview',
          objectType: 'release',
          objectId: `${remote}@${version}`,
          details: `preview link until ${expiresAt.toISOString()}`,
          address: request.ip,
          at: now,
        });
        reply.code(201);
        return { url: `${config.siteUrl.replace(/\/$/, '')}/?${PREVIEW_PARAM}=${token}`, token, expiresAt: expiresAt.toISOString() };
      },
    );

    r.get(
      RELEASE_PATHS.previewToken,
      {
        schema: {
          tags,
          operationId: 'releasePreviewTarget',
          summary: 'What a preview token opens (the page servers ask): a link with a release operator’s bearer answers the grant for that browser’s cookie, a grant answers while its operator may see releases; 404 otherwise',
          security: open,
          querystring: PreviewTokenQuery,
          response: { 200: PreviewTargetSchema, ...errors(400, 404) },
        },
      },
      async (request): Promise<PreviewTarget> => {
        const now = clock();
        const preview = readPreview(config.tokenSecret, request.query.token, now);
        const known = preview && (await db.kysely.selectFrom('releases').select('id').where('remote', '=', preview.remote).where('version', '=', preview.version).executeTakeFirst());
        if (!preview || !known) throw new HttpError(404, M.previewNotValid);
        const target = { remote: preview.remote, version: preview.version, expiresAt: preview.expiresAt, entry: releaseEntry(preview.remote, preview.version) };
        if (preview.kind === 'grant') {
          // The operator it was granted to may still see releases (not disabled, not moved to another role).
          const row = await db.kysely.selectFrom('operators').select(['role', 'disabledAt']).where('id', '=', preview.operatorId!).executeTakeFirst();
          if (!row || row.disabledAt !== null || !isOperatorRole(row.role) || !mayDo(row.role, 'releases.read')) throw new HttpError(404, M.previewNotValid);
          return target;
        }
        // A link: only in the hands of a signed-in release operator (their bearer, which the page server passes on).
        const bearer = bearerToken(request.headers.authorization);
        const operator = bearer ? await operatorOfToken(db, bearer, now) : null;
        if (operator === null || operator === 'expired' || operator.passwordChangeRequired || !mayDo(operator.role, 'releases.read')) throw new HttpError(404, M.previewNotValid);
        return { ...target, grant: signPreview(config.tokenSecret, preview.remote, preview.version, new Date(preview.expiresAt), 'grant', operator.id) };
      },
    );

    r.get(
      RELEASE_PATHS.memberCohort,
      {
        schema: {
          tags,
          operationId: 'memberReleaseCohort',
          summary: 'The signed-in member’s release cohort (the same on every browser and device); the page server keeps it in the cohort cookie',
          security: bearer,
          response: { 200: MemberCohortSchema, ...errors(401) },
        },
      },
      async (request): Promise<MemberCohort> => {
        const token = bearerToken(request.headers.authorization);
        const session = token ? await app.ctx.tokens.verify(token) : null;
        if (!session) throw unauthorized('Your session has expired or is invalid. Please sign in again.');
        return { cohort: memberCohort(config.tokenSecret, session.userId) };
      },
    );

    r.get(
      RELEASE_PATHS.live,
      {
        schema: {
          tags,
          operationId: 'liveReleases',
          summary: 'What is live now, per remote (live and canary releases); the page servers revalidate it every second (ETag)',
          security: open,
          response: { 200: LiveReleasesSchema, 304: Type.Null() },
        },
      },
      async (request, reply): Promise<LiveReleases | undefined> => {
        const { generation, remotes } = await repo.liveReleases(db);
        const etag = `W/"${Buffer.from(generation || 'none').toString('base64url')}"`;
        reply.header('ETag', etag).header('Cache-Control', 'no-cache');
        if (request.headers['if-none-match'] === etag) {
          reply.code(304);
          return undefined;
        }
        return { remotes };
      },
    );

    r.post(
      RELEASE_PATHS.reports,
      {
        schema: {
          tags,
          operationId: 'reportReleaseErrors',
          summary: 'The shell reports a remote that failed to load (manifest, chunk) or to render, with its name and version only',
          security: open,
          body: ReleaseReportBody,
          response: { 204: Type.Null(), ...errors(400, 429) },
        },
      },
      async (request, reply) => {
        let allowed: boolean;
        try {
          allowed = (await take(reportLimiter, request.ip)).ok;
        } catch (err) {
          // No store to count against: reports are figures, not duties; dropped rather than let through unbounded.
          if (err instanceof StoreUnavailable) allowed = false;
          else throw err;
        }
        if (!allowed) throw new HttpError(429, M.tooManyReports);
        const entries = await repo.registeredOnly(
          db,
          request.body.reports.map((rep) => ({ remote: rep.remote, version: rep.version, pageLoads: 0, errors: 1, kind: rep.kind })),
        );
        await repo.addFigures(db, entries);
        app.metrics.releaseFigures(entries);
        reply.code(204);
        return null;
      },
    );

    r.post(
      RELEASE_PATHS.pageLoads,
      {
        schema: {
          tags,
          operationId: 'countReleasePageLoads',
          summary: 'A page server adds the page loads it served per remote and version (from a page server only)',
          security: open,
          body: PageLoadsBody,
          response: { 204: Type.Null(), ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        if (!fromPageServer(request, config.trustProxy)) throw new HttpError(404, `No route POST ${RELEASE_PATHS.pageLoads}.`);
        const entries = await repo.registeredOnly(
          db,
          request.body.loads.map((l) => ({ remote: l.remote, version: l.version, pageLoads: l.count, errors: 0 })),
        );
        await repo.addFigures(db, entries);
        app.metrics.releaseFigures(entries);
        reply.code(204);
        return null;
      },
    );

    app.ctx.jobs.every(CANARY_CHECK_JOB, config.releaseCanary?.checkMs ?? 15_000, async () => {
      await checkCanaries(app, options);
    });
  };
}
