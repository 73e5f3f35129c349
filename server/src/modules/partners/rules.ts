// Pure rules of partner apps: secrets and codes, PKCE (RFC 7636, S256 only), the origins an operator may register.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PARTNER_LIMITS as L, PARTNER_MESSAGES as M, partnerOriginProblem } from '@sciexperts/shared/contracts';
import type { Detail } from '../../http/errors';

/** SHA-256, base64url: secrets, codes and refresh tokens are random (256 bits), so a fast hash is enough to keep. */
export const hashOf = (value: string): string => createHash('sha256').update(value).digest('base64url');

export const newClientId = (): string => `sx_${randomBytes(12).toString('base64url')}`;
export const newClientSecret = (): string => `sxs_${randomBytes(32).toString('base64url')}`;
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Compares a presented secret with a kept hash in constant time. */
export function matchesHash(presented: string, hash: string): boolean {
  const a = Buffer.from(hashOf(presented));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

const VERIFIER = new RegExp(`^[A-Za-z0-9\\-._~]{${L.verifierMin},${L.verifierMax}}$`);
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isVerifier = (v: string): boolean => VERIFIER.test(v);
export const isChallenge = (c: string): boolean => CHALLENGE.test(c);

/** PKCE S256: BASE64URL(SHA256(verifier)) equals the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return isVerifier(verifier) && matchesHash(verifier, challenge);
}

/** The operator's list of origins, each checked; the problems name the field. */
export function checkOrigins(origins: readonly string[], production: boolean): Detail[] {
  if (origins.length === 0) return [{ field: 'origins', message: M.originsRequired }];
  if (origins.length > L.originsMax) return [{ field: 'origins', message: M.tooManyOrigins }];
  const problems: Detail[] = [];
  origins.forEach((origin, i) => {
    const problem = partnerOriginProblem(origin, production);
    if (problem) problems.push({ field: `origins.${i}`, message: problem });
  });
  if (new Set(origins).size !== origins.length) problems.push({ field: 'origins', message: M.duplicateOrigin });
  return problems;
}
