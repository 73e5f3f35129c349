import type { FastifyInstance, RouteOptions } from 'fastify';
import { ApiErrorBody } from '@sciexperts/shared/contracts/schemas';
import { isPartnerRoute } from '../modules/partners/scope';

const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds to every documented route the error answers the framework gives whatever its handler does, so the published
 * document lists them (docs/decisions/0029-openapi-document-kept-true.md): 429 from the request budgets on every
 * route; 400 where there is input to refuse (a malformed JSON body, a param, query or header its schema refuses);
 * 413 where a body over the limit can be sent;
 * 503 on every route, while the process closes or a store it needs (Redis, the database) is unreachable. A route that documents the status itself keeps its own description.
 */
export function documentCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = methods.some((m) => TAKES_BODY.has(m));
    const response = (schema.response ??= {}) as Record<string, unknown>;
    const add = (status: number, description: string) => {
      if (!(status in response)) response[status] = { ...ApiErrorBody, description };
    };
    if (takesBody || schema.params || schema.querystring || schema.headers || schema.body) add(400, 'The request is malformed or refused by its schema; `details` names each field.');
    if (takesBody) add(413, 'The request body is too large.');
    add(429, 'Too many requests from this member (or, signed out, this address); try again later.');
    // A partner app's token (docs/decisions/0050-partner-apps-and-scoped-tokens.md) is refused on every route but the chat's.
    add(403, isPartnerRoute(route.url) ? "A partner app's token sent from an origin that partner did not register." : "A partner app's token: it opens the chat's routes only.");
    // Any route, while the process closes (return503OnClosing) or when a store it needs is unreachable.
    add(503, 'The service is unavailable for a moment (closing, or a store it needs is unreachable); try again.');
  });
}
