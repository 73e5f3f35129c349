import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { ReconciliationView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { reconciliationCsv } from './reconciliationCsv';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const overview = {
  totals: { inEscrowCents: 0, releasedCents: 0, refundedCents: 0, feesCents: 0, waitingForPayoutCents: 0, paidOutCents: 0 },
  refundsNotAcknowledged: [],
  payoutsNotAcknowledged: [],
  failedPayouts: [],
};
const clean: ReconciliationView = { provider: 'stripe', ranAt: '2026-11-27T09:30:00.000Z', ledgerCount: 4, providerCount: 4, matched: 4, differences: [] };
const differing: ReconciliationView = {
  ...clean,
  matched: 2,
  differences: [
    {
      kind: 'missing-in-ledger',
      movement: 'charge',
      ourId: null,
      providerId: 'pi_stranger',
      ledgerCents: null,
      providerCents: 7_700,
      ledgerStatus: null,
      providerStatus: 'succeeded',
      at: '2026-11-20T08:00:00.000Z',
      description: 'Charge (pi_stranger): $77.00 at the provider (succeeded), nothing in the ledger.',
    },
    {
      kind: 'amount',
      movement: 'charge',
      ourId: 4,
      providerId: 'pi_4',
      ledgerCents: 10_000,
      providerCents: 9_000,
      ledgerStatus: 'succeeded',
      providerStatus: 'succeeded',
      at: '2026-11-21T08:00:00.000Z',
      description: 'Charge of payment #4 (pi_4): $100.00 in the ledger, $90.00 at the provider.',
    },
  ],
};

function renderMoney(role: 'finance' | 'operator') {
  signedInAs(role);
  jest.spyOn(adminApi, 'money').mockResolvedValue(overview);
  return renderAt('/admin/money');
}

describe("the Money page's reconciliation", () => {
  it('says "No differences" when the ledger and the provider agree, and lists every difference in a table otherwise', async () => {
    const user = userEvent.setup();
    const reconcile = jest.spyOn(adminApi, 'reconcile').mockResolvedValueOnce(clean).mockResolvedValueOnce(differing);
    renderMoney('finance');
    await user.click(await screen.findByRole('button', { name: 'Run the reconciliation' }));
    expect(reconcile).toHaveBeenCalledTimes(1);
    const summary = await screen.findByText(/4 of 4 ledger movements agree with the 4 records of Stripe/);
    expect(summary).toHaveTextContent('No differences. 4 of 4 ledger movements agree with the 4 records of Stripe (Nov 27, 2026, 9:30 AM UTC).');
    // The result takes the focus, for a keyboard or screen-reader user.
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Run the reconciliation again' }));
    const table = await screen.findByRole('table', { name: 'Differences between the ledger and Stripe, the oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Not in the ledger', 'Charge (pi_stranger): $77.00 at the provider (succeeded), nothing in the ledger.', '—', '$77.00, succeeded', 'Nov 20, 2026, 8:00 AM UTC'],
      ['Amount differs', 'Charge of payment #4 (pi_4): $100.00 in the ledger, $90.00 at the provider.', '$100.00, succeeded', '$90.00, succeeded', 'Nov 21, 2026, 8:00 AM UTC'],
    ]);
    expect(screen.getByText(/^2 differences\./)).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download CSV' });
    expect(download).toHaveAttribute('download', 'reconciliation-2026-11-27.csv');
    expect(decodeURIComponent(download.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''))).toBe(reconciliationCsv(differing));
  });

  it('writes the CSV a spreadsheet reads: a header, quoted text, empty cells for nothing', () => {
    expect(reconciliationCsv(differing).split('\r\n')).toEqual([
      'kind,movement,ourId,providerId,ledgerCents,providerCents,ledgerStatus,providerStatus,at,description',
      'missing-in-ledger,charge,,pi_stranger,,7700,,succeeded,2026-11-20T08:00:00.000Z,"Charge (pi_stranger): $77.00 at the provider (succeeded), nothing in the ledger."',
      'amount,charge,4,pi_4,10000,9000,succeeded,succeeded,2026-11-21T08:00:00.000Z,"Charge of payment #4 (pi_4): $100.00 in the ledger, $90.00 at the provider."',
      '',
    ]);
    const risky = { ...differing, differences: [{ ...differing.differences[0]!, providerId: '=HYPERLINK("x")' }] };
    expect(reconciliationCsv(risky)).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it("shows the server's sentence when the provider cannot be reached", async () => {
    const user = userEvent.setup();
    jest.spyOn(adminApi, 'reconcile').mockRejectedValue(new AdminApiError(502, 'The payment provider could not be reached, so there is no report. Try again in a few minutes.'));
    renderMoney('finance');
    await user.click(await screen.findByRole('button', { name: 'Run the reconciliation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment provider could not be reached, so there is no report. Try again in a few minutes.');
  });

  it('is not offered to an operator (finance reconciles)', async () => {
    renderMoney('operator');
    expect(await screen.findByText('Held in escrow')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run the reconciliation' })).toBeNull();
  });

  it.each([1280, 375])('has no axe violations at %i px with differences listed', async (width) => {
    const user = userEvent.setup();
    jest.spyOn(adminApi, 'reconcile').mockResolvedValue(differing);
    renderMoney('finance');
    await user.click(await screen.findByRole('button', { name: 'Run the reconciliation' }));
    await screen.findByRole('table');
    await expectNoAxeViolations(width);
  });
});
