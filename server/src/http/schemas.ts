import type { FastifyRequest } from 'fastify';
import { ApiErrorBody } from '@sciexperts/shared/contracts/schemas';
import { unauthorized } from './errors';
import type { AuthContext } from '../auth/tokens';

export { ID_PATTERN, IdParams } from '@sciexperts/shared/contracts/schemas';
export { isEmail, isHttpUrl, isYearMonth } from '@sciexperts/shared/contracts';

/** Every error answer, as documented and serialised. */
export const errorSchema = ApiErrorBody;

/** The error answers a route documents, by status. */
export function errors<const S extends number>(...statuses: S[]): { [K in S]: typeof ApiErrorBody } {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorBody])) as { [K in S]: typeof ApiErrorBody };
}

export const bearer = [{ bearerAuth: [] }];
/** Routes anyone may call (OpenAPI: no security requirement). */
export const open: Array<Record<string, string[]>> = [];

export function auth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
