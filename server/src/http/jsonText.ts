import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON body the database already built in the response schema's shape (e.g. `listRecordsJson`), as it
 * is: the route's serializer, which would quote a string, is skipped. The typed reply knows only the schema's
 * object shape, hence the plain FastifyReply; the shape itself is held by a test against the object path.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
