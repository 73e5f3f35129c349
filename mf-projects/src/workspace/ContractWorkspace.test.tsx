import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { PAYMENT_MESSAGES, paymentsApi, projectsApi } from '@sciexperts/shared/member';
import { makeContract, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { browser } from '../ui/browser';
import { CHECKOUT_MESSAGES, POLL_INTERVAL_MS } from './useCheckoutReturn';
import { disputeApi } from './disputeApi';
import { CLIENT, EXPERT, makeEvent, makeMilestone, makeWorkspace } from './testFixtures';

const KEY = /^[\x21-\x7e]{8,100}$/;
const milestoneItem = (name: RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

function signInAs(id: number) {
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id }), signInMethod: 'password', signedOutReason: null });
}

beforeEach(() => {
  jest.restoreAllMocks();
  signInAs(CLIENT.id);
  // The client's saved cards are asked for while a milestone waits for funding (none here).
  jest.spyOn(paymentsApi, 'savedCards').mockResolvedValue({ results: [] });
  jest.spyOn(disputeApi, 'list').mockResolvedValue({ statements: [] });
});

describe('a contract workspace', () => {
  it('shows the terms, the milestones in words and the timeline newest first with notes', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(
      makeWorkspace({
        milestones: [makeMilestone(), makeMilestone({ id: 2, position: 2, title: 'Report', amountCents: 100000, status: 'submitted' })],
        events: [
          makeEvent({ id: 1, milestoneId: 2, kind: 'funded', createdAt: '2026-11-23T10:00:00.000Z' }),
          makeEvent({ id: 2, milestoneId: 2, kind: 'submitted', actorId: EXPERT.id, note: 'Report attached.\nSee section 2.', createdAt: '2026-11-25T10:00:00.000Z' }),
        ],
      }),
    );
    renderRoute('/profile/workspace/2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
    expect(screen.getByText(/You hired Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getByText('10 % of each released milestone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message Ada' })).toHaveAttribute('href', `/chat?with=${EXPERT.id}`);
    expect(within(milestoneItem(/Report/)).getByText('Work submitted')).toBeInTheDocument();
    const events = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('Report: Work submitted by Ada · Nov 25, 2026');
    expect(events[0]).toHaveTextContent('Report attached. See section 2.');
    expect(events[1]).toHaveTextContent('Report: Funded by Olivia · Nov 23, 2026');
  });

  it('says the contract is not available for a 404 and for an id that is not one', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockRejectedValue(new ApiError(PAYMENT_MESSAGES.contractNotFound, 404, null));
    const { unmount } = renderRoute('/profile/workspace/77');
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.contractNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your contracts' })).toHaveAttribute('href', '/profile/workspace');
    unmount();

    renderRoute('/profile/workspace/abc');
    expect(screen.getByRole('heading', { level: 1, name: PAYMENT_MESSAGES.contractNotFound })).toBeInTheDocument();
    expect(paymentsApi.workspace).toHaveBeenCalledTimes(1);
  });

  it('lets the client fund a pending milestone: one key, kept for the retry, then the provider’s checkout', async () => {
    const user = userEvent.setup();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    const fund = jest
      .spyOn(paymentsApi, 'fund')
      .mockRejectedValueOnce(new ApiError(PAYMENT_MESSAGES.providerUnavailable, 502, null))
      .mockResolvedValueOnce({ paymentId: 8, checkoutUrl: 'https://pay.example/checkout/8' });
    const goTo = jest.spyOn(browser, 'goTo').mockImplementation(() => undefined);
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'Fund $500' }));
    expect(await within(milestoneItem(/Data cleaning/)).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.providerUnavailable);
    expect(goTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Fund $500' }));
    expect(await screen.findByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
    expect(fund).toHaveBeenCalledTimes(2);
    const [firstId, firstKey] = fund.mock.calls[0]!;
    expect(firstId).toBe(1);
    expect(firstKey).toMatch(KEY);
    expect(fund.mock.calls[1]![1]).toBe(firstKey);
    expect(goTo).toHaveBeenCalledWith('https://pay.example/checkout/8');
  });

  it('shows the reason of a declined payment on the milestone still waiting for funding', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(
      makeWorkspace({ milestones: [makeMilestone({ payment: { id: 8, status: 'failed', failureReason: 'Card declined' } })] }),
    );
    renderRoute('/profile/workspace/2');
    expect(await screen.findByText('The last payment failed: Card declined')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fund $500' })).toBeEnabled();
  });

  it('lets the expert submit a funded milestone with a note, and accept a proposed one', async () => {
    signInAs(EXPERT.id);
    const user = userEvent.setup();
    const funded = makeWorkspace({
      viewerRole: 'expert',
      milestones: [makeMilestone({ status: 'funded' }), makeMilestone({ id: 2, position: 2, title: 'Extra analysis', status: 'proposed' })],
    });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(funded);
    const submit = jest.spyOn(paymentsApi, 'submit').mockResolvedValue({ ...funded, milestones: [makeMilestone({ status: 'submitted' }), funded.milestones[1]!] });
    renderRoute('/profile/workspace/2');

    expect(await screen.findByRole('button', { name: 'Accept milestone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fund/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit work' }));
    const dialog = screen.getByRole('dialog', { name: /Submit the work/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the client/ }), 'Cleaned data attached.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit work' }));

    expect(await screen.findByText('Milestone 1 submitted. Olivia can now review it.')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith(1, 'Cleaned data attached.', expect.stringMatching(KEY), []);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(milestoneItem(/Data cleaning/)).getByText('Work submitted')).toBeInTheDocument();
  });

  it('releases a submitted milestone once, however often Approve is pressed, after a confirmation stating the amount', async () => {
    const user = userEvent.setup();
    const submitted = makeWorkspace({ milestones: [makeMilestone({ id: 2, position: 2, title: 'Report', amountCents: 90000, status: 'submitted' })] });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(submitted);
    let answer: (value: typeof submitted) => void = () => undefined;
    const approve = jest.spyOn(paymentsApi, 'approve').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'Approve and release' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('release $900 to Ada');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Approve and release' }));
    expect(within(dialog).getByRole('button', { name: 'Releasing…' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Releasing…' }));
    expect(approve).toHaveBeenCalledTimes(1);

    await act(async () => answer({ ...submitted, milestones: [{ ...submitted.milestones[0]!, status: 'released' }] }));
    expect(await screen.findByText('Milestone 2 released: $810 to Ada ($900 less the $90 fee).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and release' })).not.toBeInTheDocument();
  });

  it('asks for a note before requesting changes', async () => {
    const user = userEvent.setup();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ milestones: [makeMilestone({ status: 'submitted' })] }));
    const requestChanges = jest.spyOn(paymentsApi, 'requestChanges').mockResolvedValue(makeWorkspace({ milestones: [makeMilestone({ status: 'funded' })] }));
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = screen.getByRole('dialog', { name: /Request changes/ });
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    const note = within(dialog).getByRole('textbox', { name: /What should change/ });
    expect(note).toHaveAccessibleDescription(expect.stringContaining(PAYMENT_MESSAGES.noteRequired));
    expect(note).toHaveFocus();
    expect(requestChanges).not.toHaveBeenCalled();

    await user.type(note, 'Please add the 2025 cohort.');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Milestone 1 sent back to Ada with your note.')).toBeInTheDocument();
    expect(requestChanges).toHaveBeenCalledWith(1, 'Please add the 2025 cohort.', expect.stringMatching(KEY));
  });

  it('shows the server’s 409 when the contract cannot end while money is in escrow', async () => {
    const user = userEvent.setup();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ milestones: [makeMilestone({ status: 'funded' })], escrowCents: 50000 }));
    jest.spyOn(paymentsApi, 'endContract').mockRejectedValue(new ApiError(PAYMENT_MESSAGES.moneyInEscrow, 409, null));
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'End contract' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End contract' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.moneyInEscrow)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('moves the focus to the contract’s title when it is opened from the list, not on a first visit', async () => {
    const user = userEvent.setup();
    jest.spyOn(projectsApi, 'myContracts').mockResolvedValue({ results: [makeContract({ id: 2, clientId: CLIENT.id, projectTitle: 'Survival analysis of a cohort study' })] });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    const { unmount } = renderRoute('/profile/workspace');

    await user.click(await screen.findByRole('link', { name: 'Survival analysis of a cohort study' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' });
    expect(title).toHaveFocus();
    unmount();

    renderRoute('/profile/workspace/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' })).not.toHaveFocus();
  });

  it('lets the client add a milestone, checking the fields first, for the expert to accept', async () => {
    const user = userEvent.setup();
    const before = makeWorkspace();
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(before);
    const added = makeMilestone({ id: 3, position: 2, title: 'Sensitivity analysis', amountCents: 45000, status: 'proposed' });
    const addMilestone = jest.spyOn(paymentsApi, 'addMilestone').mockResolvedValue({ ...before, milestones: [...before.milestones, added] });
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'Add a milestone' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a milestone' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    expect(title).toHaveAccessibleDescription(expect.stringContaining(PAYMENT_MESSAGES.titleRequired));
    expect(title).toHaveFocus();
    expect(addMilestone).not.toHaveBeenCalled();

    await user.type(title, 'Sensitivity analysis');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (USD)' }), '450');
    await user.type(within(dialog).getByLabelText('Due date'), '2099-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Add milestone' }));

    expect(await screen.findByText('Milestone “Sensitivity analysis” added. Ada can accept it now.')).toBeInTheDocument();
    expect(addMilestone).toHaveBeenCalledWith(2, { title: 'Sensitivity analysis', amountCents: 45000, dueDate: '2099-01-15' }, expect.stringMatching(KEY));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(milestoneItem(/Sensitivity analysis/)).getByText('Proposed, waiting for the expert')).toBeInTheDocument();
  });

  it('refunds a funded milestone after a confirmation saying where the money goes', async () => {
    const user = userEvent.setup();
    const funded = makeWorkspace({ milestones: [makeMilestone({ status: 'funded' })], escrowCents: 50000 });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(funded);
    const refund = jest.spyOn(paymentsApi, 'refund').mockResolvedValue({ ...funded, milestones: [makeMilestone({ status: 'refunded' })], escrowCents: 0 });
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Refund $500 for “Data cleaning”? The money goes back to the card that paid it');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Milestone 1 refunded: $500 goes back to the card that paid it.')).toBeInTheDocument();
    expect(refund).toHaveBeenCalledWith(1, expect.stringMatching(KEY));
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('opens a dispute on submitted work with a note, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const submitted = makeWorkspace({ milestones: [makeMilestone({ status: 'submitted' })], escrowCents: 50000 });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(submitted);
    const dispute = jest
      .spyOn(paymentsApi, 'dispute')
      .mockRejectedValueOnce(new ApiError(PAYMENT_MESSAGES.notSubmitted, 409, null))
      .mockResolvedValue({ ...submitted, milestones: [makeMilestone({ status: 'disputed' })] });
    renderRoute('/profile/workspace/2');

    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = screen.getByRole('dialog', { name: /Open a dispute on “Data cleaning”/ });
    expect(dialog).toHaveTextContent('The money stays in escrow and is not released automatically.');
    await user.type(within(dialog).getByRole('textbox', { name: /What went wrong/ }), 'The cleaned file is missing.');
    await user.click(within(dialog).getByRole('button', { name: 'Open a dispute' }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.notSubmitted)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Open a dispute' }));
    expect(await screen.findByText('Dispute opened on milestone 1. The money stays in escrow until SciExperts resolves it.')).toBeInTheDocument();
    expect(dispute).toHaveBeenLastCalledWith(1, 'The cleaned file is missing.', expect.stringMatching(KEY));
    expect(within(milestoneItem(/Data cleaning/)).queryByRole('button', { name: 'Approve and release' })).not.toBeInTheDocument();
  });

  describe('back from the checkout', () => {
    afterEach(() => jest.useRealTimers());

    it('asks again every 2 seconds until the provider has confirmed the payment', async () => {
      jest.useFakeTimers();
      const pending = makeWorkspace({ milestones: [makeMilestone({ payment: { id: 8, status: 'pending', failureReason: null } })] });
      const funded = makeWorkspace({ milestones: [makeMilestone({ status: 'funded', payment: { id: 8, status: 'succeeded', failureReason: null } })] });
      const workspace = jest.spyOn(paymentsApi, 'workspace').mockResolvedValueOnce(pending).mockResolvedValueOnce(pending).mockResolvedValueOnce(funded);
      renderRoute('/profile/workspace/2?payment=8');

      expect(await screen.findByText(CHECKOUT_MESSAGES.waiting)).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(POLL_INTERVAL_MS));
      expect(workspace).toHaveBeenCalledTimes(2);
      expect(screen.getByText(CHECKOUT_MESSAGES.waiting)).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(POLL_INTERVAL_MS));
      expect(workspace).toHaveBeenCalledTimes(3);
      expect(screen.getByText('Milestone funded: $500 for “Data cleaning” is held in escrow.')).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(POLL_INTERVAL_MS * 3));
      expect(workspace).toHaveBeenCalledTimes(3);
    });

    it('says nothing was charged when the member cancelled, without asking again', async () => {
      jest.useFakeTimers();
      const workspace = jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
      renderRoute('/profile/workspace/2?payment=8&cancelled=1');

      expect(await screen.findByText(CHECKOUT_MESSAGES.cancelled)).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(POLL_INTERVAL_MS * 2));
      expect(workspace).toHaveBeenCalledTimes(1);
    });
  });
});
