// The payout hold (docs/decisions/0034-second-factor.md): after a change of payout account, withdrawals wait 48 hours
// unless the member confirms the change from the e-mail sent to their address at the change. Someone who took over a
// session and pointed the payouts at their own account cannot take the money before the member hears of it.
import { PAYOUT_CHANGE_PAGE_PATH, SECURITY_LIMITS, SECURITY_MESSAGES } from '@sciexperts/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { actorOf, recordEvent } from './activity';
import { consumeChallenge, createChallenge } from './challenges';

/** Called when the member changes the payout account (not at the first connection: there was nothing to redirect). */
export async function startPayoutHold(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<void> {
  const { db, mailer, config, clock } = app.ctx;
  const now = clock();
  const holdUntil = new Date(now.getTime() + SECURITY_LIMITS.payoutHoldHours * 3600_000).toISOString();
  const k = db.kysely;
  await k.deleteFrom('payoutHolds').where('userId', '=', userId).execute();
  await k.insertInto('payoutHolds').values({ userId, changedAt: now.toISOString(), holdUntil, confirmedAt: null }).execute();
  await recordEvent(app, actorOf(request, userId), 'payoutAccountChanged');
  const user = await k.selectFrom('users').select(['email', 'firstName']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const token = await createChallenge(db, 'payoutChange', { userId, data: now.toISOString() }, SECURITY_LIMITS.securityLinkDays * 86_400_000, now);
  const url = `${config.siteUrl}${PAYOUT_CHANGE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  await mailer
    .send({
      to: user.email,
      subject: 'Your SciExperts payout account was changed',
      text:
        `Hello ${user.firstName},\n\nThe payout account of your SciExperts account was changed on ${now.toUTCString()}. ` +
        `For your safety, withdrawals are held for ${SECURITY_LIMITS.payoutHoldHours} hours after a change.\n\n` +
        `If you made this change, confirm it here to withdraw sooner:\n${url}\n\n` +
        `If you did not, do not open the link: change your password and sign out your other sessions in the account settings.\n`,
    })
    .catch((err: unknown) => request.log.warn({ err }, 'payout change e-mail failed'));
}

/** When withdrawals may start again after a payout account change, while they are held; null when they are not. */
export async function payoutHoldUntil(db: Db, userId: number, now: Date): Promise<string | null> {
  const hold = await db.kysely.selectFrom('payoutHolds').select(['holdUntil', 'confirmedAt']).where('userId', '=', userId).executeTakeFirst();
  return hold && !hold.confirmedAt && Date.parse(hold.holdUntil) > now.getTime() ? hold.holdUntil : null;
}

/** Refuses a withdrawal (409) while a payout account change is held. */
export async function assertNoPayoutHold(db: Db, userId: number, now: Date): Promise<void> {
  if (await payoutHoldUntil(db, userId, now)) throw new HttpError(409, SECURITY_MESSAGES.payoutHeld);
}

/** The e-mail's link: lifts the hold of the change it was sent for (a later change needs its own link). */
export async function confirmPayoutChange(app: FastifyInstance, token: string): Promise<boolean> {
  const { db, clock } = app.ctx;
  const now = clock();
  const row = await consumeChallenge(db, token, 'payoutChange', now);
  if (!row?.userId || !row.data) return false;
  const r = await db.kysely
    .updateTable('payoutHolds')
    .set({ confirmedAt: now.toISOString() })
    .where('userId', '=', row.userId)
    .where('changedAt', '=', row.data)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
