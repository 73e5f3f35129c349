import { readdirSync, writeFileSync, utimesSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Attachment, Project, Proposal } from '@sciexperts/shared/contracts';
import { PROJECT_LIMITS, PROJECT_MESSAGES } from '@sciexperts/shared/contracts';
import { attachmentsDir, sweepOrphanAttachments } from '../src/modules/projects/attachments';
import { attachmentName, contentDisposition, sniffAttachment } from '../src/modules/projects/fileTypes';
import { member, startAppOn, type Harness } from './helpers';
import { REFUSED, SAMPLES, fixedProposal, makeListed, projectBody } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

describe('attachment types are decided by content', () => {
  it.each(Object.entries(SAMPLES))('%s', (_kind, { bytes, type }) => {
    expect(sniffAttachment(bytes)).toBe(type);
  });

  it.each(Object.entries(REFUSED))('refuses %s', (_kind, bytes) => {
    expect(sniffAttachment(bytes)).toBeNull();
  });

  it('refuses damaged ZIPs without throwing', () => {
    const docx = SAMPLES.docx.bytes;
    for (const cut of [30, 60, docx.length - 10, docx.length - 22]) expect(sniffAttachment(docx.subarray(0, cut))).toBeNull();
    const lying = Buffer.from(docx);
    lying.writeUInt16LE(0xffff, lying.length - 12); // more entries than the directory holds
    expect(sniffAttachment(lying)).toBeNull();
  });
});

describe('attachment names', () => {
  it('keeps the last path segment, drops control and direction characters, trims to the limit', () => {
    expect(attachmentName('../../etc/passwd', 200)).toBe('passwd');
    expect(attachmentName('C:\\Users\\ada\\report.pdf', 200)).toBe('report.pdf');
    expect(attachmentName('invoice\u202Efdp.exe', 200)).toBe('invoicefdp.exe');
    expect(attachmentName('a\u0000b\nc\u007f.pdf', 200)).toBe('abc.pdf');
    expect(attachmentName('  spaced.pdf  ', 200)).toBe('spaced.pdf');
    expect(attachmentName(`${'😀'.repeat(3)}.pdf`, 2)).toBe('😀😀');
    for (const empty of [undefined, '', '   ', 'dir/', '..', '\u0001']) expect(attachmentName(empty, 200)).toBe('attachment');
  });

  it('offers the name as an RFC 8187 filename*', () => {
    expect(contentDisposition('report.pdf')).toBe("attachment; filename*=UTF-8''report.pdf");
    expect(contentDisposition("Résumé (final) 'v2'*.pdf")).toBe("attachment; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20%27v2%27%2A.pdf");
    expect(contentDisposition('a";b.pdf')).toBe("attachment; filename*=UTF-8''a%22%3Bb.pdf");
  });
});

describe.each(['sqlite', 'postgres'] as const)('project attachments over %s', (dialect) => {
  let h: Harness;
  let owner: Member;
  let expert: Member;
  let other: Member;
  let dir: string;

  const call = <T = Project & Body>(method: string, url: string, token: string | null, body?: unknown) => h.api<T & Body>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const draft = async (over: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/Projects', owner.token, projectBody(over));
    expect(created.status).toBe(201);
    return created.body;
  };
  const openProject = async (over: Record<string, unknown> = {}) => {
    const published = await call('POST', `/api/Projects/${(await draft(over)).id}/Publish`, owner.token);
    expect(published.status).toBe(200);
    return published.body;
  };
  const upload = async (projectId: number, bytes: Buffer, name: string, opts: { token?: string | null; field?: string; type?: string } = {}) => {
    const form = new FormData();
    form.append(opts.field ?? 'file', new Blob([bytes], { type: opts.type ?? 'application/octet-stream' }), name);
    const token = opts.token === undefined ? owner.token : opts.token;
    const res = await fetch(`${h.base}/api/Projects/${projectId}/Attachments`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as Attachment & Body };
  };
  const download = async (projectId: number, attachmentId: number, token: string | null) => {
    const res = await fetch(`${h.base}/api/Projects/${projectId}/Attachments/${attachmentId}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) as Body };
  };
  const stored = () => (existsSync(dir) ? readdirSync(dir) : []);
  const rowsOf = async (projectId: number) => h.db.kysely.selectFrom('projectAttachments').selectAll().where('projectId', '=', projectId).execute();

  beforeAll(async () => {
    h = await startAppOn(dialect);
    dir = attachmentsDir(h.config.dataDir);
    owner = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    other = await member(h, { firstName: 'Sam' });
    await makeListed(h, expert);
  });

  afterAll(() => h?.close());

  it('stores every accepted kind by its content and serves it back as a private download', async () => {
    let project = await draft();
    let onProject = 0;
    for (const [kind, { bytes, type }] of Object.entries(SAMPLES)) {
      if (onProject === PROJECT_LIMITS.attachmentsMax) {
        project = await draft();
        onProject = 0;
      }
      // The client's claim and the name say nothing: the bytes decide.
      const res = await upload(project.id, bytes, `sample-${kind}.bin`, { type: 'text/html' });
      expect([kind, res.status, res.body.contentType, res.body.size, res.body.name]).toEqual([kind, 201, type, bytes.length, `sample-${kind}.bin`]);
      onProject += 1;
      const served = await download(project.id, res.body.id, owner.token);
      expect([kind, served.status, served.headers.get('content-type')]).toEqual([kind, 200, type]);
      expect(served.bytes.equals(bytes)).toBe(true);
      expect(served.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''sample-${kind}.bin`);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('private, no-store');
    }
    // Nothing of it is reachable through the public uploads route.
    const [file] = stored();
    expect((await fetch(`${h.base}/uploads/${file}`)).status).toBe(404);
  });

  it('a PNG named report.pdf is stored and served as image/png; a text file named .pdf and executables are refused', async () => {
    const p = await draft();
    const png = await upload(p.id, SAMPLES.png.bytes, 'report.pdf', { type: 'application/pdf' });
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ name: 'report.pdf', contentType: 'image/png' });
    expect((await download(p.id, png.body.id, owner.token)).headers.get('content-type')).toBe('image/png');
    const before = stored().length;
    for (const [name, bytes] of [['notes.pdf', REFUSED.text], ['setup.pdf', REFUSED.windowsExecutable], ['tool.png', REFUSED.elfExecutable], ['page.docx', REFUSED.html], ['drawing.png', REFUSED.svg], ['archive.docx', REFUSED.plainZip], ['empty.pdf', REFUSED.empty]] as const) {
      const res = await upload(p.id, bytes, name, { type: 'application/pdf' });
      expect([name, res.status, res.body.details]).toEqual([name, 400, [{ field: 'file', message: PROJECT_MESSAGES.attachmentType }]]);
    }
    expect(stored()).toHaveLength(before);
    expect(await rowsOf(p.id)).toHaveLength(1);
    // The project shows its attachments.
    expect((await call('GET', `/api/Projects/${p.id}`, owner.token)).body.attachments).toEqual([png.body]);
  });

  it(`accepts ${PROJECT_LIMITS.attachmentsMax} files and refuses the next one (409)`, async () => {
    const p = await draft();
    for (let i = 0; i < PROJECT_LIMITS.attachmentsMax; i += 1) expect((await upload(p.id, SAMPLES.pdf.bytes, `part-${i}.pdf`)).status).toBe(201);
    const before = stored().length;
    const sixth = await upload(p.id, SAMPLES.pdf.bytes, 'part-5.pdf');
    expect([sixth.status, sixth.body.message]).toEqual([409, PROJECT_MESSAGES.attachmentsTooMany]);
    expect(stored()).toHaveLength(before);
    expect(await rowsOf(p.id)).toHaveLength(PROJECT_LIMITS.attachmentsMax);
  });

  it('concurrent uploads never pass the limit', async () => {
    const p = await draft();
    const results = await Promise.all(Array.from({ length: PROJECT_LIMITS.attachmentsMax + 3 }, (_, i) => upload(p.id, SAMPLES.gif.bytes, `race-${i}.gif`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(PROJECT_LIMITS.attachmentsMax);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await rowsOf(p.id)).toHaveLength(PROJECT_LIMITS.attachmentsMax);
  });

  it('accepts exactly 10 MB and refuses one byte more with 413, storing nothing', async () => {
    const p = await draft();
    const max = PROJECT_LIMITS.attachmentMaxBytes;
    const exact = Buffer.concat([SAMPLES.pdf.bytes, Buffer.alloc(max - SAMPLES.pdf.bytes.length, 0x20)]);
    const ok = await upload(p.id, exact, 'exact.pdf');
    expect([ok.status, ok.body.size]).toEqual([201, max]);
    const before = stored().length;
    for (const extra of [1, 100_000]) {
      const tooBig = Buffer.concat([exact, Buffer.alloc(extra, 0x20)]);
      const res = await upload(p.id, tooBig, 'huge.pdf');
      expect([extra, res.status, res.body.message]).toEqual([extra, 413, PROJECT_MESSAGES.attachmentTooLarge]);
    }
    expect(stored()).toHaveLength(before);
    expect(await rowsOf(p.id)).toHaveLength(1);
  });

  it('downloads: the owner, a member on a public project, an invited expert; 404 for others and for foreign ids; 401 signed out', async () => {
    const open = await openProject();
    const a = (await upload(open.id, SAMPLES.pdf.bytes, 'brief.pdf')).body;
    expect((await download(open.id, a.id, owner.token)).status).toBe(200);
    expect((await download(open.id, a.id, other.token)).status).toBe(200);
    expect((await download(open.id, a.id, null)).status).toBe(401);
    expect((await download(open.id, a.id, 'not-a-token')).status).toBe(401);

    const hidden = await openProject({ visibility: 'invite-only' });
    const b = (await upload(hidden.id, SAMPLES.pdf.bytes, 'secret.pdf')).body;
    for (const m of [expert, other]) {
      const res = await download(hidden.id, b.id, m.token);
      expect([res.status, res.json().message]).toEqual([404, PROJECT_MESSAGES.attachmentNotFound]);
    }
    expect((await call('POST', `/api/Projects/${hidden.id}/Invitations`, owner.token, { expertId: expert.id })).status).toBe(201);
    expect((await download(hidden.id, b.id, expert.token)).status).toBe(200);
    expect((await download(hidden.id, b.id, other.token)).status).toBe(404);

    // An attachment asked for under another project, a draft's attachment, ids that do not exist.
    expect((await download(open.id, b.id, owner.token)).status).toBe(404);
    expect((await download(hidden.id, a.id, expert.token)).status).toBe(404);
    const d = await draft();
    const c = (await upload(d.id, SAMPLES.pdf.bytes, 'draft.pdf')).body;
    expect((await download(d.id, c.id, other.token)).status).toBe(404);
    expect((await download(open.id, 999_999, owner.token)).status).toBe(404);
    expect((await download(999_999, a.id, owner.token)).status).toBe(404);
    expect((await download(open.id, Number.NaN, owner.token)).status).toBe(400);
  });

  it('only the owner uploads or deletes; a project they cannot see is a 404', async () => {
    const open = await openProject();
    const mine = (await upload(open.id, SAMPLES.pdf.bytes, 'mine.pdf')).body;
    const foreign = await upload(open.id, SAMPLES.pdf.bytes, 'x.pdf', { token: other.token });
    expect([foreign.status, foreign.body.message]).toEqual([403, PROJECT_MESSAGES.ownerOnly]);
    expect((await call('DELETE', `/api/Projects/${open.id}/Attachments/${mine.id}`, other.token)).status).toBe(403);
    const d = await draft();
    expect((await upload(d.id, SAMPLES.pdf.bytes, 'x.pdf', { token: other.token })).status).toBe(404);
    expect((await upload(open.id, SAMPLES.pdf.bytes, 'x.pdf', { token: null })).status).toBe(401);
    expect((await upload(open.id, SAMPLES.pdf.bytes, 'x.pdf', { field: 'document' })).status).toBe(400);
    expect((await call('POST', `/api/Projects/${open.id}/Attachments`, owner.token, {})).status).toBe(400);
    expect(await rowsOf(open.id)).toHaveLength(1);
  });

  it('delete removes the row and the file (204), then the attachment is gone', async () => {
    const p = await openProject();
    const a = (await upload(p.id, SAMPLES.docx.bytes, 'plan.docx')).body;
    const [row] = await rowsOf(p.id);
    expect(stored()).toContain(row!.storageKey);
    const removed = await call('DELETE', `/api/Projects/${p.id}/Attachments/${a.id}`, owner.token);
    expect(removed.status).toBe(204);
    expect(stored()).not.toContain(row!.storageKey);
    expect((await download(p.id, a.id, owner.token)).status).toBe(404);
    expect((await call('DELETE', `/api/Projects/${p.id}/Attachments/${a.id}`, owner.token)).status).toBe(404);
    expect((await call('GET', `/api/Projects/${p.id}`, owner.token)).body.attachments).toEqual([]);
  });

  it('a project in progress or cancelled keeps its files but they cannot change (409)', async () => {
    const p = await openProject();
    const kept = (await upload(p.id, SAMPLES.pdf.bytes, 'kept.pdf')).body;
    const proposal = await call<Proposal>('POST', `/api/Projects/${p.id}/Proposals`, expert.token, fixedProposal());
    expect((await call('POST', `/api/Proposals/${proposal.body.id}/Hire`, owner.token)).status).toBe(200);
    const late = await upload(p.id, SAMPLES.pdf.bytes, 'late.pdf');
    expect([late.status, late.body.message]).toEqual([409, PROJECT_MESSAGES.attachmentsLocked]);
    const refused = await call('DELETE', `/api/Projects/${p.id}/Attachments/${kept.id}`, owner.token);
    expect([refused.status, refused.body.message]).toEqual([409, PROJECT_MESSAGES.attachmentsLocked]);
    expect((await download(p.id, kept.id, expert.token)).status).toBe(200);

    const cancelled = await openProject();
    const file = (await upload(cancelled.id, SAMPLES.pdf.bytes, 'cancelled.pdf')).body;
    expect((await call('POST', `/api/Projects/${cancelled.id}/Cancel`, owner.token)).status).toBe(200);
    expect((await upload(cancelled.id, SAMPLES.pdf.bytes, 'again.pdf')).status).toBe(409);
    expect((await download(cancelled.id, file.id, owner.token)).status).toBe(200);
  });

  it("rows go with their project; the sweep removes their files, and leaves young or unknown files alone", async () => {
    const p = await draft();
    await upload(p.id, SAMPLES.pdf.bytes, 'doomed.pdf');
    const [row] = await rowsOf(p.id);
    await h.db.kysely.deleteFrom('projects').where('id', '=', p.id).execute();
    expect(await rowsOf(p.id)).toEqual([]);
    const stray = path.join(dir, 'not-a-storage-key.txt');
    writeFileSync(stray, 'kept');
    const young = '00000000-0000-4000-8000-000000000000';
    writeFileSync(path.join(dir, young), 'just written by another process');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(path.join(dir, row!.storageKey), old, old);
    const removed = await sweepOrphanAttachments(h.db, dir);
    expect(removed).toEqual([row!.storageKey]);
    expect(stored()).toEqual(expect.arrayContaining(['not-a-storage-key.txt', young]));
    expect(stored()).not.toContain(row!.storageKey);
    // Files that still have a row are never touched, however old.
    const live = await draft();
    await upload(live.id, SAMPLES.pdf.bytes, 'live.pdf');
    expect(await sweepOrphanAttachments(h.db, dir, 0, Date.now() + 10 * 3600_000)).toEqual([young]);
    expect(stored()).toContain((await rowsOf(live.id))[0]!.storageKey);
  });
});
