import { inflateSync } from 'node:zlib';
import { PAYMENT_MESSAGES as M, receiptFileName, receiptNumber, type FundResponse, type Statement } from '@sciexperts/shared/contracts';
import { drawable, renderReceipt, type Receipt } from '../src/modules/payments/receipt';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, eventId, hiredContract, paid, type Member } from './paymentsFixtures';

/**
 * The words a pdfkit PDF shows, one text run per line: its content streams inflated, each TJ array's hex strings
 * decoded (Helvetica's WinAnsi codes; the ASCII and Latin-1 ones read the same) and joined across the kerning.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) content = inflateSync(content);
    for (const run of content.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...run[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/** A plain-ASCII entry of the document's Info dictionary (pdfkit writes each value as an object of its own). */
function pdfInfo(pdf: Buffer, key: string): string | undefined {
  const raw = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  return ref === undefined ? undefined : new RegExp(`(?:^|\\n)${ref} 0 obj\\n\\((.*)\\)\\nendobj`).exec(raw)?.[1];
}

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

describe.each(['sqlite', 'postgres'] as const)('payment receipts over %s', (dialect) => {
  let h: Harness;
  let client: Member;
  let expert: Member;
  let stranger: Member;
  let call: ReturnType<typeof caller>;

  const getReceipt = async (paymentId: number | string, who: Member | null = client) => {
    const res = await fetch(`${h.base}/api/Payments/${paymentId}/Receipt`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(bytes.toString('utf8')) as { message: string }) : null;
    return { status: res.status, headers: res.headers, bytes, json };
  };
  /** A checkout started by the client; the provider has not answered yet. */
  const startCheckout = async (milestoneId: number) => {
    const started = await call<FundResponse>('POST', `/api/Milestones/${milestoneId}/Fund`, client);
    expect(started.status).toBe(200);
    return started.body.paymentId;
  };
  const fund = async (milestoneId: number, amountCents: number) => {
    const paymentId = await startCheckout(milestoneId);
    expect((await deliver(h, paid(paymentId, amountCents))).status).toBe(200);
    return paymentId;
  };
  const paidAt = async (paymentId: number) =>
    (await h.db.kysely.selectFrom('ledgerTransactions').select('createdAt').where('idempotencyKey', '=', `checkout:${paymentId}`).executeTakeFirstOrThrow()).createdAt;

  beforeAll(async () => {
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: new FakeProvider() });
    call = caller(h);
    client = await member(h, { firstName: 'Olive', lastName: 'Okafor' });
    expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    stranger = await member(h, { firstName: 'Sam', lastName: 'Stone' });
  });
  afterAll(() => h?.close());

  it('gives the payer a PDF receipt of a funded milestone, the same bytes each time, linked from their statement', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [123_450]);
    const paymentId = await fund(milestoneIds[0]!, 123_450);

    const res = await getReceipt(paymentId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${receiptFileName(paymentId)}"`);
    expect(receiptFileName(paymentId)).toBe(`sciexperts-receipt-R-${String(paymentId).padStart(6, '0')}.pdf`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);

    const text = pdfText(res.bytes);
    for (const expected of [
      'SciExperts',
      'Receipt',
      receiptNumber(paymentId),
      longDate(await paidAt(paymentId)),
      'Olive Okafor',
      'SAP for a phase II trial',
      'Milestone 1',
      'Ada Lovelace',
      '$1,234.50 (USD)',
      `ch_${paymentId}`,
      'Paid',
    ]) {
      expect(text.split('\n')).toContain(expected);
    }
    expect(text).toContain('holds this payment in escrow until the client releases the milestone to the expert');
    expect(text).not.toMatch(/Refunded on/);
    // The document's own metadata: its title and author, dated when it was paid (not when it was downloaded).
    expect(pdfInfo(res.bytes, 'Title')).toBe(`SciExperts receipt ${receiptNumber(paymentId)}`);
    expect(pdfInfo(res.bytes, 'Author')).toBe('SciExperts');
    const paid = new Date(await paidAt(paymentId));
    expect(pdfInfo(res.bytes, 'CreationDate')).toBe(`D:${paid.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`);

    expect((await getReceipt(paymentId)).bytes.equals(res.bytes)).toBe(true);

    const lines = (await call<Statement>('GET', '/api/Payments/Statement', client, { key: null })).body.lines.filter((l) => l.contractId === contractId);
    expect(lines.find((l) => l.kind === 'funding')).toMatchObject({ receiptPaymentId: paymentId, amountCents: 123_450 });
    // The expert sees the same escrow line, but it is not their payment.
    const expertLines = (await call<Statement>('GET', '/api/Payments/Statement', expert, { key: null })).body.lines.filter((l) => l.contractId === contractId);
    expect(expertLines.find((l) => l.kind === 'funding')).not.toHaveProperty('receiptPaymentId');
  });

  it('says when a payment was refunded', async () => {
    const { milestoneIds } = await hiredContract(h, client, expert, [50_000]);
    const paymentId = await fund(milestoneIds[0]!, 50_000);
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Refund`, client)).status).toBe(200);
    const payment = await h.db.kysely.selectFrom('payments').select('refundBookedAt').where('id', '=', paymentId).executeTakeFirstOrThrow();

    const res = await getReceipt(paymentId);
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes).split('\n');
    expect(text).toContain(`Refunded on ${longDate(payment.refundBookedAt!)}`);
    expect(text).not.toContain('Paid');
  });

  it('is nobody else’s: the expert, a stranger and an unknown payment get the same 404', async () => {
    const { milestoneIds } = await hiredContract(h, client, expert, [40_000]);
    const paymentId = await fund(milestoneIds[0]!, 40_000);
    for (const who of [expert, stranger]) {
      const res = await getReceipt(paymentId, who);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: M.receiptNotFound });
    }
    expect((await getReceipt(999_999_999)).json).toEqual({ message: M.receiptNotFound });
  });

  it('has no receipt for a checkout the provider has not confirmed, or one that failed', async () => {
    const { milestoneIds } = await hiredContract(h, client, expert, [30_000, 20_000]);
    const open = await startCheckout(milestoneIds[0]!);
    expect((await getReceipt(open)).status).toBe(404);

    const failed = await startCheckout(milestoneIds[1]!);
    expect((await deliver(h, { id: eventId(), type: 'checkout.failed', paymentId: failed, reason: 'Card declined.' })).status).toBe(200);
    const res = await getReceipt(failed);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: M.receiptNotFound });
  });

  it('answers 400 to an id that is not one and 401 without a session', async () => {
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await getReceipt(bad)).status).toBe(400);
    const res = await getReceipt(1, null);
    expect(res.status).toBe(401);
  });

  it('is documented as a PDF download', async () => {
    const doc = await h.api<{ paths: Record<string, { get?: { operationId: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }> }>('GET', '/api/docs/json');
    const op = doc.body.paths['/api/Payments/{id}/Receipt']?.get;
    expect(op?.operationId).toBe('paymentReceipt');
    expect(op?.responses['200']?.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404', '503']);
  });
});

describe('the receipt document', () => {
  const receipt: Receipt = {
    paymentId: 42,
    paidAt: '2026-03-05T23:30:00.000Z',
    payerName: 'Zoë Ångström',
    projectTitle: 'Protein folding — a long project title that goes on and on so that it has to wrap onto a second line of the receipt',
    milestoneTitle: 'Données “propres” 数据',
    expertName: 'Ada Lovelace',
    amountCents: 5,
    chargeId: null,
    refundedAt: null,
  };

  it('draws what Helvetica can and puts a ? for what it cannot', async () => {
    expect(drawable('Zoe\u0308 “quoted” — 数据\tend')).toBe('Zoë “quoted” — ?? end');
    const text = pdfText(await renderReceipt(receipt)).split('\n');
    expect(text).toContain('March 5, 2026');
    expect(text).toContain('$0.05 (USD)');
    expect(text).toContain('R-000042');
    // Latin-1 letters come through as themselves; WinAnsi's quotes and dash as their Windows-1252 codes.
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('Donn\u00e9es \u0093propres\u0094 ??');
  });

  it('is the same file for the same payment', async () => {
    const [a, b] = await Promise.all([renderReceipt(receipt), renderReceipt(receipt)]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(await renderReceipt({ ...receipt, refundedAt: '2026-03-07T10:00:00.000Z' }))).toBe(false);
  });
});
