import { createHash, randomBytes } from 'node:crypto';
import type { PasswordResetConfirm, PasswordResetRequest } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, badRequest } from '../http/errors';
import { errorSchema, isEmail } from '../http/schemas';
import { findUserByEmail, setPasswordHash } from '../db/repo/users';
import { consumeResetToken, deleteResetTokensOf, insertResetToken } from '../db/repo/resetTokens';
import { checkPassword } from './accounts';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const NEUTRAL = 'If an account exists for this e-mail, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired. Please request a new one.';

/** Only the hash is stored, so a leaked database cannot be used to reset passwords. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config, mailer, hasher, throttles } = ctx;

  app.post<{ Body: PasswordResetRequest }>(
    '/api/Account/RequestPasswordReset',
    {
      schema: {
        tags: ['Account'],
        summary: 'Mail a one-time reset link (always answers the same, whether or not the e-mail is known)',
        body: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } }, required: ['email'], additionalProperties: false },
        response: { 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      if (!isEmail(email)) throw badRequest([{ field: 'email', message: 'Please enter a valid e-mail address.' }]);
      // Per address, so nobody can flood a mailbox; the answer stays neutral.
      const key = `reset:${email}`;
      if (throttles.resetRequest.isBlocked(key)) throw new HttpError(429, 'Too many reset requests. Please try again later.');
      throttles.resetRequest.fail(key);
      const user = await findUserByEmail(db, email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await insertResetToken(db, user.id, hashResetToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
        const link = `${config.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer must take the same time whether or not the address is known.
        mailer
          .send({
            to: user.email,
            subject: 'Reset your SciExperts password',
            text: `Hello ${user.firstName},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays unchanged.\n`,
          })
          .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
      }
      return { message: NEUTRAL };
    },
  );

  app.post<{ Body: PasswordResetConfirm }>(
    '/api/Account/ResetPassword',
    {
      schema: {
        tags: ['Account'],
        summary: 'Set a new password with a reset token; signs the member out everywhere',
        body: { type: 'object', properties: { token: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 1024 } }, required: ['token', 'password'], additionalProperties: false },
        response: { 400: errorSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const problems = checkPassword(password);
      if (problems.length > 0) throw badRequest(problems);
      if (!token.trim()) throw badRequest([{ field: 'token', message: INVALID }]);
      const userId = await consumeResetToken(db, hashResetToken(token.trim()));
      if (userId === undefined) throw badRequest([{ field: 'token', message: INVALID }]);
      await setPasswordHash(db, userId, await hasher.hash(password));
      await deleteResetTokensOf(db, userId);
      await ctx.tokens.revokeUserSessions(userId);
      return { message: 'Your password has been changed. Please sign in with the new password.' };
    },
  );
}
