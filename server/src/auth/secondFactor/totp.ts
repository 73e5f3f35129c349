// TOTP (RFC 6238) as every authenticator app reads it: SHA-1, six digits, 30-second steps. The arithmetic is the
// otpauth package's; what is ours is the replay rule: a code is accepted in the step before, at or after now (clocks
// of phones drift), and never for a step at or before the last one accepted, so a code seen over a shoulder or in a
// log cannot be used again, not even inside its own window.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now. */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** A fresh random secret, in the base32 form authenticator apps accept typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** The otpauth:// address a QR code carries (issuer and account name shown in the app). */
export function totpUri(secretBase32: string, issuer: string, accountName: string): string {
  return totp(secretBase32, issuer, accountName).toString();
}

/** The 30-second step a time falls in. */
export const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code for a time (tests, and the e2e's authenticator, compute codes the way an app does). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totp(secretBase32).generate({ timestamp: nowMs });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'reused' };

/**
 * Checks a six-digit code against the secret at `nowMs`. `lastUsedStep` is the step of the last code accepted for
 * this secret (null: none yet); a code of that step or an earlier one is refused as reused. The caller stores the
 * returned step only if no one stored a later one meanwhile (a conditional update), so two requests racing with the
 * same code cannot both pass.
 */
export function checkTotp(secretBase32: string, code: string, nowMs: number, lastUsedStep: number | null): TotpCheck {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return { ok: false, reason: 'wrong' };
  const delta = totp(secretBase32).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = stepAt(nowMs) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: 'reused' };
  return { ok: true, step };
}
