import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, fireEvent } from '@testing-library/react';
import { ApiError, authStore, payoutHeldUntilMessage } from '@sciexperts/shared';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { paymentsApi, PAYMENT_MESSAGES } from '@sciexperts/shared/member';
import { browser } from '../ui/browser';
import { PAYOUT_ACCOUNT_MESSAGES, PAYOUT_POLL_ATTEMPTS, PAYOUT_POLL_INTERVAL_MS } from './usePayoutAccountReturn';
import { makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { makeBalance, makePayoutAccount, makeWithdrawal } from './testFixtures';

const balance = jest.spyOn(paymentsApi, 'balance');
const withdrawals = jest.spyOn(paymentsApi, 'withdrawals');
const withdraw = jest.spyOn(paymentsApi, 'withdraw');
const payoutAccount = jest.spyOn(paymentsApi, 'payoutAccount');
const linkPayoutAccount = jest.spyOn(paymentsApi, 'linkPayoutAccount');
const savedCards = jest.spyOn(paymentsApi, 'savedCards');

const amountField = () => screen.getByRole('textbox', { name: 'Amount (USD)' });
const withdrawals$ = () => screen.getByRole('region', { name: 'Withdrawals' });
const withdraw$ = () => screen.getByRole('region', { name: 'Withdraw' });
const account$ = () => screen.getByRole('region', { name: 'Payout account' });

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 9 }), signInMethod: 'password', signedOutReason: null });
  withdrawals.mockResolvedValue({ results: [] });
  payoutAccount.mockResolvedValue(makePayoutAccount());
  savedCards.mockResolvedValue({ results: [] });
});

describe('the payment details page', () => {
  it('shows the balances in words, where payouts go, and the withdrawals with their status', async () => {
    balance.mockResolvedValue(makeBalance({ availableCents: 45_000, inEscrowCents: 150_050, paidOutCents: 12_000 }));
    withdrawals.mockResolvedValue({
      results: [
        makeWithdrawal({ id: 2, amountCents: 5_000, status: 'failed', failureReason: 'The bank returned it.', createdAt: '2026-03-06T09:00:00.000Z' }),
        makeWithdrawal({ id: 1, amountCents: 12_000, status: 'paid' }),
      ],
    });
    renderRoute('/profile/payment');

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('Loading…').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(await within(balances).findByText('Available to withdraw')).toBeInTheDocument();
    const figures = within(balances).getAllByRole('definition').map((dd) => dd.textContent);
    const terms = within(balances).getAllByRole('term').map((dt) => dt.textContent);
    expect(terms).toEqual(['Available to withdraw', 'Paid out so far', 'In escrow for your projects (as client)']);
    expect(figures).toEqual(['$450', '$120', '$1,500.50']);

    expect(await within(account$()).findByText('Stand-in Bank •••• 6789')).toBeInTheDocument();
    expect(account$()).toHaveTextContent('Payouts go to Stand-in Bank •••• 6789.');
    expect(within(account$()).getByRole('button', { name: 'Change payout account' })).toBeEnabled();
    expect(amountField()).toHaveValue('450');
    expect(screen.getByRole('button', { name: 'Withdraw $450' })).toBeEnabled();

    const table = await within(withdrawals$()).findByRole('table', { name: 'Your withdrawals, newest first.' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Mar 6, 2026', '$50', 'FailedThe bank returned it. The amount is back in your balance.'],
      ['Mar 5, 2026', '$120', 'Paid'],
    ]);
  });

  it('says when there is nothing to withdraw and no withdrawals', async () => {
    balance.mockResolvedValue(makeBalance({ availableCents: 0 }));
    renderRoute('/profile/payment');
    expect(await screen.findByText('Nothing to withdraw yet: released milestones appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Amount (USD)' })).toBeNull();
    expect(await within(withdrawals$()).findByText('No withdrawals yet.')).toBeInTheDocument();
  });

  it('shows a load failure once, with Try again', async () => {
    balance.mockRejectedValueOnce(new ApiError('Could not load your payments. Please try again.', 0, null)).mockResolvedValueOnce(makeBalance());
    renderRoute('/profile/payment');
    const alert = await within(screen.getByRole('region', { name: 'Balances' })).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your payments. Please try again.');
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Withdraw $120' })).toBeInTheDocument();
  });

  it('checks the amount before sending', async () => {
    balance.mockResolvedValue(makeBalance({ availableCents: 12_000 }));
    renderRoute('/profile/payment');
    const field = await screen.findByRole('textbox', { name: 'Amount (USD)' });

    const tryAmount = async (text: string) => {
      await userEvent.clear(field);
      if (text) await userEvent.type(field, text);
      await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    };
    await tryAmount('130');
    expect(field).toHaveAccessibleDescription('You can withdraw at most $120.00. Up to $120');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await tryAmount('0');
    expect(within(withdraw$()).getByRole('alert')).toHaveTextContent('Enter an amount above $0.');
    await tryAmount('twelve');
    expect(within(withdraw$()).getByRole('alert')).toHaveTextContent('Enter an amount in US dollars, like 120 or 120.50.');
    await tryAmount('');
    expect(within(withdraw$()).getByRole('alert')).toHaveTextContent('Enter the amount to withdraw.');
    expect(withdraw).not.toHaveBeenCalled();
  });

  it('withdraws in cents with a key, says so, and reloads the balance and the list', async () => {
    balance.mockResolvedValueOnce(makeBalance({ availableCents: 20_000 })).mockResolvedValue(makeBalance({ availableCents: 8_000, paidOutCents: 12_000 }));
    withdrawals.mockResolvedValueOnce({ results: [] }).mockResolvedValue({ results: [makeWithdrawal({ amountCents: 12_000, status: 'requested' })] });
    let answer: (value: ReturnType<typeof makeWithdrawal>) => void = () => undefined;
    withdraw.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderRoute('/profile/payment');

    const field = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    await userEvent.clear(field);
    await userEvent.type(field, '$120');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw $120' }));
    expect(screen.getByRole('button', { name: 'Requesting…' })).toBeDisabled();
    expect(withdraw).toHaveBeenCalledWith(12_000, expect.stringMatching(/^[\x21-\x7e]{8,100}$/));

    answer(makeWithdrawal({ amountCents: 12_000 }));
    await waitFor(() => expect(within(withdraw$()).getByRole('status')).toHaveTextContent('$120 is on its way to your account.'));
    expect(screen.getByRole('heading', { name: 'Withdraw' })).toHaveFocus();
    await waitFor(() => expect(amountField()).toHaveValue('80'));
    expect(balance).toHaveBeenCalledTimes(2);
    const row = await within(withdrawals$()).findByRole('cell', { name: 'Requested' });
    expect(row.closest('tr')).toHaveTextContent('$120');
  });

  it('sends the same key when retrying after no answer, and a new key for the next withdrawal', async () => {
    balance.mockResolvedValue(makeBalance({ availableCents: 50_000 }));
    withdraw
      .mockRejectedValueOnce(new ApiError('Failed to request the withdrawal. Please try again.', 0, null))
      .mockResolvedValueOnce(makeWithdrawal({ amountCents: 10_000 }))
      .mockResolvedValueOnce(makeWithdrawal({ amountCents: 10_000 }));
    renderRoute('/profile/payment');
    const field = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    await userEvent.clear(field);
    await userEvent.type(field, '100');

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw $100' }));
    expect(await within(withdraw$()).findByRole('alert')).toHaveTextContent('Failed to request the withdrawal. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw $100' }));
    await waitFor(() => expect(within(withdraw$()).getByRole('status')).toHaveTextContent('$100 is on its way to your account.'));
    expect(withdraw.mock.calls[1]).toEqual(withdraw.mock.calls[0]);

    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw $100' }));
    await waitFor(() => expect(withdraw).toHaveBeenCalledTimes(3));
    expect(withdraw.mock.calls[2]![0]).toBe(10_000);
    expect(withdraw.mock.calls[2]![1]).not.toBe(withdraw.mock.calls[0]![1]);
  });

  it("shows the server's refusal by the field, and starts a new attempt after it", async () => {
    balance.mockResolvedValue(makeBalance({ availableCents: 12_000 }));
    withdraw
      .mockRejectedValueOnce(new ApiError('Invalid request.', 400, { message: 'Invalid request.', details: [{ field: 'amountCents', message: 'You can withdraw at most $80.00.' }] }))
      .mockRejectedValueOnce(new ApiError(PAYMENT_MESSAGES.idempotencyKeyReused, 409, { message: PAYMENT_MESSAGES.idempotencyKeyReused }));
    renderRoute('/profile/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw $120' }));
    expect(await within(withdraw$()).findByRole('alert')).toHaveTextContent('You can withdraw at most $80.00.');
    expect(amountField()).toHaveAccessibleDescription('You can withdraw at most $80.00. Up to $120');
    expect(amountField()).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw $120' }));
    expect(await within(withdraw$()).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.idempotencyKeyReused);
    expect(withdraw.mock.calls[1]![1]).not.toBe(withdraw.mock.calls[0]![1]);
  });

  describe('the payout account', () => {
    afterEach(() => jest.useRealTimers());

    it('asks to connect one before withdrawing, and leaves for the provider with a fresh link', async () => {
      balance.mockResolvedValue(makeBalance({ availableCents: 12_000 }));
      payoutAccount.mockResolvedValue(makePayoutAccount({ status: 'none', label: null, updatedAt: null }));
      let answer: (value: { url: string }) => void = () => undefined;
      linkPayoutAccount.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      const goTo = jest.spyOn(browser, 'goTo').mockImplementation(() => undefined);
      renderRoute('/profile/payment');

      expect(await within(withdraw$()).findByText(PAYMENT_MESSAGES.payoutAccountNeeded)).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Amount (USD)' })).toBeNull();
      expect(account$()).toHaveTextContent('SciExperts never sees your bank details.');
      await userEvent.click(within(account$()).getByRole('button', { name: 'Connect a payout account' }));
      expect(within(account$()).getByRole('button', { name: 'Opening the payment provider…' })).toBeDisabled();
      answer({ url: 'https://provider.example/connect/abc' });
      await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://provider.example/connect/abc'));
      expect(linkPayoutAccount).toHaveBeenCalledTimes(1);
    });

    it("says what the provider still needs, and shows the server's message when the link cannot be made", async () => {
      balance.mockResolvedValue(makeBalance({ availableCents: 12_000 }));
      payoutAccount.mockResolvedValue(makePayoutAccount({ status: 'pending', label: null }));
      linkPayoutAccount.mockRejectedValue(new ApiError(PAYMENT_MESSAGES.providerUnavailable, 502, { message: PAYMENT_MESSAGES.providerUnavailable }));
      const goTo = jest.spyOn(browser, 'goTo').mockImplementation(() => undefined);
      renderRoute('/profile/payment');

      expect(await within(withdraw$()).findByText(PAYMENT_MESSAGES.payoutAccountPending)).toBeInTheDocument();
      await userEvent.click(within(account$()).getByRole('button', { name: 'Finish connecting your payout account' }));
      expect(await within(account$()).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.providerUnavailable);
      expect(within(account$()).getByRole('button', { name: 'Finish connecting your payout account' })).toBeEnabled();
      expect(goTo).not.toHaveBeenCalled();
    });

    it('back from the provider, asks every 2 seconds until the provider has confirmed the account, then offers the withdrawal', async () => {
      jest.useFakeTimers();
      balance.mockResolvedValue(makeBalance({ availableCents: 12_000 }));
      const pending = makePayoutAccount({ status: 'pending', label: null });
      payoutAccount.mockResolvedValueOnce(pending).mockResolvedValueOnce(pending).mockResolvedValueOnce(makePayoutAccount());
      renderRoute('/profile/payment?payoutAccount=return');

      expect(await within(account$()).findByText(PAYOUT_ACCOUNT_MESSAGES.waiting)).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(PAYOUT_POLL_INTERVAL_MS));
      expect(payoutAccount).toHaveBeenCalledTimes(2);
      await act(async () => jest.advanceTimersByTime(PAYOUT_POLL_INTERVAL_MS));
      expect(payoutAccount).toHaveBeenCalledTimes(3);
      expect(within(account$()).getByRole('status')).toHaveTextContent(PAYOUT_ACCOUNT_MESSAGES.connected);
      expect(screen.getByRole('textbox', { name: 'Amount (USD)' })).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(PAYOUT_POLL_INTERVAL_MS * 3));
      expect(payoutAccount).toHaveBeenCalledTimes(3);
    });

    it('stops asking after about 20 seconds and says to come back later', async () => {
      jest.useFakeTimers();
      balance.mockResolvedValue(makeBalance());
      payoutAccount.mockResolvedValue(makePayoutAccount({ status: 'pending', label: null }));
      renderRoute('/profile/payment?payoutAccount=return');
      expect(await within(account$()).findByText(PAYOUT_ACCOUNT_MESSAGES.waiting)).toBeInTheDocument();
      for (let i = 0; i < PAYOUT_POLL_ATTEMPTS + 2; i += 1) await act(async () => jest.advanceTimersByTime(PAYOUT_POLL_INTERVAL_MS));
      expect(payoutAccount).toHaveBeenCalledTimes(PAYOUT_POLL_ATTEMPTS + 1);
      expect(within(account$()).getByRole('status')).toHaveTextContent(PAYOUT_ACCOUNT_MESSAGES.slow);
    });

    it('shows a payout hold, its end and the e-mail way out before Withdraw is pressed, and Withdraw comes back when the hold ends (issue 47)', async () => {
      jest.useFakeTimers({ now: Date.parse('2026-11-28T09:00:00.000Z') });
      balance.mockResolvedValue(makeBalance({ availableCents: 54_000 }));
      payoutAccount.mockResolvedValueOnce(makePayoutAccount({ holdUntil: '2026-11-30T09:00:00.000Z' })).mockResolvedValue(makePayoutAccount());
      renderRoute('/profile/payment?payoutAccount=return');

      const hold = payoutHeldUntilMessage('Nov 30, 2026, 9:00 AM UTC');
      expect(await within(withdraw$()).findByText(hold)).toBeInTheDocument();
      // Back from the provider after the change: not "you can withdraw to it".
      expect(within(account$()).getByRole('status')).toHaveTextContent(PAYOUT_ACCOUNT_MESSAGES.connectedHeld);
      const button = within(withdraw$()).getByRole('button', { name: 'Withdraw $540' });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(hold);
      fireEvent.click(button);
      expect(withdraw).not.toHaveBeenCalled();

      // Two days on, the page asks again by itself: no hold, Withdraw works.
      await act(async () => jest.advanceTimersByTime(48 * 3600_000 + 1000));
      expect(payoutAccount).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(within(withdraw$()).queryByText(hold)).toBeNull());
      expect(within(withdraw$()).getByRole('button', { name: 'Withdraw $540' })).not.toHaveAttribute('aria-disabled');
      expect(within(account$()).getByRole('status')).toHaveTextContent(PAYOUT_ACCOUNT_MESSAGES.connected);
    });

    it.each([1280, 375])('has no axe violations with a payout hold shown, at %i px', async (width) => {
      balance.mockResolvedValue(makeBalance({ availableCents: 54_000 }));
      payoutAccount.mockResolvedValue(makePayoutAccount({ holdUntil: '2026-11-30T09:00:00.000Z' }));
      renderRoute('/profile/payment');
      await within(withdraw$()).findByText(/withdrawals are held until/);
      await expectNoAxeViolations(width);
    });

    it('says the link expired when the provider sends the member back for a new one', async () => {
      balance.mockResolvedValue(makeBalance());
      payoutAccount.mockResolvedValue(makePayoutAccount({ status: 'pending', label: null }));
      linkPayoutAccount.mockResolvedValue({ url: 'https://provider.example/connect/new' });
      const goTo = jest.spyOn(browser, 'goTo').mockImplementation(() => undefined);
      renderRoute('/profile/payment?payoutAccount=refresh');
      expect(await within(account$()).findByText(PAYOUT_ACCOUNT_MESSAGES.expired)).toBeInTheDocument();
      fireEvent.click(within(account$()).getByRole('button', { name: 'Finish connecting your payout account' }));
      expect(linkPayoutAccount).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://provider.example/connect/new'));
    });
  });
});
