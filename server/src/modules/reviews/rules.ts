// Input of the reviews domain checked beyond its schema, answering 400 by field with REVIEW_MESSAGES.
import { REVIEW_LIMITS, REVIEW_MESSAGES as M, type ReviewInput } from '@sciexperts/shared/contracts';
import { badRequest, type Detail } from '../../http/errors';

// eslint-disable-next-line no-control-regex -- the point is to find control characters (tab and line breaks allowed)
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A review as stored: a whole rating 1–5, the text trimmed (empty → none), plain, at most 2,000 characters. */
export function checkReview(input: ReviewInput): { rating: number; text: string | null } {
  const details: Detail[] = [];
  const { rating } = input;
  if (!Number.isInteger(rating) || rating < REVIEW_LIMITS.ratingMin || rating > REVIEW_LIMITS.ratingMax) details.push({ field: 'rating', message: M.ratingInvalid });
  const text = (input.text ?? '').trim();
  if (text.length > REVIEW_LIMITS.textMax) details.push({ field: 'text', message: M.textTooLong });
  else if (CONTROL.test(text)) details.push({ field: 'text', message: M.plainText });
  if (details.length > 0) throw badRequest(details);
  return { rating, text: text === '' ? null : text };
}

/** A reply as stored: trimmed, required, plain, at most 2,000 characters. */
export function checkReply(raw: string): string {
  const text = raw.trim();
  if (!text) throw badRequest([{ field: 'text', message: M.replyRequired }]);
  if (text.length > REVIEW_LIMITS.replyMax) throw badRequest([{ field: 'text', message: M.replyTooLong }]);
  if (CONTROL.test(text)) throw badRequest([{ field: 'text', message: M.plainText }]);
  return text;
}

/** '?page=' of the public lists: a whole number from 1 (400 otherwise); absent → 1. */
export function pageOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw badRequest([{ field: 'page', message: M.pageInvalid }]);
  return Number(raw);
}
