// What project attachments and contract files share: receiving one uploaded document (size, then type by content),
// keeping its bytes under a random name in the attachments folder, and serving them back as a private download.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_LIMITS, PROJECT_MESSAGES } from '@sciexperts/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { attachmentName, contentDisposition, sniffAttachment } from './fileTypes';

export interface ReceivedDocument {
  name: string;
  contentType: string;
  size: number;
  bytes: Buffer;
}

/** The multipart field "file": 413 over the size limit, 400 unless it is a PDF, image or office document by content. */
export async function receiveDocument(request: FastifyRequest): Promise<ReceivedDocument> {
  const max = PROJECT_LIMITS.attachmentMaxBytes;
  // One byte over the limit, then the length read decides (as for profile images): busboy's `truncated` flag is not
  // reliably set when the limit falls on a chunk boundary.
  const file = await request.file({ limits: { fileSize: max + 1 }, throwFileSizeLimit: false });
  if (!file || file.fieldname !== 'file') throw badRequest([{ field: 'file', message: 'Please send the file in the multipart field "file".' }]);
  const bytes = await file.toBuffer();
  if (bytes.length > max) throw new HttpError(413, PROJECT_MESSAGES.attachmentTooLarge);
  const contentType = sniffAttachment(bytes);
  if (!contentType) throw badRequest([{ field: 'file', message: PROJECT_MESSAGES.attachmentType }]);
  return { name: attachmentName(file.filename, PROJECT_LIMITS.attachmentNameMax), contentType, size: bytes.length, bytes };
}

/** Writes the bytes under a fresh random name (never overwriting) and answers that name, the row's storageKey. */
export async function storeBytes(dir: string, bytes: Buffer): Promise<string> {
  const storageKey = randomUUID();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, storageKey), bytes, { mode: 0o600, flag: 'wx' });
  return storageKey;
}

export async function removeStored(dir: string, storageKey: string): Promise<void> {
  await unlink(path.join(dir, storageKey)).catch(() => undefined);
}

/** Sends a stored file as a private download with the type decided at upload; 404 (with `missing`) if its bytes are gone. */
export async function sendStored(reply: FastifyReply, dir: string, file: { storageKey: string; contentType: string; name: string }, missing: string) {
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(dir, file.storageKey));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(missing);
    throw err;
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
