// Account recovery after an e-mailed password reset (docs/decisions/0043-account-recovery.md). A stolen session lets
// a thief add a passkey or turn on an authenticator app of their own; a reset that only changed the password would
// leave both working. The reset therefore answers the account's factors and a grant: the e-mailed link and the new
// password are proof enough to remove any of them, for 15 minutes, for that member only, without a session.
//
// The grant is a row of authChallenges (purpose 'recoveryGrant', only its SHA-256 stored), like the other short-lived
// tokens of account security; unlike them it is not spent by one use, since the member may remove several factors.
// A newer reset spends the older grant.
import { randomBytes } from 'node:crypto';
import { RECOVERY_LIMITS, RECOVERY_MESSAGES as M, RECOVERY_PATHS as P, type RecoveryFactors as RecoveryFactorsT } from '@sciexperts/shared/contracts';
import { RecoveryGrant, RecoveryPasskeyParams, RecoveryRemovalAnswer } from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api } from '../../http/api';
import { errors, open } from '../../http/schemas';
import { actorOf, recordEvent } from '../security/activity';
import { hashChallenge } from '../security/challenges';

const PURPOSE = 'recoveryGrant';
const grantMs = RECOVERY_LIMITS.grantMinutes * 60_000;
const recentMs = RECOVERY_LIMITS.recentFactorHours * 3600_000;

interface LiveGrant {
  userId: number;
  /** When the reset was completed: "added recently" is measured back from it. */
  issuedAt: Date;
}

/** A new grant for the member; their older ones stop working. */
export async function issueRecoveryGrant(app: FastifyInstance, userId: number, now: Date): Promise<{ grant: string; expiresAt: string }> {
  const { db } = app.ctx;
  const grant = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + grantMs).toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('authChallenges')
      .set({ usedAt: now.toISOString() })
      .where('purpose', '=', PURPOSE)
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('authChallenges')
      .values({ tokenHash: hashChallenge(grant), purpose: PURPOSE, userId, sessionId: null, data: null, createdAt: now.toISOString(), expiresAt, usedAt: null })
      .execute();
  });
  return { grant, expiresAt };
}

async function liveGrant(k: Kysely<Database>, grant: string, now: Date): Promise<LiveGrant | undefined> {
  const row = await k
    .selectFrom('authChallenges')
    .select(['userId', 'createdAt'])
    .where('tokenHash', '=', hashChallenge(grant))
    .where('purpose', '=', PURPOSE)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return row?.userId ? { userId: row.userId, issuedAt: new Date(row.createdAt) } : undefined;
}

/**
 * The member's passkeys and authenticator app as the reset page lists them. Anything added in the day before the
 * reset, or since, is flagged: a thief acts between stealing the session and the owner noticing, and the owner may
 * not remember what a passkey's name stands for.
 */
export async function recoveryFactors(app: FastifyInstance, userId: number, issuedAt: Date): Promise<RecoveryFactorsT> {
  const { db, secondFactors } = app.ctx;
  const since = issuedAt.getTime() - recentMs;
  const recent = (at: string | null) => at !== null && Date.parse(at) >= since;
  const [rows, status] = await Promise.all([
    db.kysely.selectFrom('passkeys').select(['id', 'name', 'createdAt']).where('userId', '=', userId).orderBy('id').execute(),
    secondFactors.status({ kind: 'member', id: userId }),
  ]);
  const passkeys = rows.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt, addedRecently: recent(p.createdAt) }));
  // Recently added first: those are the ones to look at.
  passkeys.sort((a, b) => Number(b.addedRecently) - Number(a.addedRecently) || a.id - b.id);
  return { passkeys, authenticator: status.enabled ? { enabledAt: status.enabledAt, addedRecently: recent(status.enabledAt) } : null };
}

export const hasFactors = (f: RecoveryFactorsT) => f.passkeys.length > 0 || f.authenticator !== null;

export function recoveryRoutes(app: FastifyInstance): void {
  const { db, clock, secondFactors, tokens } = app.ctx;
  const r = api(app);
  const tags = ['Account'];

  const grantOf = async (grant: string): Promise<LiveGrant> => {
    const live = await liveGrant(db.kysely, grant, clock());
    if (!live) throw badRequest([{ field: 'grant', message: M.grantInvalid }]);
    return live;
  };

  /**
   * After a removal: every session ends again. Between the reset and this removal the factor may have signed
   * someone in (a passkey signs in alone), and which session came from it is not known, so none is kept.
   */
  const afterRemoval = async (request: FastifyRequest, live: LiveGrant, type: 'passkeyRemoved' | 'secondFactorOff', message: string) => {
    await tokens.revokeUserSessions(live.userId);
    await recordEvent(app, actorOf(request, live.userId), type);
    return { message, factors: await recoveryFactors(app, live.userId, live.issuedAt) };
  };

  r.post(
    P.passkeyRemove,
    {
      schema: {
        tags,
        operationId: 'recoveryPasskeyRemove',
        summary: "Remove one of the member's passkeys with the grant a password reset answered (no session); signs the member out everywhere",
        security: open,
        params: RecoveryPasskeyParams,
        body: RecoveryGrant,
        response: { 200: RecoveryRemovalAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const live = await grantOf(request.body.grant);
      // Only the grant's member's passkey: another member's id is as unknown as a made-up one.
      const removed = await db.kysely.deleteFrom('passkeys').where('id', '=', Number(request.params.id)).where('userId', '=', live.userId).executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) throw notFound(M.passkeyNotFound);
      return afterRemoval(request, live, 'passkeyRemoved', M.passkeyRemoved);
    },
  );

  r.post(
    P.authenticatorRemove,
    {
      schema: {
        tags,
        operationId: 'recoveryAuthenticatorRemove',
        summary: "Turn the member's authenticator app off (its recovery codes too) with the grant a password reset answered; signs the member out everywhere",
        security: open,
        body: RecoveryGrant,
        response: { 200: RecoveryRemovalAnswer, ...errors(400, 409) },
      },
    },
    async (request) => {
      const live = await grantOf(request.body.grant);
      const owner = { kind: 'member' as const, id: live.userId };
      if (!(await secondFactors.isEnabled(owner))) throw new HttpError(409, M.authenticatorNotOn);
      await secondFactors.disable(owner);
      return afterRemoval(request, live, 'secondFactorOff', M.authenticatorRemoved);
    },
  );
}
