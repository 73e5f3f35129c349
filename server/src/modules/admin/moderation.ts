// Moderation short of a suspension: an operator hides a project (out of the list and search, 404 to everyone but
// its owner and its contract's expert) or a member's profile (out of the directory, public profile 404 to others),
// and unhides them. The account keeps working: sessions, proposals, contracts and escrow are untouched. Each action
// is one conditional UPDATE (so two operators at once hide once: the second gets 409), its audit entry, and — when
// it answers a report — that report closed as acted on, all in one transaction; then the member is e-mailed why.
import { ADMIN_MESSAGES as M, ADMIN_PATHS, type AuditAction } from '@sciexperts/shared/contracts';
import { AdminReason, HideBody } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import type { api } from '../../http/api';
import { IdParams, bearer, errors } from '../../http/schemas';
import { refreshExpertSearch, writeExpertSearch } from '../directory/searchIndex';
import { writeAudit } from './audit';
import type { OperatorIdentity } from './operators';

type Kind = 'project' | 'profile';
type Change = 'hide' | 'unhide';

interface Target {
  /** The member told by e-mail (the project's owner, or the profile's member). */
  member: { id: number; email: string; firstName: string };
  /** How the e-mail names it. */
  label: string;
}

async function targetOf(trx: Kysely<Database>, kind: Kind, id: number): Promise<Target | undefined> {
  if (kind === 'project') {
    const row = await trx
      .selectFrom('projects as p')
      .innerJoin('users as u', 'u.id', 'p.ownerId')
      .select(['p.title', 'u.id', 'u.email', 'u.firstName', 'u.deletedAt'])
      .where('p.id', '=', id)
      .executeTakeFirst();
    return row && !row.deletedAt ? { member: { id: row.id, email: row.email, firstName: row.firstName }, label: `your project “${row.title}”` } : undefined;
  }
  const u = await trx.selectFrom('users').select(['id', 'email', 'firstName', 'deletedAt']).where('id', '=', id).executeTakeFirst();
  return u && !u.deletedAt ? { member: { id: u.id, email: u.email, firstName: u.firstName }, label: 'your profile' } : undefined;
}

/** The conditional UPDATE: true when this request changed the row (it was not hidden / was hidden before). */
async function mark(trx: Kysely<Database>, kind: Kind, change: Change, id: number, reason: string, at: string): Promise<boolean> {
  const done =
    kind === 'project'
      ? await trx
          .updateTable('projects')
          .set(change === 'hide' ? { hiddenAt: at, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
          .where('id', '=', id)
          .where('hiddenAt', change === 'hide' ? 'is' : 'is not', null)
          .executeTakeFirst()
      : await trx
          .updateTable('users')
          .set(change === 'hide' ? { profileHiddenAt: at, profileHiddenReason: reason } : { profileHiddenAt: null, profileHiddenReason: null })
          .where('id', '=', id)
          .where('profileHiddenAt', change === 'hide' ? 'is' : 'is not', null)
          .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Closes the report a hide answers, as acted on, in the hide's transaction. The report must be open (409 otherwise:
 * another operator closed it) and about this thing: a project's report names the project; a profile may be hidden on
 * any report whose member responsible is that member (their profile, a message, a proposal); a suspension the same.
 */
export async function closeAnsweredReport(trx: Kysely<Database>, kind: Kind, id: number, reportId: number, at: string): Promise<void> {
  const report = await trx.selectFrom('reports').select(['targetType', 'targetId', 'subjectId', 'status']).where('id', '=', reportId).executeTakeFirst();
  if (!report) throw notFound('No such report.');
  const about = kind === 'project' ? report.targetType === 'project' && report.targetId === id : report.subjectId === id;
  if (!about) throw badRequest([{ field: 'reportId', message: M.reportNotAbout }]);
  const closed = await trx.updateTable('reports').set({ status: 'actioned', closedAt: at }).where('id', '=', reportId).where('status', '=', 'open').executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) throw new HttpError(409, M.reportClosed);
}

const STALE: Record<Kind, Record<Change, string>> = {
  project: { hide: M.projectHiddenAlready, unhide: M.projectNotHidden },
  profile: { hide: M.profileHiddenAlready, unhide: M.profileNotHidden },
};

function mail(kind: Kind, change: Change, target: Target, reason: string): { subject: string; text: string } {
  const hello = `Hello ${target.member.firstName},\n\n`;
  const appeal = 'Your account, proposals, contracts and payments are not affected. To appeal, answer this e-mail.\n';
  if (change === 'unhide') {
    return {
      subject: kind === 'project' ? 'Your SciExperts project is visible again' : 'Your SciExperts profile is visible again',
      text: `${hello}SciExperts has made ${target.label} visible again${kind === 'project' ? ' in the project list' : ' in the expert directory'}.\n\nNote from SciExperts: ${reason}\n`,
    };
  }
  return kind === 'project'
    ? {
        subject: 'Your SciExperts project is hidden',
        text: `${hello}SciExperts has hidden ${target.label}: it no longer appears in the project list or search, and only you (and an expert you hired on it) can open its page.\n\nReason: ${reason}\n\n${appeal}`,
      }
    : {
        subject: 'Your SciExperts profile is hidden from the directory',
        text: `${hello}SciExperts has hidden ${target.label} from the expert directory: it is not listed and visitors cannot open it. You can still sign in, message, send proposals and work on your contracts.\n\nReason: ${reason}\n\n${appeal}`,
      };
}

export interface ModerationDeps {
  app: FastifyInstance;
  r: ReturnType<typeof api>;
  operatorOf: (request: FastifyRequest) => OperatorIdentity;
  checkReason: (reason: string) => string;
}

/** The four routes, registered inside the admin plugin (so its role check runs first). */
export function moderationRoutes({ app, r, operatorOf, checkReason }: ModerationDeps): void {
  const { db, clock, mailer } = app.ctx;
  const tags = ['Admin'];
  const guarded = [401, 403, 404] as const;

  const route = (kind: Kind, change: Change, path: string, operationId: string, summary: string) =>
    r.post(
      path,
      {
        config: { adminPermission: 'moderation.hide' },
        schema: {
          tags,
          operationId,
          summary,
          security: bearer,
          params: IdParams(kind === 'project' ? 'projectId' : 'memberId'),
          body: change === 'hide' ? HideBody : AdminReason,
          response: { 204: Type.Null(), ...errors(400, ...guarded, 409) },
        },
      },
      async (request, reply) => {
        const me = operatorOf(request);
        const body = request.body as { reason: string; reportId?: number };
        const reason = checkReason(body.reason);
        const params = request.params as Record<string, string>;
        const id = Number(kind === 'project' ? params.projectId : params.memberId);
        const now = clock();
        const at = now.toISOString();
        const action = `${kind}.${change}` as AuditAction;
        const target = await db.kysely.transaction().execute(async (trx) => {
          const found = await targetOf(trx, kind, id);
          if (!found) throw notFound(kind === 'project' ? M.noProject : M.noMember);
          if (!(await mark(trx, kind, change, id, reason, at))) throw new HttpError(409, STALE[kind][change]);
          if (kind === 'profile') {
            // The directory's index follows in the same transaction: hidden, the member's entry goes; shown, it is
            // rewritten if the profile qualifies (isListed decides, so a re-index never lists a hidden profile).
            if (change === 'hide') await writeExpertSearch(trx, db.dialect, id, undefined);
            else await refreshExpertSearch(trx, db.dialect, id);
          }
          await writeAudit(trx, { operator: me, action, objectType: kind === 'project' ? 'project' : 'member', objectId: id, reason, address: request.ip, at: now });
          if (body.reportId !== undefined) {
            await closeAnsweredReport(trx, kind, id, body.reportId, at);
            await writeAudit(trx, { operator: me, action: 'report.actioned', objectType: 'report', objectId: body.reportId, reason, details: `${kind} ${id} hidden`, address: request.ip, at: now });
          }
          return found;
        });
        const letter = mail(kind, change, target, reason);
        mailer.send({ to: target.member.email, ...letter }).catch((err: unknown) => request.log.error({ err, id, kind }, 'moderation mail failed'));
        reply.code(204);
        return null;
      },
    );

  route('project', 'hide', ADMIN_PATHS.projectHide, 'adminHideProject', 'Hide a project: out of the list and search, not found for others; its owner sees why (not a suspension)');
  route('project', 'unhide', ADMIN_PATHS.projectUnhide, 'adminUnhideProject', 'Show a hidden project again');
  route('profile', 'hide', ADMIN_PATHS.memberHideProfile, 'adminHideProfile', "Hide a member's profile from the directory: not listed, not found for others; the account keeps working");
  route('profile', 'unhide', ADMIN_PATHS.memberUnhideProfile, 'adminUnhideProfile', "Show a member's hidden profile in the directory again");
}
