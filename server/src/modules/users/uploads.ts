import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, PROFILE_IMAGE_MAX_BYTES, type User as UserView } from '@sciexperts/shared/contracts';
import { IdParams, ProfileImageUpload, User } from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { badRequest, fileTooLarge, unauthorized } from '../../http/errors';
import { api } from '../../http/api';
import { auth, bearer, errors, multipartBody } from '../../http/schemas';
import { findUserById, loadUser, updateUser } from './repository';
import { recordUpload, releaseUpload } from './repository';
import { assertSelf } from './access';

export { PROFILE_IMAGE_MAX_BYTES };

/** The bytes decide the type, never the file name or the client's content-type. */
export function sniffImage(buf: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The stored file name behind one of our own upload URLs, or null for anything else. */
export function uploadedFileName(url: string, publicPrefix: string): string | null {
  if (!url.startsWith(publicPrefix)) return null;
  const name = url.slice(publicPrefix.length);
  return /^[0-9a-f-]{36}\.(png|jpg|webp)$/.test(name) ? name : null;
}

export function uploadRoutes(app: FastifyInstance): void {
  const { db, config, uploadsDir } = app.ctx;
  const publicPrefix = `${config.publicUrl}/uploads/`;

  api(app).post(
    API_PATHS.uploadProfileImage,
    {
      schema: {
        tags: ['User'],
        operationId: 'uploadProfileImage',
        summary: 'Upload your profile image (multipart field "file"; PNG, JPEG or WebP; 2 MB at most)',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: IdParams('id'),
        response: { 200: User, ...errors(400, 401, 403, 413) },
      },
      config: multipartBody(ProfileImageUpload),
    },
    async (request): Promise<UserView> => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.id));
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw badRequest('Please send the image in the multipart field "file".');
      const bytes = await file.toBuffer();
      if (file.file.truncated || bytes.length > PROFILE_IMAGE_MAX_BYTES) throw fileTooLarge();
      const ext = sniffImage(bytes);
      if (!ext) throw badRequest('The file must be a PNG, JPEG or WebP image.');
      await mkdir(uploadsDir, { recursive: true });
      const name = `${randomUUID()}.${ext}`;
      await writeFile(path.join(uploadsDir, name), bytes, { mode: 0o644 });
      const before = await findUserById(db, me);
      if (!before) throw unauthorized();
      await recordUpload(db, name, me);
      await updateUser(db, me, { profImgUrl: `${publicPrefix}${name}` });
      // The replaced image is deleted only when this member uploaded it: a URL alone proves nothing.
      const old = before.profImgUrl ? uploadedFileName(before.profImgUrl, publicPrefix) : null;
      if (old && (await releaseUpload(db, old, me))) {
        await unlink(path.join(uploadsDir, old)).catch(() => undefined);
      }
      return loadUser(db, (await findUserById(db, me))!);
    },
  );
}
