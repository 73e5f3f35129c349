// What an attachment is, decided by its bytes alone: the name and the client's content-type can say anything.
import { OPENDOCUMENT_CONTENT_TYPES } from '@sciexperts/shared/contracts/schemas';
import { sniffImage } from '../users/uploads';

const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Legacy Word, Excel and PowerPoint share this container; which one it is needs parsing it, so it is served as such. */
export const OLE_STORAGE = 'application/x-ole-storage';
const OOXML = [
  { folder: 'word/', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { folder: 'xl/', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { folder: 'ppt/', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
] as const;
// The registered ones only: the download is documented under each type it can be served with.
const ODF_MIMETYPES: ReadonlySet<string> = new Set(OPENDOCUMENT_CONTENT_TYPES);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** The end record (22 bytes) plus the longest comment a ZIP may carry. */
const END_SEARCH = 22 + 0xffff;
const ZIP_ENTRIES_MAX = 10_000;

/** The content type of an accepted attachment, or null for anything else (scripts, HTML, executables, plain ZIPs…). */
export function sniffAttachment(buf: Buffer): string | null {
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const image = sniffImage(buf);
  if (image) return IMAGE_TYPES[image];
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'image/gif';
  if (buf.length >= OLE2.length && buf.subarray(0, OLE2.length).equals(OLE2)) return OLE_STORAGE;
  if (buf.length >= 30 && buf.readUInt32LE(0) === LOCAL_HEADER) return odfType(buf) ?? ooxmlType(buf);
  return null;
}

/** OpenDocument: the first entry is `mimetype`, stored uncompressed, holding the document's type. */
function odfType(buf: Buffer): string | null {
  const method = buf.readUInt16LE(8);
  const size = buf.readUInt32LE(18);
  const nameLength = buf.readUInt16LE(26);
  const extraLength = buf.readUInt16LE(28);
  const start = 30 + nameLength + extraLength;
  if (method !== 0 || buf.toString('latin1', 30, 30 + nameLength) !== 'mimetype' || size > 100 || start + size > buf.length) return null;
  const mimetype = buf.toString('latin1', start, start + size);
  return ODF_MIMETYPES.has(mimetype) ? mimetype : null;
}

/** Office Open XML: `[Content_Types].xml` in the central directory, and the part folder says which application. */
function ooxmlType(buf: Buffer): string | null {
  const names = zipEntryNames(buf);
  if (!names?.includes('[Content_Types].xml')) return null;
  return OOXML.find(({ folder }) => names.some((n) => n.startsWith(folder)))?.type ?? null;
}

/** The entry names of the central directory, or null when there is no readable one (not a ZIP, ZIP64, damaged). */
export function zipEntryNames(buf: Buffer): string[] | null {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - END_SEARCH); i -= 1) {
    if (buf.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = buf.readUInt16LE(end + 10);
  const offset = buf.readUInt32LE(end + 16);
  if (count > ZIP_ENTRIES_MAX || offset >= end) return null;
  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (next > end) return null;
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at = next;
  }
  return names;
}

// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name an attachment is shown and offered under: the last path segment only, without control or
 * direction-changing characters (a right-to-left override makes 'exe.pdf' look like 'fdp.exe'), at most
 * `max` characters (never half a character), 'attachment' when nothing is left.
 */
export function attachmentName(raw: string | undefined, max: number): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = Array.from(base.replace(UNSAFE_IN_NAME, '').trim()).slice(0, max).join('').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'attachment' : cleaned;
}

/** `attachment; filename*=UTF-8''…` (RFC 6266 / 8187): every character outside the RFC's attr-char set is encoded. */
export function contentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}
