// The e-mail sent whenever a way into the account is added or removed (docs/decisions/0042-authenticator-lifecycle.md):
// a passkey, the authenticator app, a new set of recovery codes. Its link works once, for a week, without a session:
// it removes what was added (if it is still there) and, either way, ends every session and starts a password reset.
// A thief who added a passkey to a stolen session loses the passkey and the session to one click from the mailbox.
import { SECURITY_CHANGE_PAGE_PATH, SECURITY_LIMITS, type SecurityEventType } from '@sciexperts/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, recordEvent } from './activity';
import { consumeChallenge, createChallenge } from './challenges';
import { takeAccountBack } from './takeBack';

/** What changed; an addition carries what identifies the very thing added, so the link removes that and nothing else. */
export type MethodChange =
  | { kind: 'passkeyAdded'; passkeyId: number; name: string }
  | { kind: 'passkeyRemoved'; name: string }
  | { kind: 'authenticatorOn'; confirmedAt: string }
  | { kind: 'authenticatorOff' }
  | { kind: 'recoveryCodes'; createdAt: string };

/** What the link remembers: the change and the browser and address that made it (disowned if the link is used). */
type Stored = MethodChange & { device: string; address: string };

const WORDING: Record<MethodChange['kind'], { subject: string; what: (c: MethodChange) => string; undo: string }> = {
  passkeyAdded: {
    subject: 'A passkey was added to your SciExperts account',
    what: (c) => `A passkey named "${(c as { name: string }).name}" was added to your SciExperts account.`,
    undo: 'it removes that passkey, signs your account out everywhere and lets you choose a new password.',
  },
  passkeyRemoved: {
    subject: 'A passkey was removed from your SciExperts account',
    what: (c) => `The passkey named "${(c as { name: string }).name}" was removed from your SciExperts account.`,
    undo: 'it signs your account out everywhere and lets you choose a new password.',
  },
  authenticatorOn: {
    subject: 'Two-step verification was turned on for your SciExperts account',
    what: () => 'Two-step verification with an authenticator app was turned on for your SciExperts account.',
    undo: 'it turns that authenticator app off, signs your account out everywhere and lets you choose a new password.',
  },
  authenticatorOff: {
    subject: 'Two-step verification was turned off for your SciExperts account',
    what: () => 'Two-step verification was turned off for your SciExperts account.',
    undo: 'it signs your account out everywhere and lets you choose a new password.',
  },
  recoveryCodes: {
    subject: 'New recovery codes were made for your SciExperts account',
    what: () => 'New recovery codes were made for your SciExperts account. The earlier ones no longer work.',
    undo: 'it cancels those recovery codes, signs your account out everywhere and lets you choose a new password.',
  },
};

/** Mails the member about the change, with its single-use link; a failing mail server does not undo the change. */
export async function mailMethodChange(app: FastifyInstance, request: FastifyRequest, userId: number, change: MethodChange): Promise<void> {
  const { db, mailer, config, clock } = app.ctx;
  const user = await db.kysely.selectFrom('users').select(['email', 'firstName']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const actor = actorOf(request, userId);
  const now = clock();
  const stored: Stored = { ...change, device: actor.device, address: actor.address };
  const token = await createChallenge(db, 'securityChange', { userId, data: JSON.stringify(stored) }, SECURITY_LIMITS.securityLinkDays * 86_400_000, now);
  const url = `${config.siteUrl}${SECURITY_CHANGE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  const words = WORDING[change.kind];
  await mailer
    .send({
      to: user.email,
      subject: words.subject,
      text:
        `Hello ${user.firstName},\n\n${words.what(change)}\n\nWhen: ${now.toUTCString()}\nBrowser: ${actor.device}\nAddress: ${actor.address} (place unknown)\n\n` +
        `If this was you, there is nothing to do.\n\nIf it was not you, open this link within ${SECURITY_LIMITS.securityLinkDays} days: ${words.undo}\n${url}\n`,
    })
    .catch((err: unknown) => request.log.warn({ err }, 'sign-in method e-mail failed'));
}

/** Removes what the change added, if it is still the same thing; answers the event to record, or null. */
async function removeAddition(app: FastifyInstance, userId: number, change: MethodChange): Promise<SecurityEventType | null> {
  const { db, secondFactors } = app.ctx;
  const k = db.kysely;
  const owner = { kind: 'member' as const, id: userId };
  if (change.kind === 'passkeyAdded') {
    const r = await k.deleteFrom('passkeys').where('id', '=', change.passkeyId).where('userId', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) === 1 ? 'passkeyRemoved' : null;
  }
  if (change.kind === 'authenticatorOn') {
    // Only the factor turned on then: one the owner set up again since is theirs.
    const row = await k.selectFrom('secondFactors').select('confirmedAt').where('ownerKind', '=', 'member').where('ownerId', '=', userId).executeTakeFirst();
    if (row?.confirmedAt !== change.confirmedAt) return null;
    return (await secondFactors.disable(owner)) ? 'secondFactorOff' : null;
  }
  if (change.kind === 'recoveryCodes') {
    // The codes of that batch only; the authenticator app stays, and the owner makes new codes after a step-up.
    // Recorded as the report itself (reportedNotMe): there is no event of its own for cancelled codes.
    await k.deleteFrom('recoveryCodes').where('ownerKind', '=', 'member').where('ownerId', '=', userId).where('createdAt', '=', change.createdAt).execute();
    return null;
  }
  return null;
}

/**
 * The e-mail's link: spends it, removes what was added, ends every session and starts a reset. Undefined when the
 * link is unknown, spent or expired (nothing changes then).
 */
export async function undoMethodChange(app: FastifyInstance, request: FastifyRequest, token: string): Promise<{ resetToken: string | null } | undefined> {
  const row = await consumeChallenge(app.ctx.db, token, 'securityChange', app.ctx.clock());
  if (!row?.userId || !row.data) return undefined;
  const stored = JSON.parse(row.data) as Stored;
  const removed = await removeAddition(app, row.userId, stored);
  if (removed) await recordEvent(app, actorOf(request, row.userId), removed);
  return { resetToken: await takeAccountBack(app, request, row.userId, { device: stored.device, address: stored.address }) };
}
