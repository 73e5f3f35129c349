// The operators' console API under /api/admin. Only the server decides: every route names the permission it needs
// (ADMIN_PERMISSIONS in the shared contract) and the hook below checks the operator's role before the route runs.
// Anyone who is not a signed-in operator (no token, a member's token, garbage) gets the same 404 as a path that
// does not exist, so the console is not advertised; an operator whose session expired gets 401, the wrong role 403.
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES as M,
  ADMIN_PATHS,
  ADMIN_REFUSALS,
  PAYMENT_MESSAGES,
  passwordProblem,
  disputeResolvedMessage,
  formatCents,
  mayDo,
  type AdminSessionView,
  type AuditPageView,
  type DisputeDetailView,
  type DisputeQueueView,
  type ReconciliationView,
} from '@sciexperts/shared/contracts';
import {
  AdminMember,
  AdminMembers,
  AdminReason,
  AdminReports,
  ReportsQuery,
  SuspendBody,
  CloseReportBody,
  ConciergeQueue,
  ShortlistBody,
  AdminSession,
  AdminSignInBody,
  AdminPasswordBody,
  MembersQuery,
  MoneyOverview,
  RetryResponse,
  Reconciliation,
  AuditPage,
  AuditQuery,
  DisputeDetail,
  DisputeQueue,
  Operator,
  ResolveDisputeBody,
  ResolveDisputeResponse,
} from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { FailureThrottle, LoginThrottle } from '../../auth/throttle';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api, type Module } from '../../http/api';
import { IdParams, bearer, errors, open } from '../../http/schemas';
import { sendPayout, sendRefund } from '../payments/settlement';
import { sendVerificationLink } from '../account/verification';
import { findMember, liftSuspension, memberPage, searchMembers, suspendMember } from './members';
import { moneyOverview } from './money';
import { reconcile } from './reconciliation';
import { closeReport, openReports } from './reports';
import { conciergeQueue, listedExperts, recordShortlist, shortlistMailText } from './concierge';
import { claimConciergeDrafts, confirmedMemberWithEmail } from '../concierge/drafts';
import { auditOperators, readAudit, writeAudit } from './audit';
import { closeAnsweredReport, moderationRoutes } from './moderation';
import { disputeDetail, disputeQueue, resolveDisputeAsOperator } from './disputes';
import { closeOperatorSession, findOperatorByEmail, isOperatorRole, openOperatorSession, replaceOperatorPassword } from './operators';
import { checkReason, guardAdminRoutes, operatorOf } from './guard';

export { operatorOf };

const FIFTEEN_MINUTES = 15 * 60_000;

export function adminModule(): Module {
  return async (app) => {
    const { db, hasher, clock, config, secondFactors, tokens, mailer } = app.ctx;
    // Operators are slowed, never locked out by strangers (docs/decisions/0044-operator-sign-in-throttle.md): the
    // members' login throttle (rate-limiter-flexible's login protection: consecutive failures per e-mail and address
    // with growing waits, per address, per account) in a key space of its own, stricter for accounts worth more, in
    // the shared limiter store so every API process counts the same failures. An address that signed in to an account
    // is never held back by failures on that account, or from that address on others, that came from elsewhere.
    const signIns = new LoginThrottle(app.ctx.limiters, {
      name: 'operator-login',
      // Failures on one operator from addresses it does not know, in an hour, before only its known addresses may try.
      accountFailures: 20,
      // Failures from one address on accounts that do not know it, in a day.
      addressFailures: 100,
      addressWindowMs: 24 * 60 * 60_000,
    });
    // Wrong current passwords or codes when changing the password, per operator: a stolen session guesses no further.
    const reauth = new FailureThrottle(app.ctx.limiters, 'operator-reauth', 5, FIFTEEN_MINUTES);
    guardAdminRoutes(app);

    const r = api(app);
    const tags = ['Admin'];
    const guarded = [401, 403, 404] as const;

    r.post(
      ADMIN_PATHS.session,
      {
        schema: {
          tags,
          operationId: 'adminSignIn',
          summary: 'An operator signs in: e-mail, password and the second factor',
          security: open,
          body: AdminSignInBody,
          response: { 200: AdminSession, ...errors(400, 401, 429) },
        },
      },
      async (request): Promise<AdminSessionView> => {
        const email = request.body.email.trim().toLowerCase();
        const now = clock();
        // Admitted and reserved before the slow hash, so a parallel burst cannot all pass one check.
        const admission = await signIns.admit(email, request.ip);
        if (!admission.ok) throw new HttpError(429, M.tooManySignIns, undefined, { 'retry-after': String(admission.retryAfterSeconds) });
        const { attempt } = admission;
        try {
          const operator = email ? await findOperatorByEmail(db, email) : undefined;
          const ok = await hasher.verify(request.body.password, operator?.passwordHash);
          const known = operator && isOperatorRole(operator.role) ? { id: operator.id, email: operator.email, role: operator.role } : null;
          // A failure on an operator's account is recorded with the address it came from; one on an e-mail that is
          // no operator's is not (the log is the operators', and made-up e-mails would fill a log that keeps all).
          const refuse = async (what: string) => {
            await attempt.fail();
            if (known) {
              await db.kysely.transaction().execute((trx) =>
                writeAudit(trx, { operator: known, action: 'sign-in.failed', objectType: 'operator', objectId: known.id, details: what, address: request.ip, at: now }),
              );
            }
            return new HttpError(401, M.signInFailed);
          };
          if (!ok || !operator || !known) throw await refuse('wrong password');
          const owner = { kind: 'operator' as const, id: operator.id };
          const code = request.body.code?.trim();
          let recoveryCodes: string[] | undefined;
          // The password alone is no success: only a sign-in with both factors makes the address known to the account
          // (attempt.succeed); a right password without a code settles as neither (attempt.release in finally).
          if (await secondFactors.isEnabled(owner)) {
            if (!code) return { status: 'code-required' };
            const verified = await secondFactors.verify(owner, code);
            if (!verified.ok) throw await refuse(verified.reason === 'reused' ? 'code used already' : 'wrong code');
          } else {
            // The first sign-in: set up the authenticator first. A setup already pending is answered again with the
            // same key until it is confirmed or expires, so asking again never breaks the QR code on screen.
            const notBefore = new Date(now.getTime() - ADMIN_LIMITS.setupPendingSeconds * 1000);
            const pending = await secondFactors.pendingSetup(owner, operator.email, notBefore);
            if (!code || !pending) {
              if (pending) return { status: 'setup-required', enrolment: pending };
              const begun = await secondFactors.begin(owner, operator.email);
              if (!begun.ok) return { status: 'code-required' };
              return { status: 'setup-required', enrolment: begun.enrolment };
            }
            const confirmed = await secondFactors.confirm(owner, code);
            if (!confirmed.ok) throw await refuse('wrong code');
            recoveryCodes = confirmed.recoveryCodes;
          }
          await attempt.succeed();
          const session = await openOperatorSession(db, operator.id, request.ip, now);
          await db.kysely.transaction().execute((trx) =>
            writeAudit(trx, { operator: known, action: 'sign-in', objectType: 'operator', objectId: operator.id, details: recoveryCodes ? 'second factor set up' : null, address: request.ip, at: now }),
          );
          const passwordChangeRequired = operator.passwordChangedAt === null;
          return { status: 'signed-in', ...session, operator: known, ...(recoveryCodes ? { recoveryCodes } : {}), ...(passwordChangeRequired ? { passwordChangeRequired } : {}) };
        } finally {
          await attempt.release();
        }
      },
    );

    r.post(
      ADMIN_PATHS.password,
      {
        config: { adminPermission: 'signed-in', beforePasswordChange: true },
        schema: {
          tags,
          operationId: 'adminChangePassword',
          summary: 'The operator chooses a new password: the current one, and a code unless they signed in minutes ago',
          security: bearer,
          body: AdminPasswordBody,
          response: { 204: Type.Null(), ...errors(400, ...guarded, 409, 429) },
        },
      },
      async (request, reply) => {
        const me = operatorOf(request);
        const now = clock();
        const { currentPassword, newPassword } = request.body;
        const code = request.body.code?.trim();
        // The new password first: a refused one must not spend the operator's code.
        const problem = passwordProblem(newPassword, { email: me.email });
        if (problem) throw badRequest([{ field: 'newPassword', message: problem }]);
        if (newPassword === currentPassword) throw badRequest([{ field: 'newPassword', message: M.samePassword }]);
        // The step-up: the session was opened with both factors minutes ago, or a code now.
        const steppedUp = now.getTime() - Date.parse(me.sessionCreatedAt) < ADMIN_LIMITS.stepUpSeconds * 1000;
        if (!steppedUp && !code) throw new HttpError(403, M.stepUpRequired, [{ field: 'code', message: M.stepUpRequired }], {}, ADMIN_REFUSALS.stepUp);
        const key = String(me.id);
        const wait = await reauth.hit(key);
        if (wait !== null) throw new HttpError(429, M.tooManySignIns, undefined, { 'retry-after': String(wait) });
        const row = await db.kysely.selectFrom('operators').select(['passwordHash']).where('id', '=', me.id).executeTakeFirst();
        const wrong = () => badRequest([{ field: 'currentPassword', message: M.currentPasswordWrong }]);
        if (!row || !(await hasher.verify(currentPassword, row.passwordHash))) throw wrong();
        if (!steppedUp && !(await secondFactors.verify({ kind: 'operator', id: me.id }, code ?? '')).ok) throw wrong();
        await reauth.refund(key);
        const passwordHash = await hasher.hash(newPassword);
        const changed = await db.kysely.transaction().execute(async (trx) => {
          if (!(await replaceOperatorPassword(trx, me.id, row.passwordHash, passwordHash, me.sessionId, now))) return false;
          await writeAudit(trx, { operator: me, action: 'password.change', objectType: 'operator', objectId: me.id, details: me.passwordChangeRequired ? 'one-time password replaced' : null, address: request.ip, at: now });
          return true;
        });
        // Another change of this operator's password landed between the check and the update: nothing changed here.
        if (!changed) throw new HttpError(409, M.passwordChangedMeanwhile);
        reply.code(204);
        return null;
      },
    );

    r.delete(
      ADMIN_PATHS.session,
      {
        config: { adminPermission: 'signed-in', beforePasswordChange: true },
        schema: { tags, operationId: 'adminSignOut', summary: 'The operator signs out (the token stops working at once)', security: bearer, response: { 204: Type.Null(), ...errors(...guarded) } },
      },
      async (request, reply) => {
        const me = operatorOf(request);
        await closeOperatorSession(db, me.sessionId);
        await db.kysely.transaction().execute((trx) => writeAudit(trx, { operator: me, action: 'sign-out', objectType: 'operator', objectId: me.id, address: request.ip, at: clock() }));
        reply.code(204);
        return null;
      },
    );

    r.get(
      ADMIN_PATHS.me,
      {
        config: { adminPermission: 'signed-in', beforePasswordChange: true },
        schema: { tags, operationId: 'adminMe', summary: 'The signed-in operator and role', security: bearer, response: { 200: Operator, ...errors(...guarded) } },
      },
      async (request) => {
        const me = operatorOf(request);
        return { id: me.id, email: me.email, role: me.role };
      },
    );

    r.get(
      ADMIN_PATHS.audit,
      {
        config: { adminPermission: 'audit.read' },
        schema: {
          tags,
          operationId: 'adminAudit',
          summary: 'The audit log, newest first (append-only: no route changes or removes an entry)',
          security: bearer,
          querystring: AuditQuery,
          response: { 200: AuditPage, ...errors(400, ...guarded) },
        },
      },
      async (request): Promise<AuditPageView> => {
        const query = request.query;
        const limit = Math.min(Number(query.limit ?? ADMIN_LIMITS.auditPageSize), ADMIN_LIMITS.auditPageMax);
        // The pattern lets '2026-02-31' through; a day that does not exist is the caller's mistake, said at its field.
        for (const field of ['from', 'to'] as const) {
          const day = query[field];
          if (day !== undefined && (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day)) {
            throw badRequest([{ field, message: M.auditDay }]);
          }
        }
        if (query.from !== undefined && query.to !== undefined && query.from > query.to) throw badRequest([{ field: 'to', message: M.auditDates }]);
        const filters = {
          ...(query.operatorId ? { operatorId: Number(query.operatorId) } : {}),
          ...(query.action ? { action: query.action } : {}),
          ...(query.objectType ? { objectType: query.objectType } : {}),
          ...(query.objectId ? { objectId: query.objectId } : {}),
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
        };
        const [page, operators] = await Promise.all([readAudit(db, query.before ? Number(query.before) : null, limit, filters), auditOperators(db)]);
        return { ...page, operators };
      },
    );

    r.get(
      ADMIN_PATHS.disputes,
      {
        config: { adminPermission: 'disputes.read' },
        schema: { tags, operationId: 'adminDisputes', summary: 'Disputed milestones, the longest-waiting first', security: bearer, response: { 200: DisputeQueue, ...errors(...guarded) } },
      },
      async (): Promise<DisputeQueueView> => ({ items: await disputeQueue(db, clock()) }),
    );

    r.get(
      ADMIN_PATHS.dispute,
      {
        config: { adminPermission: 'disputes.read' },
        schema: {
          tags,
          operationId: 'adminDispute',
          summary: "A dispute's terms, milestone, timeline, delivered files, the parties' messages and statements",
          security: bearer,
          params: IdParams('milestoneId'),
          response: { 200: DisputeDetail, ...errors(400, ...guarded, 503) },
        },
      },
      async (request): Promise<DisputeDetailView> => {
        if (!config.payments) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
        const detail = await disputeDetail(db, Number(request.params.milestoneId), config.payments);
        if (!detail) throw notFound('No such milestone.');
        return detail;
      },
    );

    r.post(
      ADMIN_PATHS.disputeResolve,
      {
        config: { adminPermission: 'disputes.resolve' },
        schema: {
          tags,
          operationId: 'adminResolveDispute',
          summary: 'Settle a dispute: release to the expert, refund the client, or split (both parties are told the reason)',
          security: bearer,
          params: IdParams('milestoneId'),
          body: ResolveDisputeBody,
          response: { 200: ResolveDisputeResponse, ...errors(400, ...guarded, 409, 503) },
        },
      },
      async (request) => {
        const me = operatorOf(request);
        if (!config.payments) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
        const { outcome, expertCents } = request.body;
        const reason = checkReason(request.body.reason);
        if (outcome !== 'split' && expertCents !== undefined) throw badRequest([{ field: 'expertCents', message: M.splitOnlyForSplit }]);
        if (outcome === 'split' && expertCents === undefined) throw badRequest([{ field: 'expertCents', message: M.splitAmount }]);
        const result = await resolveDisputeAsOperator(
          db,
          { milestoneId: Number(request.params.milestoneId), outcome, reason, operator: me, address: request.ip, ...(expertCents === undefined ? {} : { expertCents }) },
          config.payments,
          clock(),
        );
        switch (result.kind) {
          case 'not-found':
            throw notFound('No such milestone.');
          case 'bad-split':
            throw badRequest([{ field: 'expertCents', message: M.splitAmount }]);
          case 'not-disputed':
            throw new HttpError(409, M.notDisputed);
          case 'stale':
            throw new HttpError(409, disputeResolvedMessage(result.resolution.by, result.resolution.at));
          case 'resolved': {
            const provider = app.ctx.payments;
            // Booked already; when the provider cannot be reached now, the retry job asks it again.
            if (result.refundPaymentId !== null && provider) await sendRefund(db, provider, result.refundPaymentId).catch((err: unknown) => request.log.warn({ err }, 'refund not sent yet'));
            return { resolution: result.resolution, repeated: result.repeated };
          }
        }
      },
    );

    r.get(
      ADMIN_PATHS.members,
      {
        config: { adminPermission: 'members.read' },
        schema: {
          tags,
          operationId: 'adminMembers',
          summary: 'Members by part of their name or e-mail: account state and contracts (never hashes or tokens)',
          security: bearer,
          querystring: MembersQuery,
          response: { 200: AdminMembers, ...errors(400, ...guarded) },
        },
      },
      async (request) => {
        const me = operatorOf(request);
        const q = request.query.q.trim();
        if (q.length < ADMIN_LIMITS.memberQueryMin) throw badRequest([{ field: 'q', message: M.memberQuery }]);
        const now = clock();
        const members = await searchMembers(db, q, now, { withReports: mayDo(me.role, 'reports.read') });
        // What an operator reads about members is recorded as much as what they change: the words and who was shown.
        const shown = members.length === 0 ? 'no member' : `${members.length} member(s): ${members.map((m) => m.id).join(', ')}`;
        await db.kysely.transaction().execute((trx) => writeAudit(trx, { operator: me, action: 'member.search', objectType: 'member-search', details: `“${q}”: ${shown}`, address: request.ip, at: now }));
        return { members };
      },
    );

    r.get(
      ADMIN_PATHS.member,
      {
        config: { adminPermission: 'members.read' },
        schema: {
          tags,
          operationId: 'adminMember',
          summary: "One member's page: account state, contracts, projects and the reports about them (audited)",
          security: bearer,
          params: IdParams('memberId'),
          response: { 200: AdminMember, ...errors(400, ...guarded) },
        },
      },
      async (request) => {
        const me = operatorOf(request);
        const id = Number(request.params.memberId);
        const now = clock();
        const found = await memberPage(db, id, now, { withReports: mayDo(me.role, 'reports.read') });
        if (!found) throw notFound(M.noMember);
        await db.kysely.transaction().execute((trx) => writeAudit(trx, { operator: me, action: 'member.read', objectType: 'member', objectId: id, address: request.ip, at: now }));
        return found;
      },
    );

    r.post(
      ADMIN_PATHS.memberEndSessions,
      {
        config: { adminPermission: 'members.act' },
        schema: {
          tags,
          operationId: 'adminEndMemberSessions',
          summary: "End all of a member's sessions at once (their open sockets close too)",
          security: bearer,
          params: IdParams('memberId'),
          body: AdminReason,
          response: { 200: Type.Object({ ended: Type.Integer() }), ...errors(400, ...guarded) },
        },
      },
      async (request) => {
        const me = operatorOf(request);
        const reason = checkReason(request.body.reason);
        const id = Number(request.params.memberId);
        const member = await findMember(db, id);
        if (!member) throw notFound(M.noMember);
        const now = clock();
        // The sessions go with the audit entry, in one transaction; then the token service forgets them in this
        // process and tells the chat gateway (and, through Redis, the other processes) to close their sockets.
        const ended = await db.kysely.transaction().execute(async (trx) => {
          const gone = await trx.deleteFrom('sessions').where('userId', '=', id).executeTakeFirst();
          const count = Number(gone.numDeletedRows);
          await writeAudit(trx, { operator: me, action: 'member.end-sessions', objectType: 'member', objectId: id, reason, details: `${count} sessions ended`, address: request.ip, at: now });
          return count;
        });
        await tokens.revokeUserSessions(id);
        return { ended };
      },
    );

    r.post(
      ADMIN_PATHS.memberResendVerification,
      {
        config: { adminPermission: 'members.act' },
        schema: {
          tags,
          operationId: 'adminResendVerification',
          summary: 'Send the member a new link to confirm their e-mail address',
          security: bearer,
          params: IdParams('memberId'),
          response: { 204: Type.Null(), ...errors(400, ...guarded, 409) },
        },
      },
      async (request, reply) => {
        const me = operatorOf(request);
        const id = Number(request.params.memberId);
        const member = await findMember(db, id);
        if (!member || member.deletedAt) throw notFound(M.noMember);
        if (member.emailVerifiedAt) throw new HttpError(409, M.alreadyVerified);
        await db.kysely.transaction().execute((trx) => writeAudit(trx, { operator: me, action: 'member.resend-verification', objectType: 'member', objectId: id, address: request.ip, at: clock() }));
        await sendVerificationLink(db, mailer, config.siteUrl, member, false);
        reply.code(204);
        return null;
      },
    );

    r.get(
      ADMIN_PATHS.money,
      {
        config: { adminPermission: 'money.read' },
        schema: {
          tags,
          operationId: 'adminMoney',
          summary: 'Totals from the ledger, provider calls not acknowledged, and payouts the bank returned',
          security: bearer,
          response: { 200: MoneyOverview, ...errors(...guarded) },
        },
      },
      async () => moneyOverview(db),
    );

    const retry = (kind: 'refund' | 'payout') => async (request: FastifyRequest<{ Params: Record<string, string> }>) => {
      const me = operatorOf(request);
      const provider = app.ctx.payments;
      if (!provider) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
      const id = Number(kind === 'refund' ? request.params.paymentId : request.params.withdrawalId);
      // Every money action is recorded with its amount in dollars, the attempts that moved nothing too.
      const amount =
        kind === 'refund'
          ? await db.kysely.selectFrom('payments').select(['amountCents', 'refundCents']).where('id', '=', id).executeTakeFirst().then((p) => (p ? (p.refundCents ?? p.amountCents) : null))
          : await db.kysely.selectFrom('withdrawals').select('amountCents').where('id', '=', id).executeTakeFirst().then((w) => w?.amountCents ?? null);
      const entry = (outcome: string) =>
        db.kysely.transaction().execute((trx) =>
          writeAudit(trx, { operator: me, action: `${kind}.retry`, objectType: kind === 'refund' ? 'payment' : 'withdrawal', objectId: id, details: `${amount === null ? `the ${kind}` : `the ${kind} of ${formatCents(amount)}`}: ${outcome}`, address: request.ip, at: clock() }),
        );
      let sent: boolean;
      try {
        sent = kind === 'refund' ? await sendRefund(db, provider, id) : await sendPayout(db, provider, id);
      } catch (err) {
        request.log.warn({ err, id }, `${kind} retry: provider unreachable`);
        await entry('the provider could not be reached');
        throw new HttpError(502, M.providerDown);
      }
      if (!sent) {
        await entry('nothing to retry');
        throw new HttpError(409, M.nothingToRetry);
      }
      await entry('sent to the provider');
      return { sent };
    };
    r.post(
      ADMIN_PATHS.refundRetry,
      {
        config: { adminPermission: 'money.retry' },
        schema: { tags, operationId: 'adminRetryRefund', summary: 'Ask the provider again for a booked refund it has not acknowledged', security: bearer, params: IdParams('paymentId'), response: { 200: RetryResponse, ...errors(400, ...guarded, 409, 502, 503) } },
      },
      retry('refund'),
    );
    r.post(
      ADMIN_PATHS.payoutRetry,
      {
        config: { adminPermission: 'money.retry' },
        schema: { tags, operationId: 'adminRetryPayout', summary: 'Ask the provider again for a withdrawal it has not acknowledged', security: bearer, params: IdParams('withdrawalId'), response: { 200: RetryResponse, ...errors(400, ...guarded, 409, 502, 503) } },
      },
      retry('payout'),
    );

    r.post(
      ADMIN_PATHS.moneyReconciliation,
      {
        config: { adminPermission: 'money.reconcile' },
        schema: {
          tags,
          operationId: 'adminReconcile',
          summary: "Compare the ledger with the payment provider's own records now (charges, refunds, payouts) and list every difference; audited",
          security: bearer,
          response: { 200: Reconciliation, ...errors(...guarded, 502, 503) },
        },
      },
      async (request): Promise<ReconciliationView> => {
        const me = operatorOf(request);
        const provider = app.ctx.payments;
        if (!provider) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
        const now = clock();
        const entry = (details: string) => db.kysely.transaction().execute((trx) => writeAudit(trx, { operator: me, action: 'money.reconcile', objectType: 'provider', objectId: provider.name, details, address: request.ip, at: now }));
        let report: ReconciliationView;
        try {
          report = await reconcile(db, provider, now);
        } catch (err) {
          request.log.warn({ err }, 'reconciliation: provider unreachable');
          await entry('the provider could not be reached');
          throw new HttpError(502, M.providerDownReconciliation);
        }
        app.metrics.reconciled(report);
        await entry(`${report.differences.length} differences; ${report.matched} of ${report.ledgerCount} ledger movements matched ${report.providerCount} provider records`);
        return report;
      },
    );

    const memberAction = (path: string, operationId: string, summary: string, lift: boolean) =>
      r.post(
        path,
        {
          config: { adminPermission: 'members.suspend' },
          schema: { tags, operationId, summary, security: bearer, params: IdParams('memberId'), body: lift ? AdminReason : SuspendBody, response: { 204: Type.Null(), ...errors(400, ...guarded, 409) } },
        },
        async (request, reply) => {
          const me = operatorOf(request);
          const body = request.body as { reason: string; reportId?: number };
          const reason = checkReason(body.reason);
          const id = Number(request.params.memberId);
          const member = await findMember(db, id);
          if (!member || member.deletedAt) throw notFound(M.noMember);
          const now = clock();
          const entry = (action: 'member.suspend' | 'member.lift') => (trx: Parameters<typeof writeAudit>[0], details?: string) =>
            writeAudit(trx, { operator: me, action, objectType: 'member', objectId: id, reason, details: details ?? null, address: request.ip, at: now });
          if (lift) {
            if ((await liftSuspension(db, id, entry('member.lift'))) === 'not-suspended') throw new HttpError(409, M.notSuspended);
          } else {
            // Suspending from a report closes it as acted on in the suspension's transaction: both happen or neither.
            const suspended = await suspendMember(db, id, reason, now, async (trx, details) => {
              await entry('member.suspend')(trx, details);
              if (body.reportId === undefined) return;
              await closeAnsweredReport(trx, 'profile', id, body.reportId, now.toISOString());
              await writeAudit(trx, { operator: me, action: 'report.actioned', objectType: 'report', objectId: body.reportId, reason, details: `member ${id} suspended`, address: request.ip, at: now });
            });
            if (suspended === 'already') throw new HttpError(409, M.alreadySuspended);
            // Sessions are gone with the suspension; this ends their open sockets in every process.
            await tokens.revokeUserSessions(id);
          }
          const text = lift
            ? `Hello ${member.firstName},\n\nYour SciExperts account is active again. You can sign in as before.\n\nNote from SciExperts: ${reason}\n`
            : `Hello ${member.firstName},\n\nYour SciExperts account has been suspended.\n\nReason: ${reason}\n\nWhile it is suspended you cannot sign in, and your public profile and open projects are hidden. Money held in escrow for your contracts stays where it is and will be settled. To appeal, answer this e-mail.\n`;
          mailer
            .send({ to: member.email, subject: lift ? 'Your SciExperts account is active again' : 'Your SciExperts account is suspended', text })
            .catch((err: unknown) => request.log.error({ err, id }, 'suspension mail failed'));
          reply.code(204);
          return null;
        },
      );
    memberAction(
      ADMIN_PATHS.memberSuspend,
      'adminSuspendMember',
      'Suspend a member: no sign-in, sessions and sockets end, profile and open projects hidden, proposals withdrawn; escrow untouched. With reportId, that report about them is closed as acted on in the same transaction',
      false,
    );
    memberAction(ADMIN_PATHS.memberLift, 'adminLiftSuspension', "Lift a member's suspension", true);

    r.get(
      ADMIN_PATHS.reports,
      {
        config: { adminPermission: 'reports.read' },
        schema: {
          tags,
          operationId: 'adminReports',
          summary: "Members' open reports, a page at a time, the oldest first or by how many members reported the target, with what was reported and who is responsible",
          security: bearer,
          querystring: ReportsQuery,
          response: { 200: AdminReports, ...errors(400, ...guarded) },
        },
      },
      async (request) => openReports(db, clock(), { page: Number(request.query.page ?? 1), sort: request.query.sort ?? 'oldest' }),
    );

    r.post(
      ADMIN_PATHS.reportClose,
      {
        config: { adminPermission: 'reports.close' },
        schema: {
          tags,
          operationId: 'adminCloseReport',
          summary: 'Close a report: dismissed, or acted on (after suspending or hiding what it named)',
          security: bearer,
          params: IdParams('reportId'),
          body: CloseReportBody,
          response: { 204: Type.Null(), ...errors(400, ...guarded, 409) },
        },
      },
      async (request, reply) => {
        const me = operatorOf(request);
        const reason = checkReason(request.body.reason);
        const id = Number(request.params.reportId);
        const now = clock();
        const closed = await db.kysely.transaction().execute(async (trx) => {
          if (!(await closeReport(trx, id, request.body.outcome, now))) return false;
          await writeAudit(trx, { operator: me, action: `report.${request.body.outcome}`, objectType: 'report', objectId: id, reason, address: request.ip, at: now });
          return true;
        });
        if (!closed) throw new HttpError(409, M.reportClosed);
        reply.code(204);
        return null;
      },
    );

    moderationRoutes({ app, r, operatorOf, checkReason });

    r.get(
      ADMIN_PATHS.concierge,
      {
        config: { adminPermission: 'concierge.read' },
        schema: { tags, operationId: 'adminConcierge', summary: 'Concierge requests not answered yet, the oldest first, with the hours each has waited (flagged from 20)', security: bearer, response: { 200: ConciergeQueue, ...errors(...guarded) } },
      },
      async () => ({ requests: await conciergeQueue(db, clock()) }),
    );

    r.post(
      ADMIN_PATHS.conciergeShortlist,
      {
        config: { adminPermission: 'concierge.answer' },
        schema: {
          tags,
          operationId: 'adminConciergeShortlist',
          summary: 'Send the requester a shortlist of listed experts (once); it is mailed with their profile links',
          security: bearer,
          params: IdParams('requestId'),
          body: ShortlistBody,
          response: { 204: Type.Null(), ...errors(400, ...guarded, 409) },
        },
      },
      async (request, reply) => {
        const me = operatorOf(request);
        const note = checkReason(request.body.note);
        const experts = await listedExperts(db, request.body.expertIds);
        if (!experts) throw badRequest([{ field: 'expertIds', message: M.shortlistExperts }]);
        const id = Number(request.params.requestId);
        const now = clock();
        const answered = await db.kysely.transaction().execute(async (trx) => {
          const req = await recordShortlist(trx, id, me.email, request.body.expertIds, now);
          if (req) await writeAudit(trx, { operator: me, action: 'concierge.shortlist', objectType: 'concierge-request', objectId: id, reason: note, details: `experts ${request.body.expertIds.join(', ')}`, address: request.ip, at: now });
          return req;
        });
        if (!answered) throw new HttpError(409, M.shortlistSent);
        // A member with this confirmed address gets the draft now; anyone else when they confirm it (sign-up included).
        const memberId = await confirmedMemberWithEmail(db, answered.email);
        const draft = memberId === undefined ? undefined : (await claimConciergeDrafts(db, memberId, now).catch((err: unknown) => (request.log.error({ err, id }, 'concierge draft not made'), []))).find((d) => d.requestId === id);
        mailer
          .send({ to: answered.email, subject: 'Your SciExperts shortlist', text: shortlistMailText(answered, experts, note, config.siteUrl, draft?.projectId ?? null) })
          .catch((err: unknown) => request.log.error({ err, id }, 'shortlist mail failed'));
        reply.code(204);
        return null;
      },
    );
  };
}
