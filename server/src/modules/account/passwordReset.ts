import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, API_PATHS, FIELD_MESSAGES } from '@sciexperts/shared/contracts';
import { MessageResponse, PasswordResetAnswer, PasswordResetConfirm, PasswordResetRequest } from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { HttpError, badRequest } from '../../http/errors';
import { api } from '../../http/api';
import { errors, isEmail, open } from '../../http/schemas';
import { findUserByEmail, setPasswordHash } from '../users/repository';
import { consumeResetToken, deleteResetTokensOf, insertResetToken } from './repository';
import { actorOf, recordEvent } from '../security/activity';
import { hasFactors, issueRecoveryGrant, recoveryFactors, recoveryRoutes } from './recovery';
import { checkPassword } from './rules';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const NEUTRAL = ACCOUNT_MESSAGES.resetLinkSent;
const INVALID = ACCOUNT_MESSAGES.resetLinkInvalid;

/** Only the hash is stored, so a leaked database cannot be used to reset passwords. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function passwordResetRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db, config, mailer, hasher, throttles } = ctx;
  const r = api(app);

  async function sendResetLink(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await insertResetToken(db, user.id, hashResetToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    const link = `${config.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your SciExperts password',
      text: `Hello ${user.firstName},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nChoosing it signs your account out on every device. You then see the passkeys and authenticator app on your account, and can remove any you do not recognise.\n\nIf you did not ask for this, ignore this e-mail; your password stays unchanged.\n`,
    });
  }

  r.post(
    API_PATHS.requestPasswordReset,
    {
      schema: {
        tags: ['Account'],
        operationId: 'requestPasswordReset',
        summary: 'Mail a one-time reset link (always answers the same, whether or not the e-mail is known)',
        security: open,
        body: PasswordResetRequest,
        response: { 200: MessageResponse, ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      if (!isEmail(email)) throw badRequest([{ field: 'email', message: FIELD_MESSAGES.emailInvalid }]);
      // Per address, so nobody can flood a mailbox; the answer stays neutral.
      const key = `reset:${email}`;
      if ((await throttles.resetRequest.hit(key)) !== null) throw new HttpError(429, ACCOUNT_MESSAGES.tooManyResets);
      // Answered before any database work: only known addresses get a token row and a mail, and doing that first
      // would make their answers measurably slower. setImmediate lets this reply go out first.
      setImmediate(() => {
        sendResetLink(email).catch((err: unknown) => request.log.error({ err }, 'password reset failed'));
      });
      return { message: NEUTRAL };
    },
  );

  r.post(
    API_PATHS.resetPassword,
    {
      schema: {
        tags: ['Account'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset token; signs the member out everywhere and answers the passkeys and authenticator app, removable with the grant for 15 minutes',
        security: open,
        body: PasswordResetConfirm,
        response: { 200: PasswordResetAnswer, ...errors(400) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const problems = checkPassword(password);
      if (problems.length > 0) throw badRequest(problems);
      if (!token.trim()) throw badRequest([{ field: 'token', message: INVALID }]);
      // The member's e-mail and name are checked before the link is spent, so a refused password does not cost the link.
      const pending = await db.kysely
        .selectFrom('passwordResetTokens')
        .innerJoin('users', 'users.id', 'passwordResetTokens.userId')
        .select(['users.email', 'users.firstName', 'users.lastName'])
        .where('passwordResetTokens.tokenHash', '=', hashResetToken(token.trim()))
        .executeTakeFirst();
      const personal = pending ? checkPassword(password, 'password', pending) : [];
      if (personal.length > 0) throw badRequest(personal);
      const userId = await consumeResetToken(db, hashResetToken(token.trim()));
      if (userId === undefined) throw badRequest([{ field: 'token', message: INVALID }]);
      await setPasswordHash(db, userId, await hasher.hash(password));
      await deleteResetTokensOf(db, userId);
      await ctx.tokens.revokeUserSessions(userId);
      await recordEvent(app, actorOf(request, userId), 'passwordChanged');
      // The link and the new password prove the owner: they may now remove what a thief added (decision 0043).
      const issuedAt = ctx.clock();
      const factors = await recoveryFactors(app, userId, issuedAt);
      if (!hasFactors(factors)) return { message: ACCOUNT_MESSAGES.passwordChanged, recovery: null };
      const { grant, expiresAt } = await issueRecoveryGrant(app, userId, issuedAt);
      return { message: ACCOUNT_MESSAGES.passwordChanged, recovery: { grant, expiresAt, factors } };
    },
  );

  recoveryRoutes(app);
}
