// Shared by the projects suites: request bodies, and small but well-formed sample files built in memory
// (a ZIP writer of a few lines, so office documents need no dependency).
import type { Harness } from './helpers';

/** A date `days` after `from` (the app's clock when a test moves it; the real time by default), as YYYY-MM-DD. */
export const future = (days: number, from: number = Date.now()) => new Date(from + days * 86_400_000).toISOString().slice(0, 10);
export const DESCRIPTION = 'We need a biostatistician to write the statistical analysis plan of a phase II oncology trial.';

export const projectBody = (over: Record<string, unknown> = {}) => ({
  title: 'SAP for a phase II trial',
  description: DESCRIPTION,
  service: 'Statistical Analysis',
  practiceAreas: ['Biostatistics'],
  budget: { type: 'fixed', amountCents: 500_000 },
  duration: '1-3-months',
  visibility: 'public',
  ...over,
});

export const fixedProposal = (over: Record<string, unknown> = {}) => ({
  coverLetter: 'I have written twenty such plans.',
  priceType: 'fixed',
  priceCents: 300_000,
  duration: '1-4-weeks',
  milestones: [
    { title: 'Draft SAP', amountCents: 100_000, dueDate: future(10) },
    { title: 'Final SAP', amountCents: 200_000, dueDate: future(20) },
  ],
  ...over,
});

/** Makes a member listed (public, with a headline), as invitations require. */
export async function makeListed(h: Harness, m: { id: number; token: string }, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await h.api('PUT', `/api/User/UpdateUser/${m.id}`, { body: { headline: 'Biostatistician', isProfilePublic: true, ...extra }, token: m.token });
  if (res.status !== 200) throw new Error(`update failed ${res.status} ${JSON.stringify(res.body)}`);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP of stored (uncompressed) entries, in the given order, with its central directory. */
export function zip(entries: Array<[name: string, content: string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const contentTypesXml = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const ooxml = (folder: string, part: string) => zip([['[Content_Types].xml', contentTypesXml], ['_rels/.rels', '<Relationships/>'], [`${folder}${part}`, '<x/>']]);
const odf = (kind: string) => zip([['mimetype', `application/vnd.oasis.opendocument.${kind}`], ['content.xml', '<office:document-content/>'], ['META-INF/manifest.xml', '<manifest/>']]);

/** One well-formed sample per accepted kind, with the type the server must decide on. */
export const SAMPLES = {
  pdf: { bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), type: 'application/pdf' },
  png: { bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]), type: 'image/png' },
  jpeg: { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(9), Buffer.from([0xff, 0xd9])]), type: 'image/jpeg' },
  gif: { bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from(';')]), type: 'image/gif' },
  webp: { bytes: Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.from([14, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])]), type: 'image/webp' },
  doc: { bytes: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]), type: 'application/x-ole-storage' },
  docx: { bytes: ooxml('word/', 'document.xml'), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { bytes: ooxml('xl/', 'workbook.xml'), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { bytes: ooxml('ppt/', 'presentation.xml'), type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { bytes: odf('text'), type: 'application/vnd.oasis.opendocument.text' },
  ods: { bytes: odf('spreadsheet'), type: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { bytes: odf('presentation'), type: 'application/vnd.oasis.opendocument.presentation' },
} as const;

/** Files that must be refused whatever they are called. */
export const REFUSED = {
  text: Buffer.from('Just some notes, not a PDF at all.\n'),
  html: Buffer.from('<!doctype html><script>alert(1)</script>'),
  windowsExecutable: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(64)]),
  elfExecutable: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  plainZip: zip([['notes.txt', 'hello']]),
  contentTypesOnly: zip([['[Content_Types].xml', contentTypesXml], ['evil/payload.js', 'alert(1)']]),
  oddOdf: zip([['mimetype', 'text/html'], ['content.xml', '<x/>']]),
  empty: Buffer.alloc(0),
};
