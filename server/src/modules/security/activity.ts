// Recent activity (sign-ins and security changes) and the sign-in alert: a sign-in from a place (browser and address)
// that is not known mails the member, with a link that ends every session and starts a password reset
// (docs/decisions/0042-authenticator-lifecycle.md says when a place becomes known).
import { SECURITY_LIMITS, SIGN_IN_ALERT_PAGE_PATH, type SecurityEventType } from '@sciexperts/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeDevice } from '../account/device';
import { createChallenge } from './challenges';

export interface Actor {
  userId: number;
  device: string;
  address: string;
}

export const actorOf = (request: FastifyRequest, userId: number): Actor => ({ userId, device: describeDevice(request.headers['user-agent'] ?? null), address: request.ip });

export async function recordEvent(app: FastifyInstance, actor: Actor, type: SecurityEventType): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('securityEvents')
    .values({ userId: actor.userId, type, device: actor.device, address: actor.address, createdAt: app.ctx.clock().toISOString() })
    .execute();
}

export async function recentActivity(app: FastifyInstance, userId: number) {
  return app.ctx.db.kysely
    .selectFrom('securityEvents')
    .select(['type', 'device', 'address', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(SECURITY_LIMITS.recentActivityCount)
    .execute();
}

/** The session id inside a token this server has just signed (no need to verify what it made itself). */
export function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

/**
 * Whether the place (browser label and address, both) is known to the account at `now`. Having been seen is not
 * enough: a thief's second sign-in from their own new place must alert again. A place is known when
 * - it was signed in from within the last `placeForgetDays` days, and
 * - a sign-in from it is at least `placeTrustDays` days old (the member had that alert's link for its whole life and
 *   did not report it), or it is the place of the account's very first sign-in (nobody else had the account then), and
 * - the member never reported a sign-in or change made from it as not theirs.
 */
export async function isKnownPlace(app: FastifyInstance, actor: Actor, now: Date): Promise<boolean> {
  const k = app.ctx.db.kysely;
  const first = await k
    .selectFrom('securityEvents')
    .select(['device', 'address'])
    .where('userId', '=', actor.userId)
    .where('type', '=', 'signIn')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  // The very first sign-in is not "new" to anyone: a member who just signed up needs no alert.
  if (!first) return true;
  const here = await k
    .selectFrom('securityEvents')
    .select(['type', 'createdAt'])
    .where('userId', '=', actor.userId)
    .where('device', '=', actor.device)
    .where('address', '=', actor.address)
    .where('type', 'in', ['signIn', 'reportedNotMe'])
    .execute();
  if (here.some((e) => e.type === 'reportedNotMe')) return false;
  const times = here.map((e) => Date.parse(e.createdAt));
  const day = 86_400_000;
  const seenLately = times.some((t) => t >= now.getTime() - SECURITY_LIMITS.placeForgetDays * day);
  const firstPlace = first.device === actor.device && first.address === actor.address;
  const trusted = firstPlace || times.some((t) => t <= now.getTime() - SECURITY_LIMITS.placeTrustDays * day);
  return seenLately && trusted;
}

/**
 * Records the sign-in and, when its place is not known (isKnownPlace), mails the alert (after the answer: a slow mail
 * server must not slow the sign-in).
 */
export async function recordSignIn(app: FastifyInstance, request: FastifyRequest, userId: number, token: string): Promise<void> {
  const { db, mailer, config, clock } = app.ctx;
  const actor = actorOf(request, userId);
  const k = db.kysely;
  const known = await isKnownPlace(app, actor, clock());
  await recordEvent(app, actor, 'signIn');
  if (known) return;
  const user = await k.selectFrom('users').select(['email', 'firstName']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const now = clock();
  // The place goes with the link: reported, it is never a known place again.
  const place = JSON.stringify({ device: actor.device, address: actor.address });
  const link = await createChallenge(db, 'signInAlert', { userId, sessionId: sessionIdOf(token), data: place }, SECURITY_LIMITS.securityLinkDays * 86_400_000, now);
  const url = `${config.siteUrl}${SIGN_IN_ALERT_PAGE_PATH}?token=${encodeURIComponent(link)}`;
  setImmediate(() => {
    mailer
      .send({
        to: user.email,
        subject: 'New sign-in to your SciExperts account',
        text:
          `Hello ${user.firstName},\n\nYour SciExperts account was signed in to from a browser and address it does not know yet.\n\n` +
          `When: ${now.toUTCString()}\nBrowser: ${actor.device}\nAddress: ${actor.address} (place unknown)\n\n` +
          `If this was you, there is nothing to do.\n\nIf it was not you, open this link: it ends every sign-in to your account at once and lets you choose a new password.\n${url}\n`,
      })
      .catch((err: unknown) => request.log.warn({ err }, 'sign-in alert failed'));
  });
}
