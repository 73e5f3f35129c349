// Files through the API: the multipart bodies of the three uploads and the types a stored document is served with.
// Server-only at run time. An upload route reads its body itself (request.file()), so these schemas document the
// body rather than validate it; the limits are the ones the routes enforce.
import { Type } from 'typebox';
import { PROFILE_IMAGE_MAX_BYTES } from '../limits';
import { PROJECT_LIMITS } from '../projects';

/** The OpenDocument types the IANA registry lists; a document whose `mimetype` entry names another is refused. */
export const OPENDOCUMENT_CONTENT_TYPES = [
  'text',
  'text-template',
  'text-master',
  'text-master-template',
  'text-web',
  'spreadsheet',
  'spreadsheet-template',
  'presentation',
  'presentation-template',
  'graphics',
  'graphics-template',
  'chart',
  'chart-template',
  'formula',
  'formula-template',
  'image',
  'image-template',
  'database',
  'base',
].map((kind) => `application/vnd.oasis.opendocument.${kind}`);

/**
 * Every type a project attachment or contract file can be served with: the type its bytes showed at upload
 * (server/src/modules/projects/fileTypes.ts decides it and keeps to this list).
 */
export const DOCUMENT_CONTENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  // Legacy Word, Excel and PowerPoint share one container; telling them apart needs parsing it.
  'application/x-ole-storage',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ...OPENDOCUMENT_CONTENT_TYPES,
];

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

function filePart(maxBytes: number, what: string) {
  return Type.Unsafe<Uint8Array>({
    type: 'string',
    format: 'binary',
    // For a binary string, its length is its number of bytes.
    maxLength: maxBytes,
    description: `${what}, ${mb(maxBytes)} (${maxBytes} bytes) at most; larger files are refused with 413. The type is decided by the file's content, not its name or part type.`,
  });
}

/** multipart/form-data of the profile image upload: one part named "file". */
export const ProfileImageUpload = Type.Object(
  { file: filePart(PROFILE_IMAGE_MAX_BYTES, 'A PNG, JPEG or WebP image') },
  { description: 'One file in the multipart field "file".' },
);

/** multipart/form-data of a project attachment or contract file upload: one part named "file". */
export const DocumentUpload = Type.Object(
  { file: filePart(PROJECT_LIMITS.attachmentMaxBytes, 'A PDF, image (PNG, JPEG, GIF, WebP) or office document (Word, Excel, PowerPoint, OpenDocument)') },
  { description: 'One file in the multipart field "file".' },
);

/** A stored document's bytes, documented under each type it can be served with. */
export const DocumentDownload = {
  description: 'The file, served as a download (Content-Disposition: attachment) with the type its content showed at upload.',
  // Each header as its schema (@fastify/swagger moves the description up to the header).
  headers: { 'Content-Disposition': { type: 'string', description: 'attachment, with the file name as uploaded (cleaned).' } },
  content: Object.fromEntries(DOCUMENT_CONTENT_TYPES.map((type) => [type, { schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }) }])),
};
