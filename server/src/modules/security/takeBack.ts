// "That was not me" (docs/decisions/0042-authenticator-lifecycle.md): the links of the sign-in alert and of the
// sign-in-method e-mails both end every session of the account (every API process and every open socket, through
// the token service's revocation) and start a password reset, so whoever took a session or the password is out and
// cannot come back with what they had.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteResetTokensOf, insertResetToken } from '../account/repository';
import { hashResetToken, RESET_TOKEN_TTL_MS } from '../account/passwordReset';
import { recordEvent, type Actor } from './activity';

/**
 * Ends every session of the member, everywhere: the rows go, each process's cache is told, open sockets close. A
 * helper of its own so every "take the account back" path (these links, the password reset) says it the same way.
 */
export async function endEverySession(app: FastifyInstance, userId: number): Promise<void> {
  await app.ctx.tokens.revokeUserSessions(userId);
}

/**
 * Ends every session and, for a member with a SciExperts password, starts a reset: a fresh reset token (earlier ones
 * dropped) that the page uses at once, and the same link mailed, so the member can still choose a password later.
 * `place`, when known, is the browser and address the member disowned: it is never a known place again (no more
 * silent sign-ins from there). Answers the reset token, or null for a member without a password.
 */
export async function takeAccountBack(app: FastifyInstance, request: FastifyRequest, userId: number, place: { device: string; address: string } | null): Promise<string | null> {
  const { db, mailer, config } = app.ctx;
  await endEverySession(app, userId);
  const disowned: Actor = { userId, device: place?.device ?? '', address: place?.address ?? '' };
  await recordEvent(app, disowned, 'reportedNotMe');
  const user = await db.kysely.selectFrom('users').select(['id', 'email', 'firstName', 'passwordHash']).where('id', '=', userId).executeTakeFirst();
  if (!user?.passwordHash) return null;
  const resetToken = randomBytes(32).toString('base64url');
  await deleteResetTokensOf(db, user.id);
  // The reset route checks the link against the real clock, as the mailed links are.
  await insertResetToken(db, user.id, hashResetToken(resetToken), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  const link = `${config.siteUrl}/reset-password?token=${encodeURIComponent(resetToken)}`;
  await mailer
    .send({
      to: user.email,
      subject: 'Choose a new password for your SciExperts account',
      text:
        `Hello ${user.firstName},\n\nYou told us that a sign-in or a change to your SciExperts account was not you. ` +
        `We have signed your account out everywhere.\n\nChoose a new password within 30 minutes with this link:\n${link}\n\n` +
        `If the link has expired, use "Forgot your password?" on the sign-in form.\n`,
    })
    .catch((err: unknown) => request.log.warn({ err }, 'take-back reset e-mail failed'));
  return resetToken;
}
