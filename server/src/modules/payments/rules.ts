// Input of the payments domain checked beyond its schema: the Idempotency-Key header, notes, added milestones.
import { IDEMPOTENCY_KEY_PATTERN, PAYMENT_LIMITS, PAYMENT_MESSAGES as M, type NewMilestoneInput } from '@sciexperts/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, type Detail } from '../../http/errors';
import { earliestToday, isRealDate } from '../projects/rules';
import type { ProviderEvent } from './provider';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The member's Idempotency-Key, scoped by member (`<memberId>:<key>`): two members choosing the same key never
 * meet. 400 when it is missing or not 8–100 visible characters.
 */
export function idempotencyKeyOf(request: FastifyRequest, memberId: number): string {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? undefined : raw;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest([{ field: 'Idempotency-Key', message: M.idempotencyKeyRequired }]);
  return `${memberId}:${key}`;
}

/** A note as stored: trimmed, required, plain text (line breaks allowed). */
export function checkNote(note: string): string {
  const text = note.trim();
  if (!text) throw badRequest([{ field: 'note', message: M.noteRequired }]);
  if (CONTROL.test(text)) throw badRequest([{ field: 'note', message: M.plainText }]);
  return text;
}

export function checkNewMilestone(input: NewMilestoneInput, now: Date): NewMilestoneInput {
  const details: Detail[] = [];
  const title = input.title.trim();
  if (!title) details.push({ field: 'title', message: M.titleRequired });
  else if (CONTROL.test(title)) details.push({ field: 'title', message: M.plainText });
  if (!isRealDate(input.dueDate)) details.push({ field: 'dueDate', message: M.dateInvalid });
  else if (input.dueDate < earliestToday(now)) details.push({ field: 'dueDate', message: M.dateInPast });
  if (details.length > 0) throw badRequest(details);
  return { title, amountCents: input.amountCents, dueDate: input.dueDate };
}

const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 500;
const id = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) < 2 ** 31;
const cents = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= PAYMENT_LIMITS.centsMax;

/**
 * Whether a verified event has the fields its type promises. The provider adapter should only hand over such
 * events; this keeps a signed but malformed one (an adapter's bug) from reaching the ledger.
 */
export function isWellFormedEvent(e: ProviderEvent): boolean {
  if (!text(e.id)) return false;
  switch (e.type) {
    case 'checkout.succeeded':
      return id(e.paymentId) && text(e.sessionId) && text(e.chargeId) && cents(e.amountCents);
    case 'checkout.failed':
      return id(e.paymentId) && text(e.reason);
    case 'refund.succeeded':
      return id(e.paymentId) && text(e.refundId) && cents(e.amountCents);
    case 'payout.paid':
      return id(e.withdrawalId) && text(e.payoutId) && cents(e.amountCents);
    case 'payout.failed':
      return id(e.withdrawalId) && text(e.reason);
    case 'payout-account.updated':
      return text(e.accountId) && typeof e.ready === 'boolean' && (e.label === null || typeof e.label === 'string');
    default:
      return false;
  }
}
