import { existsSync, readdirSync } from 'node:fs';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES as M, PROJECT_LIMITS, PROJECT_MESSAGES, type ContractFile, type Workspace } from '@sciexperts/shared/contracts';
import { attachmentsDir, sweepOrphanAttachments } from '../src/modules/projects/attachments';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, paid, type Member } from './paymentsFixtures';
import { REFUSED, SAMPLES } from './projectsFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

describe.each(['sqlite', 'postgres'] as const)('shared files of a contract over %s', (dialect) => {
  let h: Harness;
  let client: Member;
  let expert: Member;
  let stranger: Member;
  let call: ReturnType<typeof caller>;

  const upload = async (contractId: number, who: Member | null, bytes: Buffer = SAMPLES.pdf.bytes, name = 'results.pdf', field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([bytes]), name);
    const res = await fetch(`${h.base}/api/Contracts/${contractId}/Files`, { method: 'POST', body: form, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
    return { status: res.status, body: (await res.json()) as ContractFile & Body };
  };
  const download = async (contractId: number, fileId: number, who: Member) => {
    const res = await fetch(`${h.base}/api/Contracts/${contractId}/Files/${fileId}`, { headers: { authorization: `Bearer ${who.token}` } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const remove = (contractId: number, fileId: number, who: Member) => h.api<Body>('DELETE', `/api/Contracts/${contractId}/Files/${fileId}`, { token: who.token });
  const workspace = async (contractId: number, who: Member = client) => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, who, { key: null })).body;
  const fundedContract = async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [50_000]);
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client);
    await deliver(h, paid(started.body.paymentId, 50_000));
    return { contractId, milestoneId: milestoneIds[0]! };
  };

  beforeAll(async () => {
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: new FakeProvider() });
    call = caller(h);
    client = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    stranger = await member(h, { firstName: 'Sam' });
  });
  afterAll(() => h?.close());

  it('lets both parties share and download files, typed by content, privately; nobody else learns they exist', async () => {
    const { contractId } = await hiredContract(h, client, expert, [10_000]);
    const fromExpert = await upload(contractId, expert, SAMPLES.pdf.bytes, '../draft report.pdf');
    expect(fromExpert.status).toBe(201);
    expect(fromExpert.body).toMatchObject({ name: 'draft report.pdf', contentType: 'application/pdf', size: SAMPLES.pdf.bytes.length, uploadedBy: expert.id, milestoneId: null });
    const fromClient = await upload(contractId, client, SAMPLES.png.bytes, 'plate.png');
    expect(fromClient.status).toBe(201);

    const listed = await h.api<ContractFile[]>('GET', `/api/Contracts/${contractId}/Files`, { token: client.token });
    expect(listed.body.map((f) => f.name)).toEqual(['plate.png', 'draft report.pdf']);
    expect((await workspace(contractId, expert)).files.map((f) => f.id)).toEqual([fromClient.body.id, fromExpert.body.id]);

    const got = await download(contractId, fromExpert.body.id, client);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(SAMPLES.pdf.bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''draft%20report.pdf");
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');

    expect((await upload(contractId, stranger)).status).toBe(404);
    expect((await download(contractId, fromExpert.body.id, stranger)).status).toBe(404);
    expect((await h.api('GET', `/api/Contracts/${contractId}/Files`, { token: stranger.token })).status).toBe(404);
    expect((await upload(contractId, null)).status).toBe(401);
    expect((await download(contractId, 999_999, client)).status).toBe(404);
  });

  it('refuses what is not a document or image, files over the size limit, a wrong field and a full workspace', async () => {
    const { contractId } = await hiredContract(h, client, expert, [10_000]);
    const exe = await upload(contractId, expert, REFUSED.windowsExecutable, 'setup.pdf');
    expect([exe.status, exe.body.details]).toEqual([400, [{ field: 'file', message: PROJECT_MESSAGES.attachmentType }]]);
    const big = Buffer.concat([SAMPLES.pdf.bytes, Buffer.alloc(PROJECT_LIMITS.attachmentMaxBytes)]);
    const tooBig = await upload(contractId, expert, big, 'big.pdf');
    expect([tooBig.status, tooBig.body.message]).toEqual([413, PROJECT_MESSAGES.attachmentTooLarge]);
    expect((await upload(contractId, expert, SAMPLES.pdf.bytes, 'x.pdf', 'document')).status).toBe(400);

    const at = new Date().toISOString();
    const rows = Array.from({ length: PAYMENT_LIMITS.contractFilesMax }, (_, i) => ({
      contractId,
      uploaderId: client.id,
      name: `f${i}.pdf`,
      contentType: 'application/pdf',
      size: 1,
      storageKey: `full-${dialect}-${contractId}-${i}`,
      milestoneId: null,
      eventId: null,
      createdAt: at,
    }));
    await h.db.kysely.insertInto('contractFiles').values(rows).execute();
    const full = await upload(contractId, expert);
    expect([full.status, full.body.message]).toEqual([409, M.filesTooMany]);
  });

  it('delivers the expert’s own files with a submission, all or none, and keeps delivered files', async () => {
    const { contractId, milestoneId } = await fundedContract();
    const report = (await upload(contractId, expert, SAMPLES.pdf.bytes, 'report.pdf')).body;
    const figure = (await upload(contractId, expert, SAMPLES.png.bytes, 'figure.png')).body;
    const clients = (await upload(contractId, client, SAMPLES.pdf.bytes, 'brief.pdf')).body;
    const submit = (fileIds: number[]) => call('POST', `/api/Milestones/${milestoneId}/Submit`, expert, { body: { note: 'Delivered.', fileIds } });

    const wrong = await submit([report.id, clients.id]);
    expect([wrong.status, wrong.body.details]).toEqual([400, [{ field: 'fileIds', message: M.deliveryFilesInvalid }]]);
    expect((await submit([report.id, 999_999])).status).toBe(400);
    expect((await workspace(contractId)).milestones[0]!.status).toBe('funded');

    const done = await submit([report.id, figure.id]);
    expect(done.status).toBe(200);
    const after = await workspace(contractId);
    const submitted = after.events.find((e) => e.kind === 'submitted')!;
    expect(submitted.fileIds.sort()).toEqual([report.id, figure.id].sort());
    expect(after.events.filter((e) => e.kind !== 'submitted').every((e) => e.fileIds.length === 0)).toBe(true);
    expect(after.files.filter((f) => f.milestoneId === milestoneId).map((f) => f.id).sort()).toEqual([report.id, figure.id].sort());

    // Sent back for changes: a resubmission cannot deliver the same files again, only new ones.
    await call('POST', `/api/Milestones/${milestoneId}/RequestChanges`, client, { body: { note: 'Please add the curves.' } });
    expect((await submit([report.id])).status).toBe(400);
    const curves = (await upload(contractId, expert, SAMPLES.png.bytes, 'curves.png')).body;
    expect((await submit([curves.id])).status).toBe(200);

    const kept = await remove(contractId, report.id, expert);
    expect([kept.status, kept.body.message]).toEqual([409, M.fileDelivered]);
  });

  it('lets only the uploader remove an undelivered file, while the contract is active, and the bytes go too', async () => {
    const { contractId } = await hiredContract(h, client, expert, [10_000]);
    const shared = (await upload(contractId, expert)).body;
    const stored = await h.db.kysely.selectFrom('contractFiles').select('storageKey').where('id', '=', shared.id).executeTakeFirstOrThrow();
    const dir = attachmentsDir(h.config.dataDir);
    expect(readdirSync(dir)).toContain(stored.storageKey);

    const notYours = await remove(contractId, shared.id, client);
    expect([notYours.status, notYours.body.message]).toEqual([403, M.fileNotYours]);
    expect((await remove(contractId, shared.id, stranger)).status).toBe(404);
    expect((await remove(contractId, shared.id, expert)).status).toBe(204);
    expect(existsSync(`${dir}/${stored.storageKey}`)).toBe(false);
    expect((await download(contractId, shared.id, expert)).status).toBe(404);
    expect((await remove(contractId, shared.id, expert)).status).toBe(404);

    // The orphan sweep of project attachments shares the folder: it must leave contract files alone.
    const kept = (await upload(contractId, client)).body;
    const keptKey = (await h.db.kysely.selectFrom('contractFiles').select('storageKey').where('id', '=', kept.id).executeTakeFirstOrThrow()).storageKey;
    await sweepOrphanAttachments(h.db, dir, 0, Date.now() + 1000);
    expect(existsSync(`${dir}/${keptKey}`)).toBe(true);

    // An ended contract's files stay readable and fixed.
    expect((await call('POST', `/api/Contracts/${contractId}/End`, client, { key: null })).status).toBe(200);
    const late = await upload(contractId, expert);
    expect([late.status, late.body.message]).toEqual([409, M.filesLocked]);
    expect((await remove(contractId, kept.id, client)).status).toBe(409);
    expect((await download(contractId, kept.id, expert)).status).toBe(200);
  });
});
