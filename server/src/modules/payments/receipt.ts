// A payment's receipt as a PDF (issue 16), drawn by pdfkit with fonts shipped by npm packages (receiptFonts.ts), so
// a receipt renders anywhere the API runs, prints names in any script, and is a tagged PDF that screen readers and
// text extraction read in order. The figures come from the ledger and the payment row, never from the client.
import { formatCents, receiptNumber } from '@sciexperts/shared/contracts';
import { Type } from 'typebox';
import type { Db } from '../../db/connect';
import { fundingKey } from './ledger';
import type PdfKit from 'pdfkit';
import { loadPackage, textRuns, useFace, type Weight } from './receiptFonts';

/** Everything a receipt says, as read for its payer. */
export interface Receipt {
  paymentId: number;
  /** When the provider's verified event booked the money into escrow (the funding's ledger date). */
  paidAt: string;
  payerName: string;
  projectTitle: string;
  milestoneTitle: string;
  expertName: string;
  amountCents: number;
  /** The provider's id of the charge, for the payer's bank or the provider's support. */
  chargeId: string | null;
  refundedAt: string | null;
  /** The part returned when a dispute was split; null: the whole payment (or nothing, when refundedAt is null). */
  refundedPartCents: number | null;
}

const TEXT = {
  brand: 'SciExperts',
  heading: 'Receipt',
  number: 'Receipt number',
  paidOn: 'Date paid',
  payer: 'Paid by',
  project: 'Project',
  milestone: 'Milestone',
  expert: 'Expert',
  amount: 'Amount',
  charge: 'Provider charge ID',
  status: 'Status',
  paid: 'Paid',
  refundedOn: (date: string) => `Refunded on ${date}`,
  partRefundedOn: (amount: string, date: string) => `${amount} (USD) refunded on ${date}; the rest released to the expert`,
  escrow:
    'SciExperts holds this payment in escrow until the client releases the milestone to the expert. ' +
    'A milestone refunded before it is released returns the payment to the client.',
  title: (number: string) => `SciExperts receipt ${number}`,
  subject: (milestone: string, project: string) => `Payment into escrow for the milestone “${milestone}” of ${project}`,
} as const;

/** The OpenAPI description of the route's answer: the PDF's bytes. */
export const ReceiptPdf = {
  description: 'The receipt as a PDF, served as a download (Content-Disposition: attachment).',
  content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The receipt of payment `paymentId` for `memberId`, or undefined unless they paid it (as the contract's client)
 * and the money was taken: a checkout that never succeeded has nothing to acknowledge.
 */
export async function receiptFor(db: Db, paymentId: number, memberId: number): Promise<Receipt | undefined> {
  const row = await db.kysely
    .selectFrom('payments')
    .innerJoin('contracts', 'contracts.id', 'payments.contractId')
    .innerJoin('projects', 'projects.id', 'contracts.projectId')
    .innerJoin('contractMilestones', 'contractMilestones.id', 'payments.milestoneId')
    .innerJoin('users as payer', 'payer.id', 'payments.payerId')
    .innerJoin('users as expert', 'expert.id', 'contracts.expertId')
    .select([
      'payments.id',
      'payments.amountCents',
      'payments.status',
      'payments.providerChargeId',
      'payments.refundBookedAt',
      'payments.refundCents',
      'payments.updatedAt',
      'projects.title as projectTitle',
      'contractMilestones.title as milestoneTitle',
      'payer.firstName as payerFirstName',
      'payer.lastName as payerLastName',
      'expert.firstName as expertFirstName',
      'expert.lastName as expertLastName',
    ])
    .where('payments.id', '=', paymentId)
    .where('payments.payerId', '=', memberId)
    .where('contracts.clientId', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  // The ledger, not the payment's status, says the money was taken (a late failure event cannot undo a success).
  const funding = await db.kysely.selectFrom('ledgerTransactions').select('createdAt').where('idempotencyKey', '=', fundingKey(row.id)).executeTakeFirst();
  if (!funding) return undefined;
  return {
    paymentId: row.id,
    paidAt: funding.createdAt,
    payerName: fullName({ firstName: row.payerFirstName, lastName: row.payerLastName }),
    projectTitle: row.projectTitle,
    milestoneTitle: row.milestoneTitle,
    expertName: fullName({ firstName: row.expertFirstName, lastName: row.expertLastName }),
    amountCents: row.amountCents,
    chargeId: row.providerChargeId,
    // Booked back by us (a refund, or a second payment returned at once), or returned at the provider's own dashboard.
    refundedAt: row.refundBookedAt ?? (row.status === 'refunded' ? row.updatedAt : null),
    refundedPartCents: row.refundCents ?? null,
  };
}

// Receipts are dated as the ledger is, in UTC, so the same payment always prints the same date.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dateOf = (iso: string) => longDate.format(new Date(iso));

/** Paid, refunded, or (a split dispute) the part refunded, so the client's receipt agrees with the billing page. */
function statusOf(receipt: Receipt): string {
  if (!receipt.refundedAt) return TEXT.paid;
  if (receipt.refundedPartCents === null) return TEXT.refundedOn(dateOf(receipt.refundedAt));
  return TEXT.partRefundedOn(formatCents(receipt.refundedPartCents), dateOf(receipt.refundedAt));
}

const PAGE_MARGIN = 72;
const LABEL_WIDTH = 150;
const ROW_GAP = 8;
// Each row's label heads its row (pdfkit writes the Table attribute; its types do not list the option).
const ROW_HEADER: PDFKit.Mixins.StructureElementOptions & { scope: 'Row' } = { scope: 'Row' };

/**
 * Draws `text` with the faces its characters need, one pdfkit text call per run, continuing on the line. At `at`
 * (a new block) when given, else where the last text ended. Right-to-left runs are laid out whole, so fontkit shapes
 * them and puts them in display order, and carry their text in logical order (ActualText) for copying and reading.
 */
function drawText(doc: PDFKit.PDFDocument, text: string, weight: Weight, at?: { x: number; y: number; width: number }): void {
  const runs = textRuns(text, weight);
  runs.forEach((run, i) => {
    // pdfkit lays text out word by word unless it is given features: given any, it lays the run out whole.
    const options: PDFKit.Mixins.TextOptions = { continued: i < runs.length - 1, features: run.rtl ? [] : undefined };
    useFace(doc, run.face);
    if (run.rtl) doc.markContent('Span', { actual: run.text });
    if (i === 0 && at) doc.text(run.text, at.x, at.y, { ...options, width: at.width });
    else doc.text(run.text, options);
    if (run.rtl) doc.endMarkedContent();
  });
}

/**
 * The receipt as PDF bytes: a tagged PDF 1.7 (a heading, then a table of row headers and values, then the escrow
 * note; the rule between them is an artifact). Deterministic for the same receipt: the document's dates and id come
 * from the payment (pdfkit derives the file id and the embedded fonts' subset tags from the metadata and font ids),
 * so the same payment always yields the same file.
 */
export function renderReceipt(receipt: Receipt): Promise<Buffer> {
  const number = receiptNumber(receipt.paymentId);
  const PDFDocument = loadPackage('pdfkit') as typeof PdfKit;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: TEXT.title(number),
      Author: TEXT.brand,
      Creator: TEXT.brand,
      Subject: TEXT.subject(receipt.milestoneTitle, receipt.projectTitle),
      CreationDate: new Date(receipt.paidAt),
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const valueX = left + LABEL_WIDTH;
  const valueWidth = width - LABEL_WIDTH;
  const labelWidth = LABEL_WIDTH - 12;

  // Structure elements are added to an attached parent, so each one's drawing runs (and is tagged) at once, in order.
  const document = doc.struct('Document');
  doc.addStructure(document);
  document.add(doc.struct('P', {}, () => drawText(doc.fontSize(22).fillColor('#111827'), TEXT.brand, 'bold', { x: left, y: PAGE_MARGIN, width })));
  document.add(doc.struct('H1', {}, () => drawText(doc.fontSize(16).fillColor('#374151'), TEXT.heading, 'regular')));
  doc.moveDown(1.5);

  const rows: Array<[label: string, value: string, bold?: boolean]> = [
    [TEXT.number, number],
    [TEXT.paidOn, dateOf(receipt.paidAt)],
    [TEXT.payer, receipt.payerName],
    [TEXT.project, receipt.projectTitle],
    [TEXT.milestone, receipt.milestoneTitle],
    [TEXT.expert, receipt.expertName],
    [TEXT.amount, `${formatCents(receipt.amountCents)} (USD)`, true],
    [TEXT.charge, receipt.chargeId ?? '-'],
    [TEXT.status, statusOf(receipt)],
  ];
  let y = doc.y;
  doc.fontSize(11);
  const table = doc.struct('Table');
  document.add(table);
  for (const [label, value, bold] of rows) {
    const row = doc.struct('TR');
    table.add(row);
    let labelBottom = y;
    row.add(
      doc.struct('TH', ROW_HEADER, () => {
        drawText(doc.fillColor('#4b5563'), label, 'regular', { x: left, y, width: labelWidth });
        labelBottom = doc.y;
      }),
    );
    row.add(doc.struct('TD', {}, () => drawText(doc.fillColor('#111827'), value, bold ? 'bold' : 'regular', { x: valueX, y, width: valueWidth })));
    row.end();
    // A long title wraps: the next row starts below whichever column ran longer.
    y = Math.max(labelBottom, doc.y) + ROW_GAP;
  }
  table.end();

  y += ROW_GAP;
  doc.markContent('Artifact', { type: 'Layout' });
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor('#d1d5db').stroke();
  doc.endMarkedContent();
  document.add(doc.struct('P', {}, () => drawText(doc.fontSize(10).fillColor('#374151'), TEXT.escrow, 'regular', { x: left, y: y + 2 * ROW_GAP, width })));
  document.end();

  doc.end();
  return done;
}
