import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { auth, bearer, errorSchema, idParams } from '../http/schemas';
import { deleteRecord, insertRecord, listRecords, updateRecord } from '../db/repo/records';
import { ALL_RECORD_KINDS, type RecordKind } from '../records/kinds';
import { recordBodySchema, validateRecord } from '../records/validate';
import { assertSelf, readableUser } from './access';

type Body = Record<string, unknown>;

/** One route set per record kind; the kinds differ only in their RecordKind data. */
function routesFor(app: FastifyInstance, ctx: AppContext, kind: RecordKind): void {
  const { db } = ctx;
  const base = `/api/${kind.routes.base}`;
  const tags = [kind.tag];
  const missing = () => notFound(`No such ${kind.noun} on your profile.`);

  app.get<{ Params: { userId: string } }>(
    `${base}/${kind.routes.list}/:userId`,
    { schema: { tags, summary: `List a member's ${kind.noun} entries`, security: bearer, params: idParams('userId'), response: { 404: errorSchema } } },
    async (request) => {
      const owner = await readableUser(db, auth(request).userId, Number(request.params.userId));
      return listRecords(db, kind, owner.id);
    },
  );

  app.post<{ Params: { userId: string }; Body: Body }>(
    `${base}/${kind.routes.add}/:userId`,
    {
      schema: {
        tags,
        summary: `Add a ${kind.noun} entry to your profile`,
        security: bearer,
        params: idParams('userId'),
        body: recordBodySchema(kind, false),
        response: { 400: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.userId));
      const { values, details } = validateRecord(kind, request.body);
      if (details.length > 0) throw badRequest(details);
      reply.code(201);
      return insertRecord(db, kind, me, values);
    },
  );

  app.put<{ Params: { id: string }; Body: Body }>(
    `${base}/${kind.routes.update}/:id`,
    {
      schema: {
        tags,
        summary: `Update one of your ${kind.noun} entries`,
        security: bearer,
        params: idParams('id'),
        body: recordBodySchema(kind, true),
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (request.body.id !== undefined && request.body.id !== id) throw badRequest([{ field: 'id', message: 'The id in the body must match the id in the path.' }]);
      const { values, details } = validateRecord(kind, request.body);
      if (details.length > 0) throw badRequest(details);
      const updated = await updateRecord(db, kind, auth(request).userId, id, values);
      if (!updated) throw missing();
      return updated;
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/${kind.routes.delete}/:id`,
    { schema: { tags, summary: `Delete one of your ${kind.noun} entries`, security: bearer, params: idParams('id'), response: { 404: errorSchema } } },
    async (request) => {
      if (!(await deleteRecord(db, kind, auth(request).userId, Number(request.params.id)))) throw missing();
      return { message: 'Deleted successfully!' };
    },
  );
}

export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of ALL_RECORD_KINDS) routesFor(app, ctx, kind);
}
