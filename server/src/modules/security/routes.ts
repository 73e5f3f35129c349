// Account security routes (docs/decisions/0034-second-factor.md): the code step of a sign-in, the member's second
// factor, passkeys (add, name, remove, sign in), step-up, recent activity, and the links of security e-mails.
import {
  SECURITY_EVENT_LABELS,
  SECURITY_MESSAGES as M,
  SECURITY_PATHS as P,
  type SecurityEventType,
  type SecurityOverview as SecurityOverviewT,
} from '@sciexperts/shared/contracts';
import {
  AlertEndSessionAnswer,
  CodeRequest,
  LinkTokenRequest,
  LoginResponse,
  LoginSecondFactorRequest,
  MessageResponse,
  PasskeyLoginRequest,
  PasskeyOptions,
  PasskeyParams,
  PasskeyRegisterRequest,
  RecoveryCodes,
  SecondFactorSetup,
  SecurityOverview,
  StepUpAnswer,
  StepUpOptions,
  StepUpRequest,
} from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, open } from '../../http/schemas';
import { findUserById, loadUser } from '../users/repository';
import { reauthenticator } from '../account/settings';
import { actorOf, recentActivity, recordEvent } from './activity';
import { consumeChallenge, pruneChallenges } from './challenges';
import { authenticationOptions, registerPasskey, registrationOptions, verifyPasskey, type PasskeyRefusal } from './passkeys';
import { confirmPayoutChange } from './payoutHold';
import { mailMethodChange, undoMethodChange } from './methodChanges';
import { takeAccountBack } from './takeBack';
import { checkCode, completeSecondFactor, startSession } from './signIn';
import { grantStepUp, stepUpMethods } from './stepUp';

const tags = ['Account security'];

const passkeyRefusal = (reason: PasskeyRefusal) =>
  reason === 'challenge'
    ? badRequest(M.passkeyChallengeInvalid)
    : reason === 'otherSession'
      ? badRequest(M.stepUpOtherSession)
      : reason === 'unknown'
        ? badRequest(M.passkeyUnknown)
        : reason === 'duplicate'
          ? new HttpError(409, M.passkeyAlreadyRegistered)
          : badRequest(M.passkeyVerificationFailed);

export const securityModule: Module = async (app: FastifyInstance) => {
  const { db, secondFactors, clock } = app.ctx;
  const member = (id: number) => ({ kind: 'member' as const, id });

  // ---- Without a session: the code step, passkey sign-in, the e-mails' links ----
  const pub = api(app);

  pub.post(
    P.loginSecondFactor,
    {
      schema: {
        tags,
        operationId: 'loginSecondFactor',
        summary: "Finish a password sign-in with the second factor's code (or a recovery code)",
        security: open,
        body: LoginSecondFactorRequest,
        response: { 200: LoginResponse, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => completeSecondFactor(app, request, request.body.challengeToken, request.body.code),
  );

  pub.post(
    P.passkeyLoginOptions,
    { schema: { tags, operationId: 'passkeyLoginOptions', summary: 'A single-use challenge to sign in with a passkey', security: open, response: { 200: PasskeyOptions, ...errors(429) } } },
    async () => {
      // Each call stores a row; expired ones are cleared now and then so anonymous calls cannot grow the table for ever.
      if (Math.random() < 0.01) await pruneChallenges(db, clock());
      return { options: (await authenticationOptions(app, 'passkeyLogin')) as unknown as Record<string, unknown> };
    },
  );

  pub.post(
    P.passkeyLogin,
    {
      schema: {
        tags,
        operationId: 'passkeyLogin',
        summary: 'Sign in with a passkey alone (the answer to a challenge from LoginOptions)',
        security: open,
        body: PasskeyLoginRequest,
        response: { 200: LoginResponse, ...errors(400) },
      },
    },
    async (request) => {
      const result = await verifyPasskey(app, request.body.response as never, 'passkeyLogin');
      if (!result.ok) throw passkeyRefusal(result.reason);
      const row = await findUserById(db, result.userId);
      if (!row || row.deletedAt) throw badRequest(M.passkeyUnknown);
      return { token: await startSession(app, request, row.id), user: await loadUser(db, row) };
    },
  );

  pub.post(
    P.signInAlertEndSession,
    {
      schema: {
        tags,
        operationId: 'signInAlertEndSession',
        summary: "The sign-in alert's link ('Not me'): ends every session of the account and starts a password reset",
        security: open,
        body: LinkTokenRequest,
        response: { 200: AlertEndSessionAnswer, ...errors(400) },
      },
    },
    async (request) => {
      const row = await consumeChallenge(db, request.body.token, 'signInAlert', clock());
      if (!row?.userId) throw badRequest(M.alertLinkInvalid);
      // Not only the alerted session: a thief may have signed in twice, or kept a token from before.
      const place = row.data ? (JSON.parse(row.data) as { device: string; address: string }) : null;
      const resetToken = await takeAccountBack(app, request, row.userId, place);
      return { message: M.alertSessionEnded, resetToken };
    },
  );

  pub.post(
    P.securityChangeUndo,
    {
      schema: {
        tags,
        operationId: 'undoSecurityChange',
        summary: 'The link mailed when a passkey, authenticator app or recovery codes were added or removed: removes what was added, ends every session, starts a password reset',
        security: open,
        body: LinkTokenRequest,
        response: { 200: AlertEndSessionAnswer, ...errors(400) },
      },
    },
    async (request) => {
      const undone = await undoMethodChange(app, request, request.body.token);
      if (!undone) throw badRequest(M.alertLinkInvalid);
      return { message: undone.resetToken ? M.securityChangeUndone : M.securityChangeUndoneNoPassword, resetToken: undone.resetToken };
    },
  );

  pub.post(
    P.payoutChangeConfirm,
    {
      schema: {
        tags,
        operationId: 'confirmPayoutChange',
        summary: 'The link mailed at a payout account change: confirms it, so withdrawals are no longer held',
        security: open,
        body: LinkTokenRequest,
        response: { 200: MessageResponse, ...errors(400) },
      },
    },
    async (request) => {
      if (!(await confirmPayoutChange(app, request.body.token))) throw badRequest(M.payoutLinkInvalid);
      return { message: M.payoutChangeConfirmed };
    },
  );

  // ---- With a session ----
  await app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    const r = api(inner);
    const reauthenticate = reauthenticator(inner);

    r.get(
      P.security,
      { schema: { tags, operationId: 'securityOverview', summary: "The member's second factor, passkeys, ways to step up and recent activity", security: bearer, response: { 200: SecurityOverview, ...errors(401) } } },
      async (request): Promise<SecurityOverviewT> => {
        const me = auth(request);
        const user = await findUserById(db, me.userId);
        const [status, passkeys, methods, activity] = await Promise.all([
          secondFactors.status(member(me.userId)),
          db.kysely.selectFrom('passkeys').select(['id', 'name', 'createdAt', 'lastUsedAt']).where('userId', '=', me.userId).orderBy('id').execute(),
          stepUpMethods(app, me.userId),
          recentActivity(app, me.userId),
        ]);
        return {
          hasPassword: Boolean(user?.passwordHash),
          secondFactor: status,
          passkeys,
          stepUpMethods: methods,
          recentActivity: activity.map((e) => ({ type: e.type, label: SECURITY_EVENT_LABELS[e.type as SecurityEventType] ?? e.type, device: e.device, address: e.address, at: e.createdAt })),
        };
      },
    );

    r.post(
      P.secondFactorSetup,
      { schema: { tags, operationId: 'secondFactorSetup', summary: 'Start turning on the second factor: a new secret and its QR code (pending until confirmed)', security: bearer, response: { 200: SecondFactorSetup, ...errors(401, 409) } } },
      async (request) => {
        const me = auth(request);
        const user = await findUserById(db, me.userId);
        const begun = await secondFactors.begin(member(me.userId), user?.email ?? `member ${me.userId}`);
        if (!begun.ok) throw new HttpError(409, M.alreadyOn);
        return begun.enrolment;
      },
    );

    r.post(
      P.secondFactorConfirm,
      {
        schema: {
          tags,
          operationId: 'secondFactorConfirm',
          summary: 'Turn the second factor on with a code from the app; answers the ten recovery codes, shown once',
          security: bearer,
          body: CodeRequest,
          response: { 200: RecoveryCodes, ...errors(400, 401, 409) },
        },
      },
      async (request) => {
        const me = auth(request);
        const result = await secondFactors.confirm(member(me.userId), request.body.code);
        if (!result.ok) {
          if (result.reason === 'alreadyEnabled') throw new HttpError(409, M.alreadyOn);
          if (result.reason === 'noPendingSetup') throw new HttpError(409, M.noPendingSetup);
          throw badRequest([{ field: 'code', message: M.codeWrong }]);
        }
        await recordEvent(app, actorOf(request, me.userId), 'secondFactorOn');
        const status = await secondFactors.status(member(me.userId));
        await mailMethodChange(app, request, me.userId, { kind: 'authenticatorOn', confirmedAt: status.enabledAt ?? '' });
        return { message: M.secondFactorOn, recoveryCodes: result.recoveryCodes };
      },
    );

    r.post(
      P.secondFactorDisable,
      { schema: { tags, operationId: 'secondFactorDisable', summary: 'Turn the second factor off (after a step-up)', security: bearer, response: { 200: MessageResponse, ...errors(401, 409) } } },
      async (request) => {
        const me = auth(request);
        if (!(await secondFactors.isEnabled(member(me.userId)))) throw new HttpError(409, M.secondFactorNotOn);
        await secondFactors.disable(member(me.userId));
        await recordEvent(app, actorOf(request, me.userId), 'secondFactorOff');
        await mailMethodChange(app, request, me.userId, { kind: 'authenticatorOff' });
        return { message: M.secondFactorOff };
      },
    );

    r.post(
      P.recoveryCodesRegenerate,
      { schema: { tags, operationId: 'recoveryCodesRegenerate', summary: 'Ten new recovery codes (after a step-up); the old ones stop working', security: bearer, response: { 200: RecoveryCodes, ...errors(401, 409) } } },
      async (request) => {
        const me = auth(request);
        const codes = await secondFactors.regenerateRecoveryCodes(member(me.userId));
        if (!codes) throw new HttpError(409, M.secondFactorNotOn);
        await recordEvent(app, actorOf(request, me.userId), 'recoveryCodesRegenerated');
        const batch = await db.kysely
          .selectFrom('recoveryCodes')
          .select((eb) => eb.fn.max('createdAt').as('createdAt'))
          .where('ownerKind', '=', 'member')
          .where('ownerId', '=', me.userId)
          .executeTakeFirst();
        await mailMethodChange(app, request, me.userId, { kind: 'recoveryCodes', createdAt: String(batch?.createdAt ?? '') });
        return { message: M.recoveryCodesRegenerated, recoveryCodes: codes };
      },
    );

    r.post(
      P.stepUpOptions,
      { schema: { tags, operationId: 'stepUpOptions', summary: 'How this member can confirm it is them (and a passkey challenge bound to this session)', security: bearer, response: { 200: StepUpOptions, ...errors(401) } } },
      async (request) => {
        const me = auth(request);
        const methods = await stepUpMethods(app, me.userId);
        if (!methods.includes('passkey')) return { methods };
        const options = await authenticationOptions(app, 'stepUpPasskey', me);
        return { methods, passkeyOptions: options as unknown as Record<string, unknown> };
      },
    );

    r.post(
      P.stepUp,
      {
        schema: {
          tags,
          operationId: 'stepUp',
          summary: 'Confirm it is the member (passkey, second factor, or the password without either): good for 5 minutes on this session',
          security: bearer,
          body: StepUpRequest,
          response: { 200: StepUpAnswer, ...errors(400, 401, 409, 429, 503) },
        },
      },
      async (request) => {
        const me = auth(request);
        const methods = await stepUpMethods(app, me.userId);
        const body = request.body;
        if (!methods.includes(body.method)) throw new HttpError(409, methods.length === 0 ? M.stepUpIdentityProvider : M.stepUpMethodUnavailable);
        if (body.method === 'totp') await checkCode(app, request, me.userId, body.code);
        else if (body.method === 'password') await reauthenticate(me.userId, me.sessionId, body.password, 'password');
        else {
          const result = await verifyPasskey(app, body.response as never, 'stepUpPasskey', me);
          if (!result.ok) throw passkeyRefusal(result.reason);
        }
        return { message: M.stepUpDone, until: await grantStepUp(app, me.sessionId) };
      },
    );

    r.post(
      P.passkeyRegisterOptions,
      { schema: { tags, operationId: 'passkeyRegisterOptions', summary: 'A single-use challenge to add a passkey to this account', security: bearer, response: { 200: PasskeyOptions, ...errors(401) } } },
      async (request) => {
        const me = auth(request);
        const user = await findUserById(db, me.userId);
        if (!user) throw notFound();
        return { options: (await registrationOptions(app, user, me.sessionId)) as unknown as Record<string, unknown> };
      },
    );

    r.post(
      P.passkeys,
      { schema: { tags, operationId: 'passkeyAdd', summary: 'Add a passkey (the answer to RegisterOptions) with a name', security: bearer, body: PasskeyRegisterRequest, response: { 200: MessageResponse, ...errors(400, 401, 409) } } },
      async (request) => {
        const me = auth(request);
        const name = request.body.name.trim();
        if (!name) throw badRequest([{ field: 'name', message: M.passkeyNameRequired }]);
        const result = await registerPasskey(app, me.userId, me.sessionId, name, request.body.response as never);
        if (!result.ok) throw passkeyRefusal(result.reason);
        await recordEvent(app, actorOf(request, me.userId), 'passkeyAdded');
        await mailMethodChange(app, request, me.userId, { kind: 'passkeyAdded', passkeyId: result.id, name });
        return { message: M.passkeyAdded };
      },
    );

    r.post(
      P.passkeyRemove,
      { schema: { tags, operationId: 'passkeyRemove', summary: 'Remove one of the member’s passkeys (after a step-up)', security: bearer, params: PasskeyParams, response: { 200: MessageResponse, ...errors(400, 401, 404) } } },
      async (request) => {
        const me = auth(request);
        const gone = await db.kysely.deleteFrom('passkeys').where('id', '=', Number(request.params.id)).where('userId', '=', me.userId).returning('name').executeTakeFirst();
        if (!gone) throw notFound(M.passkeyNotFound);
        await recordEvent(app, actorOf(request, me.userId), 'passkeyRemoved');
        await mailMethodChange(app, request, me.userId, { kind: 'passkeyRemoved', name: gone.name });
        return { message: M.passkeyRemoved };
      },
    );
  });
};
