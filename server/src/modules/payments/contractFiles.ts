// A contract's shared files: either party uploads while the contract is active, both download, the uploader may
// remove a file that was not delivered with a milestone. Same limits and type check as project attachments (by
// content, not name), and the same folder, which no static route serves: the download route checks who asks.
import { API_PATHS, PAYMENT_MESSAGES as M, PROJECT_LIMITS, type ContractFile as ContractFileT } from '@sciexperts/shared/contracts';
import { ContractFile, DocumentDownload, DocumentUpload, IdParams } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError, forbidden, notFound } from '../../http/errors';
import { api } from '../../http/api';
import { auth, bearer, errors, multipartBody } from '../../http/schemas';
import { attachmentsDir } from '../projects/attachments';
import { receiveDocument, removeStored, sendStored, storeBytes } from '../projects/storedFiles';
import * as repo from './repository';
import { fileView } from './views';

const tags = ['Payments'];
const Id = IdParams('id');
const FileParams = IdParams('id', 'fileId');
const conflict = (message: string) => new HttpError(409, message);

export interface ContractFileRouteDeps {
  /** The contract, or 404 unless the member is one of its two parties. */
  contractFor: (id: string, me: number) => Promise<repo.ContractRecord>;
  clock: () => Date;
}

/** Registered inside the payments module's session scope. */
export function contractFileRoutes(inner: FastifyInstance, { contractFor, clock }: ContractFileRouteDeps): void {
  const { db, config } = inner.ctx;
  const dir = attachmentsDir(config.dataDir);
  const r = api(inner);
  const max = PROJECT_LIMITS.attachmentMaxBytes;

  r.get(
    API_PATHS.contractFiles,
    {
      schema: { tags, operationId: 'listContractFiles', summary: "The files the contract's two parties shared, newest first", security: bearer, params: Id, response: { 200: Type.Array(ContractFile), ...errors(400, 401, 404) } },
    },
    async (request): Promise<ContractFileT[]> => {
      const contract = await contractFor(request.params.id, auth(request).userId);
      return (await repo.filesOf(db, contract.id)).map(fileView);
    },
  );

  r.post(
    API_PATHS.contractFiles,
    {
      schema: {
        tags,
        operationId: 'uploadContractFile',
        summary: `Share a file in an active contract's workspace (either party; multipart field "file"; PDF, image or office document by content; ${max / 1024 / 1024} MB each)`,
        security: bearer,
        consumes: ['multipart/form-data'],
        params: Id,
        response: { 201: ContractFile, ...errors(400, 401, 404, 409, 413) },
      },
      config: multipartBody(DocumentUpload),
    },
    async (request, reply): Promise<ContractFileT> => {
      const me = auth(request).userId;
      const contract = await contractFor(request.params.id, me);
      if (contract.status !== 'active') throw conflict(M.filesLocked);
      const file = await receiveDocument(request);
      const storageKey = await storeBytes(dir, file.bytes);
      let row: Awaited<ReturnType<typeof repo.insertFile>>;
      try {
        row = await repo.insertFile(db, contract.id, me, { name: file.name, contentType: file.contentType, size: file.size, storageKey }, clock());
      } catch (err) {
        await removeStored(dir, storageKey);
        throw err;
      }
      if (row === 'locked' || row === 'full') {
        await removeStored(dir, storageKey);
        throw conflict(row === 'locked' ? M.filesLocked : M.filesTooMany);
      }
      reply.code(201);
      return fileView(row);
    },
  );

  r.get(
    API_PATHS.contractFile,
    {
      schema: {
        tags,
        operationId: 'downloadContractFile',
        summary: "A shared file's bytes, with the type sniffed at upload (the contract's two parties only; 404 for anyone else)",
        security: bearer,
        params: FileParams,
        response: { 200: DocumentDownload, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const contract = await contractFor(request.params.id, auth(request).userId);
      const file = await repo.findFile(db, contract.id, Number(request.params.fileId));
      if (!file) throw notFound(M.fileNotFound);
      return sendStored(reply, dir, file, M.fileNotFound);
    },
  );

  r.delete(
    API_PATHS.contractFile,
    {
      schema: {
        tags,
        operationId: 'deleteContractFile',
        summary: 'Remove a file you shared, unless it was delivered with a milestone, while the contract is active',
        security: bearer,
        params: FileParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = auth(request).userId;
      const contract = await contractFor(request.params.id, me);
      const removed = await repo.deleteFile(db, contract.id, Number(request.params.fileId), me);
      if (removed === 'missing') throw notFound(M.fileNotFound);
      if (removed === 'not-yours') throw forbidden(M.fileNotYours);
      if (removed === 'locked') throw conflict(M.filesLocked);
      if (removed === 'delivered') throw conflict(M.fileDelivered);
      await removeStored(dir, removed.storageKey);
      return reply.code(204).send(null);
    },
  );
}
