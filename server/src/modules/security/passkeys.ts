// Passkeys (WebAuthn) with @simplewebauthn/server (docs/decisions/0034-second-factor.md). The relying party is the
// site: its id is SITE_URL's host name and the only origin accepted is SITE_URL's. Every ceremony's challenge is a
// single-use, expiring row (challenges.ts) found by the challenge the browser signed, so a replayed response (its
// challenge spent), a response made for another site (origin, RP id) or one past its time is refused.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { SECURITY_LIMITS } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { consumeChallenge, createChallenge, type Challenge, type ChallengePurpose } from './challenges';

// Loaded at the first ceremony, not at start: the library and its certificate parsers were a tenth of an API
// process's start, for a page few members open (decision 0047).
const webauthn = () => import('@simplewebauthn/server');

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, name: 'SciExperts', origin: url.origin };
}

const ttlMs = SECURITY_LIMITS.passkeyChallengeMinutes * 60_000;

/** The challenge the browser signed, read from the response's clientDataJSON (null when unreadable). */
export function signedChallenge(response: { response: Record<string, unknown> }): string | null {
  try {
    const raw = response.response.clientDataJSON;
    if (typeof raw !== 'string') return null;
    const data = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Spends the challenge the response answers; undefined when it was never issued for this purpose, is spent or expired. */
export async function spendSignedChallenge(app: FastifyInstance, response: { response: Record<string, unknown> }, purpose: ChallengePurpose): Promise<(Challenge & { challenge: string }) | undefined> {
  const challenge = signedChallenge(response);
  if (!challenge) return undefined;
  const row = await consumeChallenge(app.ctx.db, challenge, purpose, app.ctx.clock());
  return row ? { ...row, challenge } : undefined;
}

const transportsOf = (json: string | null): string[] | undefined => {
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : undefined;
  } catch {
    return undefined;
  }
};

export async function registrationOptions(app: FastifyInstance, user: { id: number; email: string; firstName: string; lastName: string }, sessionId: string) {
  const { db, config, clock } = app.ctx;
  const rp = relyingParty(config.siteUrl);
  const existing = await db.kysely.selectFrom('passkeys').select(['credentialId', 'transports']).where('userId', '=', user.id).execute();
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    // The user handle is the member's id: no personal data in it, and the same for each of their passkeys.
    userID: new TextEncoder().encode(`member:${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, ...(transportsOf(p.transports) ? { transports: transportsOf(p.transports) } : {}) })),
    // Discoverable, so the passkey alone signs in (no e-mail typed first).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: ttlMs,
  });
  await createChallenge(db, 'passkeyRegister', { userId: user.id, sessionId, token: options.challenge }, ttlMs, clock());
  return options;
}

export type PasskeyRefusal = 'challenge' | 'verification' | 'unknown' | 'duplicate' | 'otherSession';

export async function registerPasskey(
  app: FastifyInstance,
  userId: number,
  sessionId: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<{ ok: true; id: number } | { ok: false; reason: PasskeyRefusal }> {
  const { db, config, clock } = app.ctx;
  const rp = relyingParty(config.siteUrl);
  const challenge = await spendSignedChallenge(app, response as never, 'passkeyRegister');
  if (!challenge || challenge.userId !== userId) return { ok: false, reason: 'challenge' };
  if (challenge.sessionId !== sessionId) return { ok: false, reason: 'otherSession' };
  let verified;
  try {
    verified = await (await webauthn()).verifyRegistrationResponse({ response, expectedChallenge: challenge.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true });
  } catch {
    return { ok: false, reason: 'verification' };
  }
  if (!verified.verified) return { ok: false, reason: 'verification' };
  const { credential } = verified.registrationInfo;
  if (await db.kysely.selectFrom('passkeys').select('id').where('credentialId', '=', credential.id).executeTakeFirst()) return { ok: false, reason: 'duplicate' };
  const row = await db.kysely
    .insertInto('passkeys')
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null,
      name,
      createdAt: clock().toISOString(),
      lastUsedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

/**
 * Options for a passkey sign-in (no member known yet: any discoverable passkey of this site) or a step-up (the
 * member's own passkeys, bound to the session asking).
 */
export async function authenticationOptions(app: FastifyInstance, purpose: 'passkeyLogin' | 'stepUpPasskey', who?: { userId: number; sessionId: string }) {
  const { db, config, clock } = app.ctx;
  const rp = relyingParty(config.siteUrl);
  const allow = who ? await db.kysely.selectFrom('passkeys').select(['credentialId', 'transports']).where('userId', '=', who.userId).execute() : [];
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: ttlMs,
    ...(who ? { allowCredentials: allow.map((p) => ({ id: p.credentialId, ...(transportsOf(p.transports) ? { transports: transportsOf(p.transports) } : {}) })) } : {}),
  });
  await createChallenge(db, purpose, { userId: who?.userId ?? null, sessionId: who?.sessionId ?? null, token: options.challenge }, ttlMs, clock());
  return options;
}

/** Checks a passkey's answer to a challenge of `purpose`; on success its member, and the passkey's use is recorded. */
export async function verifyPasskey(
  app: FastifyInstance,
  response: AuthenticationResponseJSON,
  purpose: 'passkeyLogin' | 'stepUpPasskey',
  who?: { userId: number; sessionId: string },
): Promise<{ ok: true; userId: number } | { ok: false; reason: PasskeyRefusal }> {
  const { db, config, clock } = app.ctx;
  const rp = relyingParty(config.siteUrl);
  const challenge = await spendSignedChallenge(app, response as never, purpose);
  if (!challenge) return { ok: false, reason: 'challenge' };
  if (who && (challenge.userId !== who.userId || challenge.sessionId !== who.sessionId)) return { ok: false, reason: 'otherSession' };
  const passkey = await db.kysely.selectFrom('passkeys').selectAll().where('credentialId', '=', response.id).executeTakeFirst();
  if (!passkey || (who && passkey.userId !== who.userId)) return { ok: false, reason: 'unknown' };
  let verified;
  try {
    verified = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: Number(passkey.counter),
        ...(transportsOf(passkey.transports) ? { transports: transportsOf(passkey.transports) as never } : {}),
      },
    });
  } catch {
    return { ok: false, reason: 'verification' };
  }
  if (!verified.verified) return { ok: false, reason: 'verification' };
  await db.kysely
    .updateTable('passkeys')
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: clock().toISOString() })
    .where('id', '=', passkey.id)
    .execute();
  return { ok: true, userId: passkey.userId };
}
