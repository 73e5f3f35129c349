// The parties' side of a dispute: while a milestone is disputed, the client (who opened it) and the expert (who
// answers) each add statements, with files shared in the workspace, for the operator who settles it. Both parties
// read them. Anyone else gets 404, as on every route of a contract.
import { ADMIN_LIMITS, ADMIN_MESSAGES as M, DISPUTE_STATEMENT_PATH, DISPUTE_STATEMENTS_PATH, REPORTS_PATH } from '@sciexperts/shared/contracts';
import { DisputeStatementBody, DisputeStatements, ReportBody, ReportReceipt } from '@sciexperts/shared/contracts/schemas';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { IdParams, auth, bearer, errors } from '../../http/schemas';
import { findMilestone } from '../payments/repository';
import { statementsOf } from './disputes';
import { fileReport } from './reports';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function disputeStatementsModule(): Module {
  return async (app) => {
    requireSession(app);
    const { db, clock } = app.ctx;
    const r = api(app);

    async function partyMilestone(milestoneId: number, me: number) {
      const found = await findMilestone(db, milestoneId);
      if (!found || (found.contract.clientId !== me && found.contract.expertId !== me)) throw notFound('No such milestone.');
      return found;
    }

    r.post(
      REPORTS_PATH,
      {
        schema: {
          tags: ['Reports'],
          operationId: 'report',
          summary: `Report a profile, a project, a proposal or a message to SciExperts' operators (a reason from the list, an optional note); at most ${ADMIN_LIMITS.reportsPerDay} targets in 24 hours (429 after)`,
          security: bearer,
          body: ReportBody,
          response: { 201: ReportReceipt, ...errors(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const me = auth(request).userId;
        const note = request.body.note;
        // eslint-disable-next-line no-control-regex
        if (note !== undefined && /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(note)) throw badRequest([{ field: 'note', message: 'The note must be plain text.' }]);
        const made = await fileReport(db, me, request.body, clock());
        if (made.kind === 'not-found') throw notFound(M.reportNotFound);
        if (made.kind === 'own') throw badRequest([{ field: 'targetId', message: M.reportOwn }]);
        if (made.kind === 'limit') throw new HttpError(429, M.reportsPerDay, undefined, { 'retry-after': String(made.retryAfterSeconds) });
        reply.code(201);
        return { id: made.id, message: M.reportSent };
      },
    );

    r.get(
      DISPUTE_STATEMENTS_PATH,
      {
        schema: {
          tags: ['Payments'],
          operationId: 'disputeStatements',
          summary: "The statements both parties gave on a milestone's dispute (parties only)",
          security: bearer,
          params: IdParams('id'),
          response: { 200: DisputeStatements, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const { contract } = await partyMilestone(Number(request.params.id), auth(request).userId);
        return { statements: await statementsOf(db, Number(request.params.id), contract) };
      },
    );

    r.post(
      DISPUTE_STATEMENT_PATH,
      {
        schema: {
          tags: ['Payments'],
          operationId: 'addDisputeStatement',
          summary: 'A party adds a statement (and shared files) to a disputed milestone, for the operator who settles it',
          security: bearer,
          params: IdParams('id'),
          body: DisputeStatementBody,
          response: { 201: DisputeStatements, ...errors(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const me = auth(request).userId;
        const milestoneId = Number(request.params.id);
        const { contract } = await partyMilestone(milestoneId, me);
        const text = request.body.text.trim();
        if (!text || CONTROL.test(text)) throw badRequest([{ field: 'text', message: M.statementRequired }]);
        const fileIds = request.body.fileIds ?? [];
        if (fileIds.length > 0) {
          const known = await db.kysely.selectFrom('contractFiles').select('id').where('contractId', '=', contract.id).where('id', 'in', fileIds).execute();
          if (known.length !== fileIds.length) throw badRequest([{ field: 'fileIds', message: M.statementFile }]);
        }
        const added = await db.kysely.transaction().execute(async (trx) => {
          // The status is read in the transaction that writes: a statement never lands on a settled dispute.
          const current = await trx.selectFrom('contractMilestones').select('status').where('id', '=', milestoneId).executeTakeFirstOrThrow();
          if (current.status !== 'disputed') return 'not-disputed' as const;
          const { n } = await trx
            .selectFrom('disputeStatements')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('milestoneId', '=', milestoneId)
            .where('authorId', '=', me)
            .executeTakeFirstOrThrow();
          if (Number(n) >= ADMIN_LIMITS.statementsPerPartyMax) return 'full' as const;
          await trx.insertInto('disputeStatements').values({ milestoneId, contractId: contract.id, authorId: me, text, fileIds: JSON.stringify(fileIds), createdAt: clock().toISOString() }).execute();
          return 'added' as const;
        });
        if (added === 'not-disputed') throw new HttpError(409, M.statementNotDisputed);
        if (added === 'full') throw new HttpError(409, M.statementsFull);
        reply.code(201);
        return { statements: await statementsOf(db, milestoneId, contract) };
      },
    );
  };
}
