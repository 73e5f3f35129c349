// Webhook signatures of the local payment stand-in, in the shape card processors use: an HMAC-SHA256 over
// "<unix seconds>.<raw body>" with a shared secret, sent as `SciExperts-Signature: t=<seconds>,v1=<hex>`.
// The receiver recomputes it, compares in constant time and refuses timestamps outside the replay window.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'sciexperts-signature';
/** Older or newer than this and a correctly signed delivery is still refused (a replay). */
export const REPLAY_WINDOW_SECONDS = 300;

export function signPayload(secret: string, rawBody: string | Buffer, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'outside-window' };

export function checkSignature(secret: string, rawBody: Buffer, header: string | undefined, now: Date): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now.getTime() / 1000 - t) > REPLAY_WINDOW_SECONDS) return { ok: false, reason: 'outside-window' };
  return { ok: true };
}
