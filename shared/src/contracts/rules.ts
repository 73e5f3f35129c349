// Rules a schema cannot express, as pure functions the server and the forms both call.
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, YEAR_MONTH_MIN_YEAR } from './limits';

/** One refused field: the server's `details` item and the forms' inline error. */
export interface FieldProblem {
  field?: string;
  message: string;
}

export const PASSWORD_RULES_TEXT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** Sign-up and reset: the same wording whichever side caught it. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

// Pragmatic address syntax: one @, no spaces, a dotted domain; the mailbox itself is proven by mail, not regex.
const EMAIL_RE = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(value);
}

export const PHONE_RE = /^\+?[0-9][0-9 ()./-]{3,30}$/;

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A real 'YYYY-MM' month between 1900 and next year. */
export function isYearMonth(value: unknown, now: Date = new Date()): value is string {
  if (typeof value !== 'string') return false;
  const m = MONTH_RE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  return year >= YEAR_MONTH_MIN_YEAR && year <= now.getUTCFullYear() + 1;
}
