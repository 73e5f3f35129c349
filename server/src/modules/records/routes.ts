import { RECORD_MESSAGES, RECORDS_PER_KIND_MAX, checkRecord } from '@sciexperts/shared/contracts';
import { IdParams, MessageResponse } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendJsonText } from '../../http/jsonText';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import { deleteRecord, insertRecord, listRecordsJson, updateRecord } from './repository';
import { assertSelf, readableOwner } from '../users/access';
import { RecordListBodies } from './listBodies';
import { ALL_RECORD_KINDS, type RecordKind } from './kinds';

type Body = Record<string, unknown>;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const operationId = (verb: string, kind: RecordKind) => `${verb}${capitalised(kind.key)}`;

/** The record rules live in checkRecord, which the profile forms call too; a refused record is a 400 naming each field. */
function checked(kind: RecordKind, body: Body) {
  const { values, problems } = checkRecord(kind, body);
  if (problems.length > 0) throw badRequest(problems);
  return values;
}

/** One route set per record kind; the kinds differ only in their RecordKind data. */
function routesFor(app: FastifyInstance, kind: RecordKind, listBodies: RecordListBodies): void {
  const { db } = app.ctx;
  const r = api(app);
  const tags = [kind.tag];
  const missing = () => notFound(`No such ${kind.noun} on your profile.`);

  r.get(
    kind.paths.list,
    {
      schema: {
        tags,
        operationId: operationId('list', kind),
        summary: `List a member's ${kind.noun} entries`,
        security: bearer,
        params: IdParams('userId'),
        response: { 200: Type.Array(kind.entity), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const owner = await readableOwner(db, auth(request).userId, Number(request.params.userId));
      return sendJsonText(reply as FastifyReply, await listBodies.get(kind, owner, () => listRecordsJson(db, kind, owner.id)));
    },
  );

  r.post(
    kind.paths.add,
    {
      schema: {
        tags,
        operationId: operationId('add', kind),
        summary: `Add a ${kind.noun} entry to your profile`,
        security: bearer,
        params: IdParams('userId'),
        body: kind.body.add,
        response: { 201: kind.entity, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.userId));
      const values = checked(kind, request.body as Body);
      const created = await insertRecord(db, kind, me, values, RECORDS_PER_KIND_MAX);
      if (!created) throw new HttpError(409, `You can keep at most ${RECORDS_PER_KIND_MAX} ${kind.noun} entries. Delete one to add another.`);
      reply.code(201);
      return created;
    },
  );

  r.put(
    kind.paths.update,
    {
      schema: {
        tags,
        operationId: operationId('update', kind),
        summary: `Update one of your ${kind.noun} entries`,
        security: bearer,
        params: IdParams('id'),
        body: kind.body.update,
        response: { 200: kind.entity, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const body = request.body as Body;
      if (body.id !== undefined && body.id !== id) throw badRequest([{ field: 'id', message: 'The id in the body must match the id in the path.' }]);
      const updated = await updateRecord(db, kind, auth(request).userId, id, checked(kind, body));
      if (!updated) throw missing();
      return updated;
    },
  );

  r.delete(
    kind.paths.remove,
    {
      schema: {
        tags,
        operationId: operationId('delete', kind),
        summary: `Delete one of your ${kind.noun} entries`,
        security: bearer,
        params: IdParams('id'),
        response: { 200: MessageResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      if (!(await deleteRecord(db, kind, auth(request).userId, Number(request.params.id)))) throw missing();
      return { message: RECORD_MESSAGES.deleted };
    },
  );
}

export const recordsModule: Module = async (app) => {
  requireSession(app);
  const listBodies = new RecordListBodies();
  for (const kind of ALL_RECORD_KINDS) routesFor(app, kind, listBodies);
};
