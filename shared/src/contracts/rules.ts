// Rules a schema cannot express, as pure functions the server and the forms both call.
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, YEAR_MONTH_MIN_YEAR } from './limits';

/** One refused field: the server's `details` item and the forms' inline error. */
export interface FieldProblem {
  field?: string;
  message: string;
}

export const PASSWORD_RULES_TEXT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

export const PASSWORD_COMMON_MESSAGE = 'This password is one of the most common passwords. Choose one that is harder to guess.';
export const PASSWORD_PERSONAL_MESSAGE = 'Your password must not contain your e-mail address or your name.';

let common: ReadonlySet<string> | null = null;
let loading: Promise<void> | null = null;

/**
 * Fetches the list of the most common passwords (18 KB gzip) into the rule. It is not part of the contracts' bundle,
 * which every page loads: the forms that choose a password start it when they open, and the server before it
 * answers anything (server/src/modules/account/rules.ts). Until it is in, isCommonPassword answers false and the
 * server, which always has it, refuses with the same message.
 */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('./commonPasswords').then(({ COMMON_PASSWORDS }) => {
    common = new Set(COMMON_PASSWORDS.split('\n'));
  });
  return loading;
}

/** One of the 10,000 most common passwords (any case)? Only once loadCommonPasswords has finished. */
export function isCommonPassword(password: string): boolean {
  return common?.has(password.toLowerCase()) ?? false;
}

/** Who the password is for: a password containing their e-mail's name part or their name is refused. */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Parts of the owner a password must not contain; 3 characters or more, so "Al" or "Li" refuses nothing. */
function personalParts(owner: PasswordOwner): string[] {
  const local = (owner.email ?? '').split('@')[0] ?? '';
  return [local, owner.firstName ?? '', owner.lastName ?? ''].map((p) => p.trim().toLowerCase()).filter((p) => p.length >= 3);
}

/**
 * Sign-up, reset and change: the same rule and wording whichever side caught it — the length, not one of the most
 * common passwords, and not containing the member's e-mail name or name (when the caller knows them).
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isCommonPassword(password)) return PASSWORD_COMMON_MESSAGE;
  const lower = password.toLowerCase();
  if (personalParts(owner).some((part) => lower.includes(part))) return PASSWORD_PERSONAL_MESSAGE;
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
