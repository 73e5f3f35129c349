// Recent activity (sign-ins and security changes) and the sign-in alert: a sign-in from a browser and address the
// account has not used before mails the member, with a link that ends that session and starts a password reset.
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
 * Records the sign-in and, when this browser and address are new to an account that has signed in before, mails the
 * alert (after the answer: a slow mail server must not slow the sign-in). The very first sign-in is not "new" to
 * anyone: a member who just signed up needs no alert.
 */
export async function recordSignIn(app: FastifyInstance, request: FastifyRequest, userId: number, token: string): Promise<void> {
  const { db, mailer, config, clock } = app.ctx;
  const actor = actorOf(request, userId);
  const k = db.kysely;
  const earlier = await k.selectFrom('securityEvents').select(['device', 'address']).where('userId', '=', userId).where('type', '=', 'signIn').execute();
  await recordEvent(app, actor, 'signIn');
  const known = earlier.some((e) => e.device === actor.device && e.address === actor.address);
  if (earlier.length === 0 || known) return;
  const user = await k.selectFrom('users').select(['email', 'firstName']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const now = clock();
  const link = await createChallenge(db, 'signInAlert', { userId, sessionId: sessionIdOf(token) }, SECURITY_LIMITS.securityLinkDays * 86_400_000, now);
  const url = `${config.siteUrl}${SIGN_IN_ALERT_PAGE_PATH}?token=${encodeURIComponent(link)}`;
  setImmediate(() => {
    mailer
      .send({
        to: user.email,
        subject: 'New sign-in to your SciExperts account',
        text:
          `Hello ${user.firstName},\n\nYour SciExperts account was signed in to from a browser and address it has not used before.\n\n` +
          `When: ${now.toUTCString()}\nBrowser: ${actor.device}\nAddress: ${actor.address} (place unknown)\n\n` +
          `If this was you, there is nothing to do.\n\nIf it was not you, open this link: it ends that sign-in at once and lets you choose a new password.\n${url}\n`,
      })
      .catch((err: unknown) => request.log.warn({ err }, 'sign-in alert failed'));
  });
}
