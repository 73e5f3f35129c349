import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { User } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, unauthorized } from '../http/errors';
import { auth, bearer, errorSchema, idParams } from '../http/schemas';
import { findUserById, loadUser, updateUser } from '../db/repo/users';
import { assertSelf } from './access';

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The bytes decide the type, never the file name or the client's content-type. */
export function sniffImage(buf: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config, uploadsDir } = ctx;
  const publicPrefix = `${config.publicUrl}/uploads/`;

  app.post<{ Params: { id: string } }>(
    '/api/User/UploadProfileImage/:id',
    {
      schema: {
        tags: ['User'],
        summary: 'Upload your profile image (multipart field "file"; PNG, JPEG or WebP; 2 MB at most)',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: idParams('id'),
        response: { 400: errorSchema, 403: errorSchema, 413: errorSchema },
      },
    },
    async (request): Promise<User> => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.id));
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw badRequest('Please send the image in the multipart field "file".');
      const bytes = await file.toBuffer();
      const ext = sniffImage(bytes);
      if (!ext) throw badRequest('The file must be a PNG, JPEG or WebP image.');
      await mkdir(uploadsDir, { recursive: true });
      const name = `${randomUUID()}.${ext}`;
      await writeFile(path.join(uploadsDir, name), bytes, { mode: 0o644 });
      const before = await findUserById(db, me);
      if (!before) throw unauthorized();
      await updateUser(db, me, { profImgUrl: `${publicPrefix}${name}` });
      // The replaced image was ours and is no longer referenced.
      if (before.profImgUrl?.startsWith(publicPrefix)) {
        const old = path.basename(before.profImgUrl.slice(publicPrefix.length));
        await unlink(path.join(uploadsDir, old)).catch(() => undefined);
      }
      return loadUser(db, (await findUserById(db, me))!);
    },
  );
}
