import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { paymentsApi, type StatementLine } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { statementCsv } from './statementCsv';
import { makeLine } from './testFixtures';

const statement = jest.spyOn(paymentsApi, 'statement');
const downloadReceipt = jest.spyOn(paymentsApi, 'downloadReceipt');
const statementOf = (lines: StatementLine[]) => ({ lines, fee: { basisPoints: 1000 } });

// Newest first, as the API sends them: funded, released (escrow out, the expert's share in), withdrawn.
const LINES: StatementLine[] = [
  makeLine({ transactionId: 3, kind: 'withdrawal', account: 'available', amountCents: -20_000, balanceCents: 25_000, feeCents: null, contractId: null, milestoneId: null, projectTitle: null, milestoneTitle: null, createdAt: '2026-03-06T09:00:00.000Z' }),
  makeLine({ transactionId: 2, kind: 'release', account: 'available', amountCents: 45_000, balanceCents: 45_000, feeCents: 5_000, createdAt: '2026-03-05T09:00:00.000Z' }),
  makeLine({ transactionId: 2, kind: 'release', account: 'escrow', amountCents: -50_000, balanceCents: 0, feeCents: 5_000, createdAt: '2026-03-05T09:00:00.000Z' }),
  makeLine({ transactionId: 1, kind: 'funding', account: 'escrow', amountCents: 50_000, balanceCents: 50_000, feeCents: null, createdAt: '2026-03-01T09:00:00.000Z' }),
];

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 9 }), signInMethod: 'password', signedOutReason: null });
});

describe('the billing page', () => {
  it('shows the statement as a table: each line in words, signed amounts and the balance after', async () => {
    statement.mockResolvedValue(statementOf(LINES));
    renderRoute('/profile/billing');
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByText('Loading…').parentElement).toHaveAttribute('aria-busy', 'true');

    const table = await screen.findByRole('table', { name: /^Your statement, newest first\. The platform keeps a fee of 10%/ });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Description', 'Account', 'Amount', 'Balance after']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Mar 6, 2026', 'Withdrawal', 'Available to withdraw', '−$200', '$250'],
      ['Mar 5, 2026', 'Released to you: milestone “Data cleaning” (platform fee $50)Genome study', 'Available to withdraw', '+$450', '$450'],
      ['Mar 5, 2026', 'Released milestone “Data cleaning” (platform fee $50)Genome study', 'Escrow', '−$500', '$0'],
      ['Mar 1, 2026', 'Funded milestone “Data cleaning”Genome study', 'Escrow', '+$500', '$500'],
    ]);
  });

  it('exports the loaded statement as a CSV file', async () => {
    statement.mockResolvedValue(statementOf(LINES));
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:statement';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderRoute('/profile/billing');

    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('download', 'sciexperts-statement.csv');
    expect(clicked[0]).toHaveAttribute('href', 'blob:statement');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    // jsdom's Blob has no text(); FileReader reads it (and, decoding, drops the byte order mark, checked apart).
    const read = <T,>(how: (reader: FileReader) => void) =>
      new Promise<T>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as T);
        how(reader);
      });
    const bytes = new Uint8Array(await read<ArrayBuffer>((reader) => reader.readAsArrayBuffer(blobs[0]!)));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await read<string>((reader) => reader.readAsText(blobs[0]!));
    expect(text).toBe(statementCsv(LINES));
    expect(text).toContain('2026-03-05,Released to you: milestone “Data cleaning” (platform fee $50),Genome study,Available to withdraw,450.00,450.00\r\n');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:statement');
    click.mockRestore();
  });

  it("downloads a payment's PDF receipt with the member's token, busy while it comes, from the payer's funding lines only", async () => {
    const paidByMe = makeLine({ transactionId: 4, kind: 'funding', account: 'escrow', amountCents: 80_000, balanceCents: 80_000, feeCents: null, milestoneId: 8, milestoneTitle: 'Sequencing', receiptPaymentId: 31 });
    statement.mockResolvedValue(statementOf([paidByMe, ...LINES]));
    let answer!: (blob: Blob) => void;
    downloadReceipt.mockImplementation(() => new Promise<Blob>((resolve) => (answer = resolve)));
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const createObjectURL = jest.fn(() => 'blob:receipt-31');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderRoute('/profile/billing');

    const button = await screen.findByRole('button', { name: 'Receipt (PDF) for milestone “Sequencing”' });
    // Only the line of the member's own payment: the other funding line (no receiptPaymentId) has none.
    expect(screen.getAllByRole('button', { name: /^Receipt \(PDF\)/ })).toHaveLength(1);
    await userEvent.click(button);
    expect(downloadReceipt).toHaveBeenCalledWith(31);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(/^Downloading…/);
    answer(pdf);
    await waitFor(() => expect(button).toBeEnabled());
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('download', 'sciexperts-receipt-R-000031.pdf');
    expect(clicked[0]).toHaveAttribute('href', 'blob:receipt-31');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    click.mockRestore();
  });

  it('says why a receipt could not be downloaded, and lets the member try again', async () => {
    statement.mockResolvedValue(statementOf([makeLine({ kind: 'funding', account: 'escrow', feeCents: null, receiptPaymentId: 12 })]));
    downloadReceipt.mockRejectedValueOnce(new ApiError('This receipt is not available.', 404, { message: 'This receipt is not available.' }));
    renderRoute('/profile/billing');

    const button = await screen.findByRole('button', { name: 'Receipt (PDF) for milestone “Data cleaning”' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('This receipt is not available.');
    expect(button).toBeEnabled();
    downloadReceipt.mockReturnValueOnce(new Promise<Blob>(() => undefined));
    await userEvent.click(button);
    // A new attempt clears the old error.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(downloadReceipt).toHaveBeenCalledTimes(2);
  });

  it('says when there are no payments yet, without an export', async () => {
    statement.mockResolvedValue(statementOf([]));
    renderRoute('/profile/billing');
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows a load failure with Try again', async () => {
    statement.mockRejectedValueOnce(new ApiError('Could not load your payments. Please try again.', 0, null)).mockResolvedValueOnce(statementOf(LINES));
    renderRoute('/profile/billing');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your payments. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
