import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { paymentsApi } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { makeSavedCard } from '../money/testFixtures';
import { renderRoute } from '../test/renderRoute';
import { browser } from '../ui/browser';
import { CLIENT, EXPERT, makeMilestone, makeWorkspace } from './testFixtures';

const milestoneItem = (name: RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

beforeEach(() => {
  jest.restoreAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: CLIENT.id }), signInMethod: 'password', signedOutReason: null });
  jest.spyOn(browser, 'goTo').mockImplementation(() => undefined);
});

describe('the funding step', () => {
  it('offers "Save this card for next time", off by default, and sends saveCard only when ticked', async () => {
    const user = userEvent.setup();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    jest.spyOn(paymentsApi, 'savedCards').mockResolvedValue({ results: [] });
    const fund = jest.spyOn(paymentsApi, 'fund').mockResolvedValue({ paymentId: 8, checkoutUrl: 'https://pay.example/checkout/8' });
    renderRoute('/profile/workspace/2');

    const save = await screen.findByRole('checkbox', { name: 'Save this card for next time' });
    expect(save).not.toBeChecked();
    // With no saved card there is nothing to choose between.
    expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Fund $500' }));
    expect(fund).toHaveBeenCalledWith(1, expect.any(String), { saveCard: true });
    await waitFor(() => expect(browser.goTo).toHaveBeenCalledWith('https://pay.example/checkout/8'));
  });

  it('lists the saved cards with their names; paying with one sends its id, and another choice is another attempt with its own key', async () => {
    const user = userEvent.setup();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    jest.spyOn(paymentsApi, 'savedCards').mockResolvedValue({ results: [makeSavedCard({ name: 'Lab card' }), makeSavedCard({ id: 'pm_2', last4: '1881', expMonth: 1, expYear: 2030 })] });
    const fund = jest
      .spyOn(paymentsApi, 'fund')
      .mockRejectedValueOnce(new ApiError('Could not start the payment. Please try again.', 0, null))
      .mockResolvedValue({ paymentId: 9, checkoutUrl: 'http://site/profile/workspace/2?payment=9' });
    renderRoute('/profile/workspace/2');

    const group = await screen.findByRole('group', { name: 'Pay with' });
    expect(group).toHaveAccessibleDescription(/Data cleaning/);
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Lab card (Visa ending in 4242), expires 04/31',
      'Visa ending in 1881, expires 01/30',
      'A new card',
    ]);
    expect(within(group).getByRole('radio', { name: 'A new card' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Save this card for next time' })).not.toBeChecked();

    await user.click(within(group).getByRole('radio', { name: /^Lab card/ }));
    // A saved card is kept already: there is nothing to save.
    expect(within(group).queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fund $500' }));
    expect(await within(milestoneItem(/Data cleaning/)).findByText('Could not start the payment. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fund $500' }));
    await waitFor(() => expect(fund).toHaveBeenCalledTimes(2));
    expect(fund.mock.calls[0]).toEqual([1, expect.any(String), { paymentMethodId: 'pm_1' }]);
    // The retry of the same choice sends the same key (never two charges for one click that lost its answer).
    expect(fund.mock.calls[1]).toEqual(fund.mock.calls[0]);
    await waitFor(() => expect(browser.goTo).toHaveBeenCalledWith('http://site/profile/workspace/2?payment=9'));
  });

  it('uses a new key when the choice changes after an unanswered attempt', async () => {
    const user = userEvent.setup();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    jest.spyOn(paymentsApi, 'savedCards').mockResolvedValue({ results: [makeSavedCard()] });
    const fund = jest.spyOn(paymentsApi, 'fund').mockRejectedValue(new ApiError('Could not start the payment. Please try again.', 0, null));
    renderRoute('/profile/workspace/2');
    await user.click(await screen.findByRole('radio', { name: /^Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Fund $500' }));
    await waitFor(() => expect(fund).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('radio', { name: 'A new card' }));
    await user.click(screen.getByRole('button', { name: 'Fund $500' }));
    await waitFor(() => expect(fund).toHaveBeenCalledTimes(2));
    expect(fund.mock.calls[1]![2]).toEqual({});
    expect(fund.mock.calls[1]![1]).not.toBe(fund.mock.calls[0]![1]);
  });

  it('still lets the client pay with a new card when the saved cards cannot be loaded, and asks nothing of the expert', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    const savedCards = jest.spyOn(paymentsApi, 'savedCards').mockRejectedValue(new ApiError('Could not load your saved cards. Please try again.', 0, null));
    const { unmount } = renderRoute('/profile/workspace/2');
    expect(await screen.findByText('Your saved cards could not be loaded: you can still pay with a new card.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Save this card for next time' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Fund $500' })).toBeEnabled();
    unmount();

    savedCards.mockClear();
    authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: EXPERT.id }), signInMethod: 'password', signedOutReason: null });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ viewerRole: 'expert', milestones: [makeMilestone()] }));
    renderRoute('/profile/workspace/2');
    expect(await screen.findByRole('heading', { level: 3, name: /Data cleaning/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Save this card for next time' })).toBeNull();
    expect(savedCards).not.toHaveBeenCalled();
  });
});
