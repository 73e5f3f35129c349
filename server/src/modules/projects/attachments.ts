// A project's attachments: the owner adds and removes files while the project is a draft or open; those who may
// see the project download them. The bytes live in the data directory's `attachments/` folder, which no static
// route serves: the only way to them is the download route, which checks who asks.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, PROJECT_LIMITS, PROJECT_MESSAGES as M, type Attachment as AttachmentT } from '@sciexperts/shared/contracts';
import { Attachment, DocumentDownload, DocumentUpload, IdParams } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { HttpError, notFound } from '../../http/errors';
import { api } from '../../http/api';
import { auth, bearer, errors, multipartBody } from '../../http/schemas';
import * as repo from './repository';
import { receiveDocument, removeStored, sendStored, storeBytes } from './storedFiles';
import { toAttachment } from './views';

const tags = ['Projects'];
const Id = IdParams('id');
const AttachmentParams = IdParams('id', 'attachmentId');
const conflict = (message: string) => new HttpError(409, message);
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ONE_HOUR = 3600_000;

export const attachmentsDir = (dataDir: string) => path.join(dataDir, 'attachments');

const isAttachable = (status: string) => (repo.ATTACHABLE_STATUSES as readonly string[]).includes(status);

/**
 * Removes stored files that no row names any more: rows go with their project (and a project with its owner) by
 * cascade, which cannot reach the disk, and a crash between writing a file and recording it leaves one too. Files
 * younger than `minAgeMs` are left alone: another process may be about to record them.
 */
export async function sweepOrphanAttachments(db: Db, dir: string, minAgeMs = ONE_HOUR, now = Date.now()): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => STORAGE_KEY.test(n));
  const removed: string[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const known = await repo.knownStorageKeys(db, batch);
    for (const name of batch) {
      if (known.has(name)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (!info || now - info.mtimeMs < minAgeMs) continue;
      await removeStored(dir, name);
      removed.push(name);
    }
  }
  return removed;
}

export interface AttachmentRouteDeps {
  /** The project the member owns: 404 when they may not see it, 403 when it is not theirs. */
  ownedProject: (id: string, viewerId: number) => Promise<repo.ProjectRow>;
  clock: () => Date;
}

/** Registered inside the projects module's session scope. */
export function attachmentRoutes(inner: FastifyInstance, { ownedProject, clock }: AttachmentRouteDeps): void {
  const { db, config } = inner.ctx;
  const dir = attachmentsDir(config.dataDir);
  const r = api(inner);
  const max = PROJECT_LIMITS.attachmentMaxBytes;

  r.post(
    API_PATHS.projectAttachments,
    {
      schema: {
        tags,
        operationId: 'uploadProjectAttachment',
        summary: `Attach a file to a draft or open project (owner only; multipart field "file"; PDF, image or office document by content; ${max / 1024 / 1024} MB and ${PROJECT_LIMITS.attachmentsMax} files at most)`,
        security: bearer,
        consumes: ['multipart/form-data'],
        params: Id,
        response: { 201: Attachment, ...errors(400, 401, 403, 404, 409, 413) },
      },
      config: multipartBody(DocumentUpload),
    },
    async (request, reply): Promise<AttachmentT> => {
      const project = await ownedProject(request.params.id, auth(request).userId);
      if (!isAttachable(project.status)) throw conflict(M.attachmentsLocked);
      const file = await receiveDocument(request);
      const storageKey = await storeBytes(dir, file.bytes);
      let row: Awaited<ReturnType<typeof repo.insertAttachment>>;
      try {
        row = await repo.insertAttachment(db, project.id, { name: file.name, contentType: file.contentType, size: file.size, storageKey }, clock());
      } catch (err) {
        await removeStored(dir, storageKey);
        throw err;
      }
      if (row === 'locked' || row === 'full') {
        await removeStored(dir, storageKey);
        throw conflict(row === 'locked' ? M.attachmentsLocked : M.attachmentsTooMany);
      }
      reply.code(201);
      return toAttachment(row);
    },
  );

  r.get(
    API_PATHS.projectAttachment,
    {
      schema: {
        tags,
        operationId: 'downloadProjectAttachment',
        summary: "An attachment's bytes, with the type sniffed at upload (members who may see the project only; 404 for anyone else)",
        security: bearer,
        params: AttachmentParams,
        response: { 200: DocumentDownload, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const me = auth(request).userId;
      const project = await repo.findProject(db, Number(request.params.id));
      // Whether the project exists, or holds such a file, is nobody else's business: one 404 for all of it.
      if (!project || !(await repo.canSee(db, project, me))) throw notFound(M.attachmentNotFound);
      const attachment = await repo.findAttachment(db, project.id, Number(request.params.attachmentId));
      if (!attachment) throw notFound(M.attachmentNotFound);
      return sendStored(reply, dir, attachment, M.attachmentNotFound);
    },
  );

  r.delete(
    API_PATHS.projectAttachment,
    {
      schema: {
        tags,
        operationId: 'deleteProjectAttachment',
        summary: 'Remove an attachment and its file from a draft or open project (owner only)',
        security: bearer,
        params: AttachmentParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const project = await ownedProject(request.params.id, auth(request).userId);
      const removed = await repo.deleteAttachment(db, project.id, Number(request.params.attachmentId));
      if (removed === 'missing') throw notFound(M.attachmentNotFound);
      if (removed === 'locked') throw conflict(M.attachmentsLocked);
      await removeStored(dir, removed.storageKey);
      return reply.code(204).send(null);
    },
  );
}
