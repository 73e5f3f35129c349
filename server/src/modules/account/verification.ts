// E-mail verification (docs/decisions/0016-account-settings.md): the welcome e-mail carries a link that confirms the
// address; until then a member can use the profile area but not publish a project, send a proposal or fund escrow
// (requireVerifiedEmail, called by those routes). The link can be sent again, three times an hour at most.
import { ACCOUNT_SETTINGS_LIMITS, ACCOUNT_SETTINGS_MESSAGES as M, API_PATHS, VERIFY_EMAIL_PAGE_PATH } from '@sciexperts/shared/contracts';
import { ConfirmEmailRequest, MessageResponse } from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { FailureThrottle } from '../../auth/throttle';
import { HttpError, badRequest, forbidden } from '../../http/errors';
import { api, requireSession } from '../../http/api';
import { auth, bearer, errors, open } from '../../http/schemas';
import type { Mailer } from '../../mail/mailer';
import { consumeEmailToken, createEmailToken } from './emailTokens';
import { claimConciergeDraftsQuietly } from '../concierge/drafts';

const tags = ['Account'];

/** 403 unless the member has confirmed their e-mail address (one indexed read by primary key). */
export async function requireVerifiedEmail(db: Db, userId: number): Promise<void> {
  const row = await db.kysely.selectFrom('users').select('emailVerifiedAt').where('id', '=', userId).executeTakeFirst();
  if (!row?.emailVerifiedAt) throw forbidden(M.verifyFirst);
}

/** A fresh link for the member's current address, mailed to it. */
export async function sendVerificationLink(db: Db, mailer: Mailer, siteUrl: string, user: { id: number; email: string; firstName: string }, welcome: boolean): Promise<void> {
  const token = await createEmailToken(db, user.id, 'verify', user.email);
  const link = `${siteUrl}${VERIFY_EMAIL_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: user.email,
    subject: welcome ? 'Welcome to SciExperts: confirm your e-mail address' : 'Confirm your SciExperts e-mail address',
    text: `Hello ${user.firstName},\n\n${welcome ? 'Welcome to SciExperts. ' : ''}Please confirm your e-mail address within ${ACCOUNT_SETTINGS_LIMITS.emailTokenHours} hours with this link:\n${link}\n\nYou need a confirmed address to publish a project, send a proposal or pay into escrow.\n`,
  });
}

export function verificationRoutes(app: FastifyInstance): void {
  const { db, mailer, config } = app.ctx;
  // Per member: the link may be lost or late, but a mailbox must not be flooded.
  const resends = new FailureThrottle(app.ctx.limiters, 'verification-resend', 3, 60 * 60 * 1000);

  api(app).post(
    API_PATHS.verifyEmail,
    {
      schema: {
        tags,
        operationId: 'verifyEmail',
        summary: 'Confirm the e-mail address with the link from the welcome e-mail (no session needed; each link works once)',
        security: open,
        body: ConfirmEmailRequest,
        response: { 200: MessageResponse, ...errors(400) },
      },
    },
    async (request) => {
      const now = new Date().toISOString();
      const row = await consumeEmailToken(db, request.body.token, 'verify');
      if (!row) throw badRequest(M.verifyLinkInvalid);
      // Only for the address the link was sent to: after an e-mail change, an old welcome link confirms nothing.
      const updated = await db.kysely.updateTable('users').set({ emailVerifiedAt: now }).where('id', '=', row.userId).where('email', '=', row.address).where('emailVerifiedAt', 'is', null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const user = await db.kysely.selectFrom('users').select(['email', 'emailVerifiedAt']).where('id', '=', row.userId).executeTakeFirst();
        if (!user || user.email !== row.address) throw badRequest(M.verifyLinkInvalid);
      } else {
        // The address is the member's now: a concierge shortlist answered for it becomes their project draft.
        await claimConciergeDraftsQuietly(db, request.log, row.userId, app.ctx.clock());
      }
      return { message: M.verified };
    },
  );

  app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    api(inner).post(
      API_PATHS.resendVerification,
      {
        schema: {
          tags,
          operationId: 'resendVerification',
          summary: 'Send the e-mail confirmation link again (three times an hour at most)',
          security: bearer,
          response: { 200: MessageResponse, ...errors(401, 409, 429) },
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const user = await db.kysely.selectFrom('users').select(['id', 'email', 'firstName', 'emailVerifiedAt']).where('id', '=', me).executeTakeFirstOrThrow();
        if (user.emailVerifiedAt) throw new HttpError(409, M.alreadyVerified);
        const key = `verify:${me}`;
        const wait = await resends.hit(key);
        if (wait !== null) throw new HttpError(429, M.tooManyVerificationMails, undefined, { 'retry-after': String(wait) });
        await sendVerificationLink(db, mailer, config.siteUrl, user, false);
        return { message: M.verificationSent };
      },
    );
  });
}
