import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';
import type { AuthContext } from '../auth/tokens';

// Route params are strings (no coercion): ids are checked by pattern, capped below 2^31 so no database rejects them.
export const ID_PATTERN = '^[1-9][0-9]{0,8}$';

export function idParams(...names: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', pattern: ID_PATTERN, description: 'A positive integer id.' }])),
    required: names,
    additionalProperties: false,
  } as const;
}

export const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
  required: ['message'],
} as const;

export const bearer = [{ bearerAuth: [] }];

export function auth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A real 'YYYY-MM' month between 1900 and next year. */
export function isYearMonth(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = MONTH_RE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  return year >= 1900 && year <= new Date().getUTCFullYear() + 1;
}

// Pragmatic address syntax: one @, no spaces, a dotted domain; the mailbox itself is proven by mail, not regex.
const EMAIL_RE = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
