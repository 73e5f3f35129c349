// Expert vetting (docs/decisions/0040-expert-vetting.md): one plugin with two scopes. The expert's routes
// (/api/Vetting, a member session) ask to be verified with documents uploaded through the private files mechanism;
// the operators' routes (/api/admin/Vetting, the console's guard: 404 to anyone but an operator, 403 to a role
// without the permission) show the queue by waiting time, a request with its documents, and decide it with a
// reason — audited in the decision's transaction, the expert told by notification and e-mail.
import {
  ADMIN_PATHS,
  VETTING_LIMITS,
  VETTING_MESSAGES as M,
  VETTING_PATHS,
  vettingDecidedMessage,
  type MyVettingView,
  type VettingDecisionResult,
  type VettingDetailView,
  type VettingFileView,
  type VettingQueueView,
  type VettingRequestView,
} from '@sciexperts/shared/contracts';
import {
  DocumentDownload,
  DocumentUpload,
  IdParams,
  MyVetting,
  VettingDecisionBody,
  VettingDecisionResponse,
  VettingDetail,
  VettingFile,
  VettingQueue,
  VettingRequest,
  VettingRequestBody,
} from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, multipartBody } from '../../http/schemas';
import { attachmentsDir } from '../projects/attachments';
import { receiveDocument, removeStored, sendStored, storeBytes } from '../projects/storedFiles';
import { notify } from '../notifications/notify';
import { writeAudit } from '../admin/audit';
import { checkReason, guardAdminRoutes, operatorOf } from '../admin/guard';
import * as repo from './repository';

const tags = ['Vetting'];
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A required one-line text: trimmed, 1–200 characters, no control characters; pushes a 400 detail otherwise. */
function line(value: string, field: string, details: Array<{ field: string; message: string }>, message: string = M.text): string {
  const text = value.trim();
  if (!text || text.length > VETTING_LIMITS.textMax || CONTROL.test(text)) details.push({ field, message });
  return text;
}

function memberRoutes(app: FastifyInstance): void {
  const { db, config, clock } = app.ctx;
  const dir = attachmentsDir(config.dataDir);
  const r = api(app);

  r.get(
    VETTING_PATHS.mine,
    { schema: { tags, operationId: 'myVetting', summary: 'My verification: its status, the latest request (with the operator’s reason) and my linked ORCID iD', security: bearer, response: { 200: MyVetting, ...errors(401) } } },
    async (request): Promise<MyVettingView> => {
      const me = auth(request).userId;
      const user = await db.kysely.selectFrom('users').select(['verifiedAt', 'orcidId']).where('id', '=', me).executeTakeFirstOrThrow();
      const latest = await repo.latestRequest(db, me);
      const view = latest ? await repo.requestView(db.kysely, latest) : null;
      return { status: view ? view.status : 'none', verified: Boolean(user.verifiedAt), orcidId: user.orcidId ?? null, request: view };
    },
  );

  r.post(
    VETTING_PATHS.files,
    {
      schema: {
        tags,
        operationId: 'uploadVettingFile',
        summary: 'Upload a document for a verification request (multipart field "file"; PDF, image or office document by content); only you and the operators can read it',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: VettingFile, ...errors(400, 401, 409, 413) },
      },
      config: multipartBody(DocumentUpload),
    },
    async (request, reply): Promise<VettingFileView> => {
      const me = auth(request).userId;
      const file = await receiveDocument(request);
      const storageKey = await storeBytes(dir, file.bytes);
      let row: Awaited<ReturnType<typeof repo.insertFile>>;
      try {
        row = await repo.insertFile(db, me, { name: file.name, contentType: file.contentType, size: file.size, storageKey }, clock());
      } catch (err) {
        await removeStored(dir, storageKey);
        throw err;
      }
      if (row === 'full') {
        await removeStored(dir, storageKey);
        throw new HttpError(409, M.tooManyFiles);
      }
      reply.code(201);
      return repo.fileView(row);
    },
  );

  r.get(
    VETTING_PATHS.file,
    {
      schema: {
        tags,
        operationId: 'downloadVettingFile',
        summary: "One of my verification documents (its owner only; anyone else 404)",
        security: bearer,
        params: IdParams('fileId'),
        response: { 200: DocumentDownload, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await repo.findOwnFile(db, auth(request).userId, Number(request.params.fileId));
      if (!file) throw notFound(M.fileNotFound);
      return sendStored(reply, dir, file, M.fileNotFound);
    },
  );

  r.post(
    VETTING_PATHS.mine,
    {
      schema: {
        tags,
        operationId: 'requestVetting',
        summary: 'Ask to be verified (experts only; one pending request at a time): identity document and legal name, degree, affiliation; the linked ORCID iD is taken from the profile',
        security: bearer,
        body: VettingRequestBody,
        response: { 201: VettingRequest, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply): Promise<VettingRequestView> => {
      const me = auth(request).userId;
      const user = await db.kysely.selectFrom('users').select(['headline', 'verifiedAt', 'orcidId']).where('id', '=', me).executeTakeFirstOrThrow();
      // An expert is a member with an expert profile: the headline the directory lists them under.
      if (!(user.headline ?? '').trim()) throw forbidden(M.expertsOnly);
      if (user.verifiedAt) throw new HttpError(409, M.verifiedAlready);
      const b = request.body;
      const details: Array<{ field: string; message: string }> = [];
      const legalName = line(b.legalName, 'legalName', details, M.legalName);
      const degree = { title: line(b.degree.title, 'degree.title', details), institution: line(b.degree.institution, 'degree.institution', details), year: b.degree.year, fileId: b.degree.fileId };
      const affiliation = { institution: line(b.affiliation.institution, 'affiliation.institution', details), role: line(b.affiliation.role, 'affiliation.role', details) };
      if (!Number.isInteger(degree.year) || degree.year < VETTING_LIMITS.yearMin || degree.year > clock().getUTCFullYear()) details.push({ field: 'degree.year', message: M.year });
      if (!(await repo.findOwnFile(db, me, b.identityFileId))) details.push({ field: 'identityFileId', message: M.identityFile });
      if (degree.fileId !== undefined && !(await repo.findOwnFile(db, me, degree.fileId))) details.push({ field: 'degree.fileId', message: M.degreeFile });
      if (details.length > 0) throw badRequest(details);
      const row = await repo.insertRequest(db, me, { legalName, identityFileId: b.identityFileId, degree, affiliation }, user.orcidId ?? null, clock());
      if (!row) throw new HttpError(409, M.pendingAlready);
      reply.code(201);
      return repo.requestView(db.kysely, row);
    },
  );
}

function operatorRoutes(app: FastifyInstance): void {
  const { db, config, clock, jobs } = app.ctx;
  const dir = attachmentsDir(config.dataDir);
  const r = api(app);
  const adminTags = ['Admin'];
  const guarded = [401, 403, 404] as const;
  const RequestParams = IdParams('requestId');

  r.get(
    ADMIN_PATHS.vetting,
    {
      config: { adminPermission: 'vetting.read' },
      schema: { tags: adminTags, operationId: 'adminVettingQueue', summary: 'Verification requests waiting for review, the longest-waiting first (re-reviews after a change of name marked)', security: bearer, response: { 200: VettingQueue, ...errors(...guarded) } },
    },
    async (): Promise<VettingQueueView> => ({ requests: await repo.vettingQueue(db, clock()) }),
  );

  r.get(
    ADMIN_PATHS.vettingRequest,
    {
      config: { adminPermission: 'vetting.read' },
      schema: {
        tags: adminTags,
        operationId: 'adminVettingRequest',
        summary: 'A verification request: legal name, documents, degree, affiliation, ORCID iD and the expert’s profile',
        security: bearer,
        params: RequestParams,
        response: { 200: VettingDetail, ...errors(400, ...guarded) },
      },
    },
    async (request): Promise<VettingDetailView> => {
      const row = await repo.findRequest(db.kysely, Number(request.params.requestId));
      if (!row) throw notFound(M.noRequest);
      return {
        request: await repo.requestView(db.kysely, row),
        expert: await repo.expertOf(db, row.userId),
        decidedBy: row.decidedBy,
        waitingSeconds: repo.waitingSeconds(row.createdAt, row.decidedAt ? new Date(row.decidedAt) : clock()),
      };
    },
  );

  r.get(
    ADMIN_PATHS.vettingFile,
    {
      config: { adminPermission: 'vetting.read' },
      schema: {
        tags: adminTags,
        operationId: 'adminVettingFile',
        summary: "A document of a verification request (operators only)",
        security: bearer,
        params: IdParams('requestId', 'fileId'),
        response: { 200: DocumentDownload, ...errors(400, ...guarded) },
      },
    },
    async (request, reply) => {
      const row = await repo.findRequest(db.kysely, Number(request.params.requestId));
      const fileId = Number(request.params.fileId);
      if (!row || (row.identityFileId !== fileId && row.degreeFileId !== fileId)) throw notFound(M.fileNotFound);
      const file = await repo.findOwnFile(db, row.userId, fileId);
      if (!file) throw notFound(M.fileNotFound);
      // An identity document is personal data: every download is recorded, before the bytes go.
      const what = row.identityFileId === fileId ? 'identity document' : 'degree certificate';
      await db.kysely.transaction().execute((trx) =>
        writeAudit(trx, { operator: operatorOf(request), action: 'vetting.document', objectType: 'vetting-file', objectId: fileId, details: `${what} “${file.name}” of request ${row.id} (expert ${row.userId})`, address: request.ip, at: clock() }),
      );
      return sendStored(reply, dir, file, M.fileNotFound);
    },
  );

  r.post(
    ADMIN_PATHS.vettingDecide,
    {
      config: { adminPermission: 'vetting.decide' },
      schema: {
        tags: adminTags,
        operationId: 'adminDecideVetting',
        summary: 'Approve or reject a verification request with a reason (the expert is told by notification and e-mail); once',
        security: bearer,
        params: RequestParams,
        body: VettingDecisionBody,
        response: { 200: VettingDecisionResponse, ...errors(400, ...guarded, 409) },
      },
    },
    async (request): Promise<VettingDecisionResult> => {
      const me = operatorOf(request);
      const reason = checkReason(request.body.reason);
      const { outcome } = request.body;
      const id = Number(request.params.requestId);
      const now = clock();
      const result = await db.kysely.transaction().execute(async (trx) => {
        const decided = await repo.decide(trx, db.dialect, id, outcome, reason, me.email, now);
        if (decided.kind !== 'decided' || decided.repeated) return decided;
        const approved = outcome === 'approve';
        await writeAudit(trx, { operator: me, action: approved ? 'vetting.approve' : 'vetting.reject', objectType: 'vetting-request', objectId: id, reason, details: `expert ${decided.row.userId}${decided.row.reviewOf === null ? '' : ` (re-review of request ${decided.row.reviewOf})`}`, address: request.ip, at: now });
        const text = approved ? 'Your profile is verified: the Verified badge now shows on your profile, your directory card and your proposals.' : `Your verification request was not approved: ${reason}`;
        await notify(trx, jobs, [{ userId: decided.row.userId, type: 'verification', text, link: '/profile#verification', sourceKey: `vetting:${id}` }], now);
        return decided;
      });
      if (result.kind === 'not-found') throw notFound(M.noRequest);
      if (result.kind === 'stale') throw new HttpError(409, vettingDecidedMessage(result.row.decidedBy ?? 'the system', result.row.decidedAt ?? result.row.createdAt));
      return { request: await repo.requestView(db.kysely, result.row), repeated: result.repeated };
    },
  );
}

export function vettingModule(): Module {
  return async (app) => {
    await app.register(async (member) => {
      requireSession(member);
      memberRoutes(member);
    });
    await app.register(async (ops) => {
      guardAdminRoutes(ops);
      operatorRoutes(ops);
    });
  };
}
