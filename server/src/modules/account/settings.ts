// Account settings (docs/decisions/0016-account-settings.md), for a signed-in member: the sessions (list, sign out one
// or all others), the password (the current one first; every other session ends), the phone number, and the e-mail
// address (the current password, or a recent sign-in through the identity provider; the change happens only when the
// link mailed to the new address is opened, and the old address is told). Confirming needs no session: the link may
// be opened on another device.
import { createHash } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SETTINGS_LIMITS,
  ACCOUNT_SETTINGS_PAGE_PATH,
  ACCOUNT_SETTINGS_MESSAGES as M,
  API_PATHS,
  CONFIRM_EMAIL_PAGE_PATH,
  FIELD_MESSAGES,
  PHONE_RE,
  type SessionList as SessionListT,
} from '@sciexperts/shared/contracts';
import { ChangeEmailRequest, ChangePasswordRequest, ChangePhoneRequest, ConfirmEmailRequest, MessageResponse, SessionList, SessionParams } from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { api, requireSession } from '../../http/api';
import { auth, bearer, errors, isEmail, open } from '../../http/schemas';
import { findUserByEmail, findUserById, setPasswordHash } from '../users/repository';
import { describeDevice } from './device';
import { deleteResetTokensOf, sessionsOf } from './repository';
import { checkPassword } from './rules';
import { consumeEmailToken, createEmailToken, spendEmailTokens } from './emailTokens';
import { claimConciergeDraftsQuietly } from '../concierge/drafts';

const tags = ['Account'];
/** What the member's list shows of a session: a digest of its id, never the id the token carries. */
export const publicSessionId = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);

/** 'a•••@example.org': enough for the owner to recognise the address, not enough to give it away. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * The member proves it is them before a change that could take or destroy the account: the current password (wrong
 * ones counted per member: 429 after five), or for identity-provider members, a sign-in within the last minutes.
 */
export function reauthenticator(app: FastifyInstance) {
  const { db, hasher, throttles } = app.ctx;
  return async function reauthenticate(userId: number, sessionId: string, currentPassword: string | undefined, field = 'currentPassword') {
    const user = await findUserById(db, userId);
    if (!user) throw notFound(M.sessionNotFound);
    if (!user.passwordHash) {
      const session = await db.kysely.selectFrom('sessions').select('createdAt').where('id', '=', sessionId).executeTakeFirst();
      const recent = session && Date.now() - Date.parse(session.createdAt) <= ACCOUNT_SETTINGS_LIMITS.recentSignInMinutes * 60_000;
      if (!recent) throw forbidden(M.recentSignInRequired);
      return user;
    }
    const key = `reauth:${userId}`;
    if (!currentPassword) {
      const wait = await throttles.reauth.check(key);
      if (wait !== null) throw new HttpError(429, M.tooManyAttempts, undefined, { 'retry-after': String(wait) });
      throw badRequest([{ field, message: M.currentPasswordRequired }]);
    }
    // Counted before the check, so parallel guesses cannot all pass; a right password gives its count back.
    const wait = await throttles.reauth.hit(key);
    if (wait !== null) throw new HttpError(429, M.tooManyAttempts, undefined, { 'retry-after': String(wait) });
    if (!(await hasher.verify(currentPassword, user.passwordHash))) throw badRequest([{ field, message: M.currentPasswordWrong }]);
    await throttles.reauth.refund(key);
    return user;
  };
}

export function accountSettingsRoutes(app: FastifyInstance): void {
  const { db, hasher, tokens, mailer, config } = app.ctx;

  const reauthenticate = reauthenticator(app);

  app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    const r = api(inner);

    r.get(
      API_PATHS.accountSessions,
      { schema: { tags, operationId: 'listSessions', summary: "The member's signed-in sessions, most recently used first", security: bearer, response: { 200: SessionList, ...errors(401) } } },
      async (request): Promise<SessionListT> => {
        const me = auth(request);
        const rows = await sessionsOf(db, me.userId, undefined, { ownOnly: true });
        return {
          results: rows.map((s) => ({ id: publicSessionId(s.id), device: describeDevice(s.userAgent), createdAt: s.createdAt, lastUsedAt: s.lastUsedAt, current: s.id === me.sessionId })),
        };
      },
    );

    r.post(
      API_PATHS.accountSessionRevoke,
      {
        schema: {
          tags,
          operationId: 'revokeSession',
          summary: 'Sign out one of the member’s sessions (its open connections close at once)',
          security: bearer,
          params: SessionParams,
          response: { 200: MessageResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const me = auth(request);
        const session = (await sessionsOf(db, me.userId, undefined, { ownOnly: true })).find((s) => publicSessionId(s.id) === request.params.id);
        if (!session) throw notFound(M.sessionNotFound);
        await tokens.revokeSession(session.id);
        return { message: M.sessionEnded };
      },
    );

    r.post(
      API_PATHS.accountSessionsRevokeOthers,
      { schema: { tags, operationId: 'revokeOtherSessions', summary: 'Sign out every session of the member but this one', security: bearer, response: { 200: MessageResponse, ...errors(401) } } },
      async (request) => {
        const me = auth(request);
        await tokens.revokeOtherSessions(me.userId, me.sessionId);
        return { message: M.otherSessionsEnded };
      },
    );

    r.post(
      API_PATHS.changePassword,
      {
        schema: {
          tags,
          operationId: 'changePassword',
          summary: 'Change the password (the current one first); every other session of the member ends',
          security: bearer,
          body: ChangePasswordRequest,
          response: { 200: MessageResponse, ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => {
        const me = auth(request);
        const current = await findUserById(db, me.userId);
        if (current && !current.passwordHash) throw new HttpError(409, M.passwordManagedByProvider);
        const problems = checkPassword(request.body.newPassword, 'newPassword', current ?? {});
        const user = await reauthenticate(me.userId, me.sessionId, request.body.currentPassword);
        if (problems.length > 0) throw badRequest(problems);
        await setPasswordHash(db, user.id, await hasher.hash(request.body.newPassword));
        await deleteResetTokensOf(db, user.id);
        await tokens.revokeOtherSessions(user.id, me.sessionId);
        await mailer
          .send({
            to: user.email,
            subject: 'Your SciExperts password was changed',
            text: `Hello ${user.firstName},\n\nThe password of your SciExperts account was changed, and every other device was signed out.\n\nIf this was not you, reset your password now: open ${config.siteUrl}, choose Login, then “Forgot your password?”.\n`,
          })
          .catch((err: unknown) => request.log.warn({ err }, 'password change notice failed'));
        return { message: M.passwordChanged };
      },
    );

    r.post(
      API_PATHS.changePhone,
      {
        schema: { tags, operationId: 'changePhone', summary: "Change the member's phone number", security: bearer, body: ChangePhoneRequest, response: { 200: MessageResponse, ...errors(400, 401) } },
      },
      async (request) => {
        const phoneNumber = request.body.phoneNumber.trim();
        if (!phoneNumber) throw badRequest([{ field: 'phoneNumber', message: FIELD_MESSAGES.phoneRequired }]);
        if (!PHONE_RE.test(phoneNumber)) throw badRequest([{ field: 'phoneNumber', message: FIELD_MESSAGES.phoneInvalid }]);
        await db.kysely.updateTable('users').set({ phoneNumber }).where('id', '=', auth(request).userId).execute();
        return { message: M.phoneChanged };
      },
    );

    r.post(
      API_PATHS.changeEmail,
      {
        schema: {
          tags,
          operationId: 'changeEmail',
          summary: 'Ask to change the e-mail address: a confirmation link goes to the new address and a notice to the old one',
          security: bearer,
          body: ChangeEmailRequest,
          response: { 200: MessageResponse, ...errors(400, 401, 403, 409, 429) },
        },
      },
      async (request) => {
        const me = auth(request);
        const newEmail = request.body.newEmail.trim().toLowerCase();
        if (!newEmail) throw badRequest([{ field: 'newEmail', message: FIELD_MESSAGES.emailRequired }]);
        if (!isEmail(newEmail)) throw badRequest([{ field: 'newEmail', message: FIELD_MESSAGES.emailInvalid }]);
        const user = await reauthenticate(me.userId, me.sessionId, request.body.currentPassword);
        if (newEmail === user.email) throw badRequest([{ field: 'newEmail', message: M.emailSame }]);
        if (await findUserByEmail(db, newEmail)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
        // One pending change at a time: an older link stops working.
        await spendEmailTokens(db, user.id, 'change');
        const token = await createEmailToken(db, user.id, 'change', newEmail);
        const link = `${config.siteUrl}${CONFIRM_EMAIL_PAGE_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: newEmail,
          subject: 'Confirm your new SciExperts e-mail address',
          text: `Hello ${user.firstName},\n\nOpen this link within ${ACCOUNT_SETTINGS_LIMITS.emailTokenHours} hours to make ${newEmail} the e-mail address of your SciExperts account:\n${link}\n\nIf you did not ask for this, ignore this e-mail; nothing changes.\n`,
        });
        await mailer
          .send({
            to: user.email,
            subject: 'A change of your SciExperts e-mail address was requested',
            text: `Hello ${user.firstName},\n\nSomeone signed in to your SciExperts account asked to change its e-mail address to ${maskEmail(newEmail)}. It changes only when the link sent to that address is opened.\n\nIf this was not you, change your password now and sign out your other sessions in the account settings: ${config.siteUrl}${ACCOUNT_SETTINGS_PAGE_PATH}\n`,
          })
          .catch((err: unknown) => request.log.warn({ err }, 'e-mail change notice failed'));
        return { message: M.emailChangeSent };
      },
    );
  });

  api(app).post(
    API_PATHS.confirmEmail,
    {
      schema: {
        tags,
        operationId: 'confirmEmail',
        summary: 'Confirm a new e-mail address with the link mailed to it (no session needed; each link works once)',
        security: open,
        body: ConfirmEmailRequest,
        response: { 200: MessageResponse, ...errors(400, 409) },
      },
    },
    async (request) => {
      const now = new Date().toISOString();
      const row = await consumeEmailToken(db, request.body.token, 'change');
      if (!row) throw badRequest(M.emailLinkInvalid);
      try {
        await db.kysely.updateTable('users').set({ email: row.address, emailVerifiedAt: now }).where('id', '=', row.userId).execute();
      } catch (err) {
        // Taken since the link was sent: the link is spent either way, and the member asks again with another address.
        if (isUniqueViolation(err)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
        throw err;
      }
      // The new address may be one a concierge shortlist was answered for: it becomes the member's project draft.
      await claimConciergeDraftsQuietly(db, request.log, row.userId, app.ctx.clock());
      return { message: M.emailConfirmed };
    },
  );
}
