// A payment's receipt as a PDF (issue 16). pdfkit with its built-in Helvetica: no font files and no network, so a
// receipt renders anywhere the API runs. The figures come from the ledger and the payment row, never from the client.
import { formatCents, receiptNumber } from '@sciexperts/shared/contracts';
import PDFDocument from 'pdfkit';
import { Type } from 'typebox';
import type { Db } from '../../db/connect';
import { fundingKey } from './ledger';

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
  };
}

// Receipts are dated as the ledger is, in UTC, so the same payment always prints the same date.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dateOf = (iso: string) => longDate.format(new Date(iso));

// What Helvetica's built-in (WinAnsi) encoding can draw beyond Latin-1: pdfkit would write anything else as garbage.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the standard fonts can show it: accents composed where possible, anything else as '?'. */
export function drawable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += '?';
  }
  return out;
}

const PAGE_MARGIN = 72;
const LABEL_WIDTH = 150;
const ROW_GAP = 8;

/**
 * The receipt as PDF bytes. Deterministic for the same receipt: the document's dates and id come from the payment
 * (pdfkit derives the file id from the metadata), so the same payment always yields the same file.
 */
export function renderReceipt(receipt: Receipt): Promise<Buffer> {
  const number = receiptNumber(receipt.paymentId);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
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

  doc.font('Helvetica-Bold').fontSize(22).fillColor('#111827').text(TEXT.brand, left, PAGE_MARGIN);
  doc.font('Helvetica').fontSize(16).fillColor('#374151').text(TEXT.heading);
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
    [TEXT.status, receipt.refundedAt ? TEXT.refundedOn(dateOf(receipt.refundedAt)) : TEXT.paid],
  ];
  let y = doc.y;
  doc.fontSize(11);
  for (const [label, raw, bold] of rows) {
    const value = drawable(raw);
    doc.font('Helvetica').fillColor('#4b5563').text(label, left, y, { width: LABEL_WIDTH - 12 });
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fillColor('#111827').text(value, valueX, y, { width: valueWidth });
    // A long title wraps: the next row starts below whichever column ran longer.
    y = Math.max(y + doc.font('Helvetica').heightOfString(label, { width: LABEL_WIDTH - 12 }), doc.y) + ROW_GAP;
  }

  y += ROW_GAP;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor('#d1d5db').stroke();
  doc.font('Helvetica').fontSize(10).fillColor('#374151').text(TEXT.escrow, left, y + 2 * ROW_GAP, { width });

  doc.end();
  return done;
}
