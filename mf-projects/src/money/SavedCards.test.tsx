import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, paymentsApi } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { makeBalance, makePayoutAccount, makeSavedCard } from './testFixtures';

const savedCards = jest.spyOn(paymentsApi, 'savedCards');
const renameCard = jest.spyOn(paymentsApi, 'renameCard');
const removeCard = jest.spyOn(paymentsApi, 'removeCard');

const cards$ = () => screen.getByRole('region', { name: 'Saved cards' });
const cardItem = (title: string) => within(cards$()).getByText(title, { selector: 'p' }).closest('li')!;

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 9 }), signInMethod: 'password', signedOutReason: null });
  jest.spyOn(paymentsApi, 'balance').mockResolvedValue(makeBalance());
  jest.spyOn(paymentsApi, 'withdrawals').mockResolvedValue({ results: [] });
  jest.spyOn(paymentsApi, 'payoutAccount').mockResolvedValue(makePayoutAccount());
});

describe('saved cards on the payment details page', () => {
  it('lists each card by brand, last four digits and expiry, with the name the owner gave it', async () => {
    savedCards.mockResolvedValue({
      results: [makeSavedCard({ name: 'Lab card' }), makeSavedCard({ id: 'pm_2', brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2029 })],
    });
    renderRoute('/profile/payment');
    expect(within(cards$()).getByText('Loading…').parentElement).toHaveAttribute('aria-busy', 'true');
    const list = await within(cards$()).findByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('div')!.textContent)).toEqual([
      'Lab cardVisa ending in 4242 · Expires 04/31',
      'Mastercard ending in 4444Expires 11/29',
    ]);
    // Each button says which card it acts on.
    expect(within(cardItem('Lab card')).getByRole('button', { name: 'Rename' })).toHaveAccessibleDescription('Lab card');
    expect(within(cardItem('Mastercard ending in 4444')).getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription('Mastercard ending in 4444');
    expect(cards$()).toHaveTextContent('SciExperts never sees or stores card numbers.');
  });

  it('says how to save a card when there is none, and offers Try again when the list cannot be loaded', async () => {
    savedCards.mockRejectedValueOnce(new ApiError('Could not load your saved cards. Please try again.', 0, null)).mockResolvedValueOnce({ results: [] });
    renderRoute('/profile/payment');
    const alert = await within(cards$()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your saved cards. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(cards$()).findByText(/^No saved cards\. When you fund a milestone, choose “Save this card for next time”/)).toBeInTheDocument();
  });

  it('renames a card in place: the field takes the focus, Escape cancels, Save sends the name and announces it', async () => {
    const user = userEvent.setup();
    savedCards.mockResolvedValue({ results: [makeSavedCard()] });
    renameCard.mockResolvedValue(makeSavedCard({ name: 'Grant card' }));
    renderRoute('/profile/payment');
    const rename = await within(cards$()).findByRole('button', { name: 'Rename' });

    await user.click(rename);
    const field = within(cards$()).getByRole('textbox', { name: 'Name for Visa ending in 4242' });
    expect(field).toHaveFocus();
    await user.type(field, 'Nope');
    await user.keyboard('{Escape}');
    expect(within(cards$()).queryByRole('textbox')).toBeNull();
    expect(within(cards$()).getByRole('button', { name: 'Rename' })).toHaveFocus();
    expect(renameCard).not.toHaveBeenCalled();

    await user.click(within(cards$()).getByRole('button', { name: 'Rename' }));
    const again = within(cards$()).getByRole('textbox', { name: 'Name for Visa ending in 4242' });
    expect(again).toHaveValue('');
    await user.type(again, 'Grant card');
    await user.click(within(cards$()).getByRole('button', { name: 'Save name' }));
    expect(renameCard).toHaveBeenCalledWith('pm_1', 'Grant card');
    await waitFor(() => expect(within(cards$()).getByRole('status')).toHaveTextContent('Visa ending in 4242 is now called “Grant card”.'));
    expect(cardItem('Grant card')).toHaveTextContent('Visa ending in 4242 · Expires 04/31');
    expect(within(cards$()).getByRole('button', { name: 'Rename' })).toHaveFocus();
  });

  it("refuses a name that is too long before sending, and shows the server's refusal by the field", async () => {
    const user = userEvent.setup();
    savedCards.mockResolvedValue({ results: [makeSavedCard()] });
    renameCard.mockRejectedValue(new ApiError('Invalid request.', 400, { message: 'Invalid request.', details: [{ field: 'name', message: PAYMENT_MESSAGES.plainText }] }));
    renderRoute('/profile/payment');
    await user.click(await within(cards$()).findByRole('button', { name: 'Rename' }));
    const field = within(cards$()).getByRole('textbox', { name: 'Name for Visa ending in 4242' });
    await user.type(field, 'x'.repeat(PAYMENT_LIMITS.cardNameMax + 1));
    await user.click(within(cards$()).getByRole('button', { name: 'Save name' }));
    expect(field).toHaveAccessibleDescription(PAYMENT_MESSAGES.cardNameTooLong);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(renameCard).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'Lab');
    await user.click(within(cards$()).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(PAYMENT_MESSAGES.plainText));
    expect(field).toHaveFocus();
  });

  it('removes a card only after the confirmation; Keep it changes nothing; a refusal is shown on the card', async () => {
    const user = userEvent.setup();
    savedCards.mockResolvedValue({ results: [makeSavedCard({ name: 'Lab card' }), makeSavedCard({ id: 'pm_2', last4: '1881' })] });
    removeCard.mockRejectedValueOnce(new ApiError(PAYMENT_MESSAGES.providerUnavailable, 502, { message: PAYMENT_MESSAGES.providerUnavailable })).mockResolvedValueOnce(undefined);
    renderRoute('/profile/payment');
    const remove = () => within(cardItem('Lab card')).getByRole('button', { name: 'Remove' });

    await user.click(await waitFor(remove));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “Lab card” (Visa ending in 4242)? The payment provider forgets it: to pay with it again, you would enter it again.' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(removeCard).not.toHaveBeenCalled();

    await user.click(remove());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove card' }));
    expect(await within(cardItem('Lab card')).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.providerUnavailable);

    await user.click(remove());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(within(cards$()).getByRole('status')).toHaveTextContent('Visa ending in 4242 is removed.'));
    expect(removeCard).toHaveBeenLastCalledWith('pm_1');
    expect(within(cards$()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Saved cards' })).toHaveFocus();
  });
});
