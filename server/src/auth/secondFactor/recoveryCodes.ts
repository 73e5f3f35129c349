// Recovery codes: ten one-time codes for when the authenticator is lost. Each carries 50 random bits, so a fast
// hash (SHA-256) is enough to store them: unlike a password there is nothing to guess from a dictionary.
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper is read back without doubt. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** 'k7m2p-x9q4r': two groups of five, easy to read aloud and to type. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let raw = '';
    for (let i = 0; i < HALF * 2; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
    codes.add(`${raw.slice(0, HALF)}-${raw.slice(HALF)}`);
  }
  return [...codes];
}

/** What a member typed, in the form codes are hashed in (case, spaces and the dash do not matter). */
export function normaliseRecoveryCode(input: string): string | null {
  const raw = input.toLowerCase().replace(/[\s-]+/g, '');
  if (raw.length !== HALF * 2 || ![...raw].every((c) => ALPHABET.includes(c))) return null;
  return raw;
}

export function hashRecoveryCode(normalised: string): string {
  return createHash('sha256').update(normalised).digest('base64url');
}

/** Whether the input has the shape of a recovery code (rather than of a six-digit TOTP code). */
export const looksLikeRecoveryCode = (input: string): boolean => normaliseRecoveryCode(input) !== null;
