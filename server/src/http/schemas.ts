import type { FastifyRequest } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import type { TSchema } from 'typebox';
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

/**
 * Route config that documents a request body the route reads itself (an upload's `request.file()`, the webhook's raw
 * bytes): the schemas go to the OpenAPI document only, by content type; Fastify never validates a body it does not parse.
 */
export function documentedBody(content: Record<string, TSchema>): { swaggerTransform: SwaggerTransform } {
  const body = { content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) };
  return { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body }, url }) };
}

/** Route config of an upload: its multipart/form-data body, documented (see documentedBody). */
export function multipartBody(body: TSchema): { swaggerTransform: SwaggerTransform } {
  return documentedBody({ 'multipart/form-data': body });
}
