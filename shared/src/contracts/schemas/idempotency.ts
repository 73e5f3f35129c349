// The Idempotency-Key header of the calls that move money or change a contract's milestones. Server-only at run time.
// Declared as a header parameter so the published document (and every client generated from it) sends it; the
// server validates it with this schema and answers its own 400 sentence (PAYMENT_MESSAGES.idempotencyKeyRequired).
import { Type } from 'typebox';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, PAYMENT_LIMITS } from '../payments';

export const IdempotencyKey = Type.String({
  pattern: IDEMPOTENCY_KEY_PATTERN.source,
  minLength: PAYMENT_LIMITS.idempotencyKeyMin,
  maxLength: PAYMENT_LIMITS.idempotencyKeyMax,
  description: `${PAYMENT_LIMITS.idempotencyKeyMin}–${PAYMENT_LIMITS.idempotencyKeyMax} visible ASCII characters (a UUID is the usual choice), fresh for each action; a repeat with the same key has the effect of one and gets the same answer.`,
});

/** The headers schema of a keyed route (Fastify matches header names without regard to case). */
export const IdempotencyKeyHeaders = Type.Object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey } as { 'Idempotency-Key': typeof IdempotencyKey });
