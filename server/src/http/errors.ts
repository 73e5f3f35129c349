import { ACCOUNT_MESSAGES, TOO_MANY_REQUESTS_MESSAGE, type ApiErrorBody } from '@sciexperts/shared/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fieldMessages, headerMessages } from './messages';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, isUnstorableText } from '../db/errors';
import { StoreUnavailable } from '../redis/limiters';

export type Detail = { field?: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Detail[],
    readonly headers: Record<string, string> = {},
    /** Sent as the body's `reason` (STEP_UP_REASON), for answers the site handles by itself. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export const badRequest = (details: Detail[] | string): HttpError =>
  typeof details === 'string' ? new HttpError(400, details) : new HttpError(400, details[0]?.message ?? 'Invalid request.', details);
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message);
export const forbidden = (message = 'You can only change your own records.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const FILE_TOO_LARGE_MESSAGE = 'The file is too large (2 MB at most).';
export const fileTooLarge = () => new HttpError(413, FILE_TOO_LARGE_MESSAGE);

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldOf(e: AjvLikeError): string {
  const base = e.instancePath.replace(/^\//, '').split('/').join('.');
  if (e.keyword === 'required') return [base, String(e.params.missingProperty)].filter(Boolean).join('.');
  return base;
}

/** Turns schema failures into the product's own sentences where it has one for the field, plain sentences otherwise. */
function translate(e: AjvLikeError, context: string | undefined): Detail {
  const field = fieldOf(e);
  const header = context === 'headers' ? headerMessages[field] : undefined;
  if (header) return header;
  const leaf = field.split('.').pop() ?? field;
  const known = fieldMessages[leaf];
  switch (e.keyword) {
    case 'required':
      return { field, message: known?.required ?? `${leaf} is required.` };
    case 'additionalProperties':
      return { field: [field, String(e.params.additionalProperty)].filter(Boolean).join('.'), message: `Unknown field "${String(e.params.additionalProperty)}".` };
    case 'enum':
      return { field, message: known?.choice ?? `${leaf} must be one of: ${((e.params.allowedValues as unknown[]) ?? []).join(', ')}.` };
    case 'type':
      return { field, message: field ? `${field} must be of type ${String(e.params.type).replace(',', ' or ')}.` : `The ${context ?? 'request'} must be a JSON ${String(e.params.type)}.` };
    case 'maxLength':
      return { field, message: `${known?.label ?? leaf} must be at most ${String(e.params.limit)} characters.` };
    case 'pattern':
      return context === 'params' ? { field, message: `${leaf} must be a positive integer.` } : { field, message: `${leaf} has an invalid format.` };
    case 'minimum':
      return { field, message: `${known?.label ?? leaf} must be at least ${String(e.params.limit)}.` };
    case 'maxItems':
      return { field, message: `${leaf} may hold at most ${String(e.params.limit)} items.` };
    default:
      return { field, message: `${field || context || 'request'} ${e.message ?? 'is invalid'}.` };
  }
}

function send(reply: FastifyReply, status: number, body: ApiErrorBody, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** One place decides every error shape, so no input can surface as a 500 with internals. */
export function errorHandler(error: FastifyError & { validation?: AjvLikeError[]; validationContext?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const body = error.details ? { message: error.message, details: error.details } : { message: error.message };
    return send(reply, error.statusCode, error.reason ? { ...body, reason: error.reason } : body, error.headers);
  }
  if (error.validation) {
    // One detail per field and sentence: a header refused by several keywords (pattern, length) is one mistake.
    const details = [...new Map(error.validation.map((e) => translate(e, error.validationContext)).map((d) => [`${d.field}\u0000${d.message}`, d])).values()];
    return send(reply, 400, { message: details[0]?.message ?? 'Invalid request.', details });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return send(reply, 400, { message: 'Malformed JSON body.' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(reply, 400, { message: 'The request body is empty; send a JSON object.' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return send(reply, 413, { message: error.code === 'FST_REQ_FILE_TOO_LARGE' ? FILE_TOO_LARGE_MESSAGE : 'The request body is too large.' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return send(reply, 400, { message: 'Unsupported content type.' });
  }
  // A throttle that cannot be checked refuses rather than let guesses through unthrottled (docs/decisions/0032-shared-stores.md).
  if (error instanceof StoreUnavailable) {
    request.log.warn({ err: error.cause }, 'throttle store unreachable');
    return send(reply, 503, { message: ACCOUNT_MESSAGES.throttleUnavailable }, { 'retry-after': '5' });
  }
  // PostgreSQL restarting or unreachable: the request can be tried again (the pool reconnects by itself), not a bug.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unreachable');
    return send(reply, 503, { message: DATABASE_UNAVAILABLE_MESSAGE }, { 'retry-after': '5' });
  }
  if (error instanceof SyntaxError) return send(reply, 400, { message: 'Malformed JSON body.' });
  if (isUnstorableText(error)) return send(reply, 400, { message: 'Text must not contain NUL characters.' });
  const status = error.statusCode ?? 500;
  if (status === 429) return send(reply, 429, { message: TOO_MANY_REQUESTS_MESSAGE });
  if (status === 413) return send(reply, 413, { message: 'The request body is too large.' });
  if (status >= 400 && status < 500) return send(reply, status, { message: error.message || 'Invalid request.' });
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { message: 'Internal server error.' });
}
