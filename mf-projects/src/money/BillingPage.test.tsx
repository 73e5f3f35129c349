import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, paymentsApi, type StatementLine } from '@sciexperts/shared';
import { makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { statementCsv } from './statementCsv';
import { makeLine } from './testFixtures';

const statement = jest.spyOn(paymentsApi, 'statement');
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
