import { inflateSync } from 'node:zlib';
import { PAYMENT_MESSAGES as M, receiptFileName, receiptNumber, type FundResponse, type Statement } from '@sciexperts/shared/contracts';
import { renderReceipt, type Receipt } from '../src/modules/payments/receipt';
import { printable } from '../src/modules/payments/receiptFonts';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, eventId, hiredContract, paid, type Member } from './paymentsFixtures';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

/** pdfkit's output as objects: each one's dictionary text and, for streams, the inflated bytes. */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(?:^|\n)(\d+) 0 obj\n/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(raw))) {
    const start = match.index + match[0].length;
    const endobj = raw.indexOf('\nendobj', start);
    const streamAt = raw.indexOf('\nstream\n', start);
    if (streamAt === -1 || streamAt > endobj) {
      objects.set(Number(match[1]), { dict: raw.slice(start, endobj) });
      continue;
    }
    // Streams are binary: their length, not a search for 'endobj', says where they end.
    const dict = raw.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const bytes = pdf.subarray(streamAt + 8, streamAt + 8 + length);
    objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(bytes) : bytes });
    header.lastIndex = streamAt + 8 + length;
  }
  return objects;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/**
 * A font's ToUnicode CMap as pdfkit writes it (bfrange lines, each with one target per code; a ligature's target
 * holds several code units): glyph code to text.
 */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/^<([0-9a-f]+)> <[0-9a-f]+> \[(.*)\]$/gim)) {
    [...range[2]!.matchAll(/<([0-9a-f ]*)>/gi)].forEach((target, i) => map.set(parseInt(range[1]!, 16) + i, utf16(target[1]!.replace(/ /g, ''))));
  }
  return map;
}

/** A PDF string literal as text: UTF-16BE after a byte-order mark, else the bytes as Latin-1. */
function pdfString(literal: string): string {
  const bytes = Buffer.from(literal.replace(/\\([nrtbf()\\])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c] ?? c), 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : bytes.toString('latin1');
}

interface DrawnText {
  /** The marked-content id the text is tagged with; undefined for text outside any structure element. */
  mcid: number | undefined;
  /** What a reader extracts: glyphs through their font's ToUnicode map, a span's ActualText in place of its glyphs. */
  text: string;
  /** Each glyph as drawn, left to right, as its ToUnicode text (no ActualText). */
  glyphs: Array<{ font: string; code: number; text: string }>;
}

/**
 * The text of a pdfkit PDF as a reader gets it, one entry per marked-content sequence: each page's content stream
 * read in order, glyph codes mapped through their font's ToUnicode CMap (a font without one, a standard font,
 * reads as Latin-1), and a Span's ActualText standing for the glyphs inside it. Lines that wrap join with a space.
 */
function pdfDrawn(pdf: Buffer): DrawnText[] {
  const objects = pdfObjects(pdf);
  const fonts = new Map<string, Map<number, string> | null>();
  const out: DrawnText[] = [];
  for (const [, page] of [...objects].filter(([, o]) => /\/Type \/Page\n/.test(o.dict))) {
    const resources = objects.get(ref(page.dict, 'Resources'))!.dict;
    for (const [, name, id] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))!.dict;
      const cmap = ref(font, 'ToUnicode');
      fonts.set(name!, Number.isNaN(cmap) ? null : toUnicode(objects.get(cmap)!.stream!.toString('latin1')));
    }
    const content = objects.get(ref(page.dict, 'Contents'))!.stream!.toString('latin1');
    const marks: Array<{ mcid?: number; actual?: string; used?: boolean }> = [];
    let font = '';
    let lastX = -Infinity;
    let wrapped = false;
    const entry = (mcid: number | undefined) => {
      const last = out.at(-1);
      if (last && last.mcid === mcid && mcid !== undefined) return last;
      const fresh: DrawnText = { mcid, text: '', glyphs: [] };
      out.push(fresh);
      return fresh;
    };
    const operators = /\/(\w+) <<([^]*?)>> BDC|\/\w+ BMC|\bEMC\b|\/(F\d+) [\d.]+ Tf|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) [\d.-]+ Tm|\[([^\]]*)\] TJ/g;
    for (const op of content.matchAll(operators)) {
      if (op[0].endsWith('BDC')) {
        const mcid = /\/MCID (\d+)/.exec(op[2]!)?.[1];
        const actual = /\/ActualText \(((?:\\.|[^\\)])*)\)/.exec(op[2]!)?.[1];
        marks.push({ mcid: mcid === undefined ? undefined : Number(mcid), actual: actual === undefined ? undefined : pdfString(actual) });
      } else if (op[0].endsWith('BMC')) marks.push({});
      else if (op[0] === 'EMC') marks.pop();
      else if (op[3]) font = op[3];
      else if (op[4] !== undefined) {
        // A run continued on its line starts right of the last one; a wrapped line starts back at the left.
        const x = Number(op[4]);
        wrapped = x <= lastX;
        lastX = x;
      } else if (op[5] !== undefined) {
        const mcid = [...marks].reverse().find((m) => m.mcid !== undefined)?.mcid;
        const target = entry(mcid);
        const map = fonts.get(font);
        // Identity-H fonts (embedded ones) draw two-byte glyph codes; standard fonts one-byte WinAnsi codes.
        const drawn = [...op[5].matchAll(/<([0-9a-f]*)>/gi)]
          .flatMap((hex) => hex[1]!.match(map ? /.{4}/g : /.{2}/g) ?? [])
          .map((hex) => parseInt(hex, 16))
          .map((code) => ({ font, code, text: map ? (map.get(code) ?? '\ufffd') : Buffer.from([code]).toString('latin1') }));
        target.glyphs.push(...drawn);
        if (wrapped && target.text !== '' && !/\s$/.test(target.text)) target.text += ' ';
        const span = [...marks].reverse().find((m) => m.actual !== undefined);
        if (!span) target.text += drawn.map((g) => g.text).join('');
        else if (!span.used) {
          target.text += span.actual;
          span.used = true;
        }
      }
    }
  }
  return out;
}

/** What a reader extracts, one marked-content sequence (a heading, a cell, a paragraph) per line. */
const pdfText = (pdf: Buffer) => pdfDrawn(pdf).map((d) => d.text).join('\n');

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
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '429', '503']); // 403: a partner's chat-only token
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
    refundedPartCents: null,
  };
  const names = { chinese: '王小明', arabic: 'محمد عبد الله', polish: 'Łukasz Żółć-Wąsowicz' };

  it('prints every value as written, whatever its script, each in its own table cell', async () => {
    const pdf = await renderReceipt({ ...receipt, payerName: names.chinese, expertName: names.arabic, milestoneTitle: `${names.polish}: 数据 “propres”` });
    const text = pdfText(pdf).split('\n');
    expect(text).toEqual([
      'SciExperts',
      'Receipt',
      'Receipt number',
      'R-000042',
      'Date paid',
      'March 5, 2026',
      'Paid by',
      names.chinese,
      'Project',
      receipt.projectTitle,
      'Milestone',
      `${names.polish}: 数据 “propres”`,
      'Expert',
      names.arabic,
      'Amount',
      '$0.05 (USD)',
      'Provider charge ID',
      '-',
      'Status',
      'Paid',
      'SciExperts holds this payment in escrow until the client releases the milestone to the expert. A milestone refunded before it is released returns the payment to the client.',
    ]);
    // Every drawn glyph maps back to text: nothing fell back to an empty box.
    expect(pdfDrawn(pdf).flatMap((d) => d.glyphs).filter((g) => g.text === '\ufffd' || g.text === '\0')).toEqual([]);
    expect(printable('Zoe\u0308 “quoted”\tend\u0085')).toBe('Zoë “quoted” end ');
  });

  it('shapes Arabic and draws it right to left, its text kept in reading order for extraction', async () => {
    const pdf = await renderReceipt({ ...receipt, expertName: names.arabic });
    const cell = pdfDrawn(pdf).find((d) => d.text === names.arabic)!;
    expect(cell).toBeDefined();
    const letters = cell.glyphs.filter((g) => g.text.trim() !== '');
    // Drawn left to right, the first glyph is the name's last letter and the last glyph its first.
    expect(letters.at(-1)!.text).toBe('م');
    expect(letters[0]!.text.endsWith('ه')).toBe(true);
    // Joined forms: the meem that begins محمد and the one inside it are different glyphs of the one letter.
    expect(new Set(letters.filter((g) => g.text === 'م').map((g) => g.code)).size).toBe(2);
  });

  it('is a tagged PDF 1.7 in English with its title shown: a heading, a table of row headers and values, a paragraph', async () => {
    const pdf = await renderReceipt({ ...receipt, payerName: names.polish });
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const objects = pdfObjects(pdf);
    const catalog = [...objects.values()].find((o) => /\/Type \/Catalog/.test(o.dict))!.dict;
    expect(catalog).toContain('/Lang (en-US)');
    expect(objects.get(ref(catalog, 'MarkInfo'))!.dict).toContain('/Marked true');
    expect(objects.get(ref(catalog, 'ViewerPreferences'))!.dict).toContain('/DisplayDocTitle true');
    const root = objects.get(ref(catalog, 'StructTreeRoot'))!.dict;
    expect(root).toContain('/Type /StructTreeRoot');
    // The parent tree names, for each marked-content id in drawing order, the structure element it belongs to.
    const parents = [.../\/Nums \[\s*0 \[([^\]]*)\]/.exec(root)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => /\/S \/(\w+)/.exec(objects.get(Number(m[1]))!.dict)![1]);
    expect(parents).toEqual(['P', 'H1', ...Array.from({ length: 9 }, () => ['TH', 'TD']).flat(), 'P']);
    expect([...objects.values()].filter((o) => /\/S \/TH/.test(o.dict)).every((o) => /\/Scope \/Row/.test(o.dict))).toBe(true);
    // All text is tagged; the rule under the table is an artifact.
    expect(pdfDrawn(pdf).filter((d) => d.mcid === undefined)).toEqual([]);
    expect(pdfText(pdf).split('\n')).toContain(names.polish);
    // The fonts are embedded as subsets (a tag before the name), so the file shows the same everywhere.
    const fonts = [...objects.values()].filter((o) => /\/Type \/FontDescriptor/.test(o.dict));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.dict).toMatch(/\/FontName \/[A-Z]{6}\+Noto\w*[\s\S]*\/FontFile[23]? /);
  });

  it('says how much came back when a dispute was split, and that the rest went to the expert', async () => {
    const split = pdfText(await renderReceipt({ ...receipt, amountCents: 60_000, refundedAt: '2026-03-07T10:00:00.000Z', refundedPartCents: 24_000 })).split('\n');
    expect(split).toContain('$240.00 (USD) refunded on March 7, 2026; the rest released to the expert');
    const whole = pdfText(await renderReceipt({ ...receipt, refundedAt: '2026-03-07T10:00:00.000Z' })).split('\n');
    expect(whole).toContain('Refunded on March 7, 2026');
  });

  it('is the same file for the same payment', async () => {
    const [a, b] = await Promise.all([renderReceipt(receipt), renderReceipt(receipt)]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(await renderReceipt({ ...receipt, refundedAt: '2026-03-07T10:00:00.000Z' }))).toBe(false);
  });
});
