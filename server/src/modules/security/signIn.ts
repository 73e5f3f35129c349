// How a sign-in ends (docs/decisions/0034-second-factor.md, 0042): a member with a second factor gets, after the right
// password or the identity provider, a short-lived single-use token for the code step instead of a session; everyone else (and the code step,
// and a passkey) gets the session, recorded in the recent activity and alerted when the browser and address are new.
import { SECURITY_LIMITS, SECURITY_MESSAGES, type IdentityLoginAnswer, type LoginAnswer, type SecondFactorChallenge } from '@sciexperts/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { looksLikeRecoveryCode } from '../../auth/secondFactor/recoveryCodes';
import { loadUser, type UserRow } from '../users/repository';
import { recordSignIn } from './activity';
import { claimConciergeDraftsQuietly } from '../concierge/drafts';
import { consumeChallenge, createChallenge, peekChallenge } from './challenges';

type Row = UserRow;

/** A session for the member: issued, recorded, alerted. */
export async function startSession(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<string> {
  const token = await app.ctx.tokens.issue(userId, request.headers['user-agent'] ?? null);
  await recordSignIn(app, request, userId, token);
  // A concierge shortlist answered for this member's confirmed address becomes their project draft.
  await claimConciergeDraftsQuietly(app.ctx.db, request.log, userId, app.ctx.clock());
  return token;
}

/** The request for the second factor: a short-lived single-use token for the code step, no session yet. */
async function secondFactorChallenge(app: FastifyInstance, userId: number): Promise<SecondFactorChallenge> {
  const ttl = SECURITY_LIMITS.secondFactorChallengeMinutes * 60_000;
  const challengeToken = await createChallenge(app.ctx.db, 'secondFactor', { userId }, ttl, app.ctx.clock());
  return { secondFactorRequired: true, challengeToken, expiresInSeconds: ttl / 1000 };
}

/** After the right password: the session, or the request for the second factor. */
export async function afterPassword(app: FastifyInstance, request: FastifyRequest, row: Row): Promise<LoginAnswer> {
  const { db, secondFactors } = app.ctx;
  if (await secondFactors.isEnabled({ kind: 'member', id: row.id })) return secondFactorChallenge(app, row.id);
  return { token: await startSession(app, request, row.id), user: await loadUser(db, row) };
}

/**
 * After the identity provider vouched for the member (docs/decisions/0042): a member who turned the second factor on
 * is asked for it here too, as after a password, unless the provider's token says it asked for several factors itself
 * (`amr` contains "mfa"). Any other method the provider names (a password, "linkedin") is one factor.
 */
export async function afterIdentityProvider(app: FastifyInstance, request: FastifyRequest, row: Row, amr: readonly string[]): Promise<IdentityLoginAnswer> {
  const { db, secondFactors } = app.ctx;
  if (!amr.includes('mfa') && (await secondFactors.isEnabled({ kind: 'member', id: row.id }))) return secondFactorChallenge(app, row.id);
  return { accessToken: await startSession(app, request, row.id), user: await loadUser(db, row) };
}

const tooMany = (retryAfterSeconds: number) => new HttpError(429, SECURITY_MESSAGES.tooManyCodes, undefined, { 'retry-after': String(retryAfterSeconds) });

/**
 * Checks a second-factor code of `userId` from this client address, throttled like a wrong password: the login
 * throttle (docs/decisions/0004), keyed on the account's codes, so five wrong codes from an address make it wait.
 * Throws the refusal (400 wrong/reused, 429); answers nothing on success.
 */
export async function checkCode(app: FastifyInstance, request: FastifyRequest, userId: number, code: string, field = 'code'): Promise<void> {
  const { throttles, secondFactors } = app.ctx;
  if (!code.trim()) throw new HttpError(400, SECURITY_MESSAGES.codeRequired, [{ field, message: SECURITY_MESSAGES.codeRequired }]);
  const admission = await throttles.login.admit(`second-factor:${userId}`, request.ip);
  if (!admission.ok) throw tooMany(admission.retryAfterSeconds);
  const { attempt } = admission;
  try {
    const result = await secondFactors.verify({ kind: 'member', id: userId }, code);
    if (result.ok) {
      await attempt.succeed();
      return;
    }
    await attempt.fail();
    const message =
      result.reason === 'reused' ? (looksLikeRecoveryCode(code) ? SECURITY_MESSAGES.recoveryCodeReused : SECURITY_MESSAGES.codeReused) : result.reason === 'notEnabled' ? SECURITY_MESSAGES.secondFactorNotOn : SECURITY_MESSAGES.codeWrong;
    throw new HttpError(400, message, [{ field, message }]);
  } finally {
    await attempt.release();
  }
}

/** The code step: the token from the password step and a code. The token works once, on success only. */
export async function completeSecondFactor(app: FastifyInstance, request: FastifyRequest, challengeToken: string, code: string) {
  const { db, clock } = app.ctx;
  const challenge = await peekChallenge(db, challengeToken, 'secondFactor', clock());
  if (!challenge?.userId) throw new HttpError(401, SECURITY_MESSAGES.challengeExpired);
  await checkCode(app, request, challenge.userId, code);
  // Spent only now: a wrong code may be corrected with the same token (the throttle bounds the tries).
  const spent = await consumeChallenge(db, challengeToken, 'secondFactor', clock());
  if (!spent?.userId) throw new HttpError(401, SECURITY_MESSAGES.challengeExpired);
  const row = await db.kysely.selectFrom('users').selectAll().where('id', '=', spent.userId).executeTakeFirst();
  if (!row) throw new HttpError(401, SECURITY_MESSAGES.challengeExpired);
  return { token: await startSession(app, request, row.id), user: await loadUser(db, row) };
}
