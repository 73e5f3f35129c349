import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES, milestoneSumMessage, projectsApi, type Project, type Proposal } from '@sciexperts/shared/member';
import { makeInvitation, makeProject, makeProposal, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  const mocked = ['get', 'sendProposal', 'getProposal', 'updateProposal', 'withdraw', 'declineInvitation'];
  return { ...actual, projectsApi: { ...actual.projectsApi, ...Object.fromEntries(mocked.map((name) => [name, jest.fn()])) } };
});
const api = projectsApi as jest.Mocked<typeof projectsApi>;

const open = (overrides: Partial<Project> = {}) => makeProject(overrides);
const mine = makeProposal();

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

/** The live line under the milestone rows. */
const sumLine = () => screen.getByRole('group', { name: 'Milestone plan' }).querySelector('[role="status"]');
const row = (n: number) => within(screen.getByRole('group', { name: `Milestone ${n}` }));

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 42, firstName: 'Ada', lastName: 'Lovelace' }), signInMethod: 'password', signedOutReason: null });
  api.get.mockResolvedValue(open());
});

describe('sending a proposal', () => {
  it('a fixed price with two milestones: the difference said as they type, then that they add up; the body in cents', async () => {
    const sent = deferred<Proposal>();
    api.sendProposal.mockReturnValue(sent.promise);
    const user = userEvent.setup();
    renderRoute('/projects/5');

    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    expect(form.getByRole('radio', { name: 'Fixed price' })).toBeChecked();
    expect(form.getByLabelText('Estimated duration')).toHaveValue('1-4-weeks');
    await user.type(form.getByLabelText('Cover letter'), 'I have analysed cohort studies.{Enter}References on request.');
    expect(form.getByText('54 of 5,000 characters')).toBeInTheDocument();
    expect(sumLine()).toHaveTextContent('');
    await user.type(form.getByLabelText('Total price (USD)'), '1500');
    expect(sumLine()).toHaveTextContent(milestoneSumMessage(0, 150000));

    await user.type(row(1).getByLabelText('Title'), 'Data cleaning');
    await user.type(row(1).getByLabelText('Amount (USD)'), '500');
    expect(sumLine()).toHaveTextContent(milestoneSumMessage(50000, 150000));
    fireEvent.change(row(1).getByLabelText('Due date'), { target: { value: '2026-12-10' } });

    await user.click(form.getByRole('button', { name: 'Add milestone' }));
    expect(row(2).getByLabelText('Title')).toHaveFocus();
    await user.keyboard('Analysis and report');
    await user.type(row(2).getByLabelText('Amount (USD)'), '1200');
    expect(sumLine()).toHaveTextContent(milestoneSumMessage(170000, 150000));
    expect(sumLine()).toHaveTextContent('The milestones add up to $1,700.00, $200.00 more than the total of $1,500.00.');
    await user.clear(row(2).getByLabelText('Amount (USD)'));
    await user.type(row(2).getByLabelText('Amount (USD)'), '1000');
    expect(sumLine()).toHaveTextContent('The milestones add up to the total.');
    fireEvent.change(row(2).getByLabelText('Due date'), { target: { value: '2026-12-24' } });

    await user.click(form.getByRole('button', { name: 'Send proposal' }));
    expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(api.sendProposal).toHaveBeenCalledWith(5, {
      coverLetter: 'I have analysed cohort studies.\nReferences on request.',
      priceType: 'fixed',
      priceCents: 150000,
      duration: '1-4-weeks',
      milestones: [
        { title: 'Data cleaning', amountCents: 50000, dueDate: '2026-12-10' },
        { title: 'Analysis and report', amountCents: 100000, dueDate: '2026-12-24' },
      ],
    });

    await act(async () => sent.resolve(makeProposal({ id: 12 })));
    expect(screen.getByText('Your proposal was sent. You can edit or withdraw it until the client decides.').parentElement).toHaveFocus();
    const yours = within(screen.getByRole('region', { name: 'Your proposal' }));
    expect(yours.getByText('Submitted')).toBeInTheDocument();
    expect(yours.getByRole('table', { name: 'Milestone plan' })).toBeInTheDocument();
    expect(api.getProposal).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Send a proposal' })).toBeNull();
    expect(screen.getByText(/· 1 proposal$/)).toBeInTheDocument();
  });

  it('an hourly rate has no plan; removing a row moves focus to the one before', async () => {
    api.sendProposal.mockResolvedValue(makeProposal({ id: 12, priceType: 'hourly', priceCents: 6250, milestones: [] }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    await user.click(form.getByRole('button', { name: 'Add milestone' }));
    await user.click(form.getByRole('button', { name: 'Remove milestone 2' }));
    expect(row(1).getByLabelText('Title')).toHaveFocus();
    expect(form.queryByRole('button', { name: /Remove/ })).toBeNull();

    await user.click(form.getByRole('radio', { name: 'Hourly rate' }));
    expect(form.queryByRole('group', { name: 'Milestone plan' })).toBeNull();
    await user.type(form.getByLabelText('Cover letter'), 'Hourly suits an open-ended analysis.');
    await user.type(form.getByLabelText('Hourly rate (USD)'), '62.50');
    await user.selectOptions(form.getByLabelText('Estimated duration'), '1 to 3 months');
    await user.click(form.getByRole('button', { name: 'Send proposal' }));
    expect(api.sendProposal).toHaveBeenCalledWith(5, { coverLetter: 'Hourly suits an open-ended analysis.', priceType: 'hourly', priceCents: 6250, duration: '1-3-months' });
  });

  it('shows the platform’s fee and what the expert receives under the price, following it as they type', async () => {
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    const price = within(form.getByRole('group', { name: 'Price' }));
    // Visible at once (it follows each keystroke); the status region speaks only once the field is left.
    const feeLine = () => price.getByText(/platform/i, { selector: 'p[aria-hidden="true"]' });
    const announced = () => price.getByRole('status');
    expect(feeLine()).toHaveTextContent('The platform keeps a fee of 10 % from each released milestone.');
    expect(announced()).toHaveTextContent('The platform keeps a fee of 10 % from each released milestone.');

    const total = form.getByLabelText('Total price (USD)');
    await user.type(total, '15');
    expect(feeLine()).toHaveTextContent('Platform fee (10 %): $1.50. You receive $13.50.');
    await user.type(total, '00');
    expect(feeLine()).toHaveTextContent('Platform fee (10 %): $150. You receive $1,350.');
    expect(announced()).toHaveTextContent('The platform keeps a fee of 10 % from each released milestone.');
    expect(total).toHaveAccessibleDescription('Platform fee (10 %): $150. You receive $1,350.');
    await user.tab();
    expect(announced()).toHaveTextContent('Platform fee (10 %): $150. You receive $1,350.');
    expect(row(1).getByLabelText('Amount (USD)')).toHaveAccessibleDescription(/Platform fee \(10 %\): \$150\. You receive \$1,350\.$/);

    await user.click(form.getByRole('radio', { name: 'Hourly rate' }));
    await user.clear(form.getByLabelText('Hourly rate (USD)'));
    await user.type(form.getByLabelText('Hourly rate (USD)'), '62.50');
    expect(feeLine()).toHaveTextContent('Platform fee (10 %): $6.25/hr. You receive $56.25/hr.');
    await user.tab();
    expect(announced()).toHaveTextContent('Platform fee (10 %): $6.25/hr. You receive $56.25/hr.');
  });

  it('reckons a fixed price’s fee milestone by milestone once the plan adds up, as releases take it', async () => {
    api.get.mockResolvedValue(open({ fee: { basisPoints: 1250 } }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    const feeLine = () => within(form.getByRole('group', { name: 'Price' })).getByText(/platform/i, { selector: 'p[aria-hidden="true"]' });
    await user.type(form.getByLabelText('Total price (USD)'), '1.98');
    // 12.5 % of $1.98 is 24.75 cents: 24 on the total while the plan does not add up yet…
    expect(feeLine()).toHaveTextContent('Platform fee (12.5 %): $0.24. You receive $1.74.');
    await user.type(row(1).getByLabelText('Amount (USD)'), '0.99');
    await user.click(form.getByRole('button', { name: 'Add milestone' }));
    await user.type(row(2).getByLabelText('Amount (USD)'), '0.99');
    // …and 12 + 12 once it does: each milestone's fee is rounded down when it is released.
    expect(feeLine()).toHaveTextContent('Platform fee (12.5 %): $0.24. You receive $1.74.');
    await user.click(form.getByRole('button', { name: 'Add milestone' }));
    await user.clear(form.getByLabelText('Total price (USD)'));
    await user.type(form.getByLabelText('Total price (USD)'), '2.97');
    await user.type(row(3).getByLabelText('Amount (USD)'), '0.99');
    expect(feeLine()).toHaveTextContent('Platform fee (12.5 %): $0.36. You receive $2.61.');
  });

  it('shows no fee when the platform takes no payments', async () => {
    api.get.mockResolvedValue(open({ fee: null }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    await user.type(form.getByLabelText('Total price (USD)'), '1500');
    expect(form.queryByText(/platform/i)).toBeNull();
    expect(form.getByLabelText('Total price (USD)')).not.toHaveAttribute('aria-describedby');
  });

  it('says what to fix before sending, and focuses the first field to fix', async () => {
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    await user.click(form.getByRole('button', { name: 'Send proposal' }));
    expect(api.sendProposal).not.toHaveBeenCalled();
    expect(form.getByLabelText('Cover letter')).toHaveFocus();
    expect(form.getByLabelText('Cover letter')).toHaveAccessibleDescription(/Please write a cover letter\./);
    expect(form.getByLabelText('Total price (USD)')).toHaveAccessibleDescription(
      'Please enter the total price in US dollars, e.g. 1500 or 1500.50. The platform keeps a fee of 10 % from each released milestone.',
    );
    expect(row(1).getByLabelText('Due date')).toHaveAccessibleDescription('Please choose a due date.');
  });

  it('shows the server’s refusals by field (400 details)', async () => {
    api.sendProposal.mockRejectedValue(
      new ApiError('Please check the proposal.', 400, { message: 'Please check the proposal.', details: [{ field: 'milestones.0.dueDate', message: PROJECT_MESSAGES.dateInPast }] }),
    );
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    await user.type(form.getByLabelText('Cover letter'), 'Short and clear.');
    await user.type(form.getByLabelText('Total price (USD)'), '900');
    await user.type(row(1).getByLabelText('Title'), 'Everything');
    await user.type(row(1).getByLabelText('Amount (USD)'), '900');
    fireEvent.change(row(1).getByLabelText('Due date'), { target: { value: '2020-01-01' } });
    await user.click(form.getByRole('button', { name: 'Send proposal' }));
    const due = row(1).getByLabelText('Due date');
    await waitFor(() => expect(due).toHaveFocus());
    expect(due).toHaveAttribute('aria-invalid', 'true');
    expect(due).toHaveAccessibleDescription(PROJECT_MESSAGES.dateInPast);
  });

  it('shows a 409 in the server’s words and shows the project as it now is', async () => {
    api.sendProposal.mockRejectedValue(new ApiError(PROJECT_MESSAGES.notOpen, 409, { message: PROJECT_MESSAGES.notOpen }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const form = within(await screen.findByRole('region', { name: 'Send a proposal' }));
    await user.type(form.getByLabelText('Cover letter'), 'Short and clear.');
    await user.click(form.getByRole('radio', { name: 'Hourly rate' }));
    await user.type(form.getByLabelText('Hourly rate (USD)'), '60');
    api.get.mockResolvedValue(open({ status: 'in-progress' }));
    await user.click(form.getByRole('button', { name: 'Send proposal' }));
    const alert = screen.getByText(PROJECT_MESSAGES.notOpen);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert.parentElement).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Send a proposal' })).toBeNull());
    expect(api.get).toHaveBeenCalledTimes(2);
  });
});

describe('the expert’s own proposal', () => {
  it('can be edited with the same form, prefilled', async () => {
    api.get.mockResolvedValue(open({ viewer: { isOwner: false, proposalId: 11, declinedProposalId: null, invitationId: null } }));
    api.getProposal.mockResolvedValue(mine);
    api.updateProposal.mockImplementation(async (id, input) => ({ ...mine, id, ...input, milestones: input.milestones ?? [] }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const yours = within(await screen.findByRole('region', { name: 'Your proposal' }));
    expect(await yours.findByText('$1,500 fixed')).toBeInTheDocument();
    expect(api.getProposal).toHaveBeenCalledWith(11);
    expect(yours.getByRole('link', { name: 'Message Olivia' })).toHaveAttribute('href', '/chat?with=9');

    await user.click(yours.getByRole('button', { name: 'Edit proposal' }));
    expect(yours.getByLabelText('Cover letter')).toHaveFocus();
    expect(yours.getByLabelText('Cover letter')).toHaveValue(mine.coverLetter);
    expect(yours.getByLabelText('Total price (USD)')).toHaveValue('1500');
    expect(row(2).getByLabelText('Amount (USD)')).toHaveValue('1000');
    expect(sumLine()).toHaveTextContent('The milestones add up to the total.');
    await user.clear(yours.getByLabelText('Total price (USD)'));
    await user.type(yours.getByLabelText('Total price (USD)'), '1600');
    await user.clear(row(2).getByLabelText('Amount (USD)'));
    await user.type(row(2).getByLabelText('Amount (USD)'), '1100');
    await user.click(yours.getByRole('button', { name: 'Save changes' }));

    expect(api.updateProposal).toHaveBeenCalledWith(11, {
      coverLetter: mine.coverLetter,
      priceType: 'fixed',
      priceCents: 160000,
      duration: '1-4-weeks',
      milestones: [
        { title: 'Data cleaning', amountCents: 50000, dueDate: '2026-12-10' },
        { title: 'Analysis and report', amountCents: 110000, dueDate: '2026-12-24' },
      ],
    });
    expect(await yours.findByText('$1,600 fixed')).toBeInTheDocument();
    expect(screen.getByText('Your proposal was updated.')).toBeInTheDocument();
  });

  it('can be withdrawn after a confirmation, and then a new one sent', async () => {
    api.get.mockResolvedValue(open({ viewer: { isOwner: false, proposalId: 11, declinedProposalId: null, invitationId: null } }));
    api.getProposal.mockResolvedValue(mine);
    api.withdraw.mockResolvedValue({ ...mine, status: 'withdrawn' });
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const yours = within(await screen.findByRole('region', { name: 'Your proposal' }));
    await user.click(await yours.findByRole('button', { name: 'Withdraw' }));
    const confirm = screen.getByRole('alertdialog', { name: /^Withdraw your proposal\?/ });
    api.get.mockResolvedValue(open());
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(api.withdraw).toHaveBeenCalledWith(11);
    expect(screen.getByText('You withdrew your proposal.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Send a proposal' })).toBeInTheDocument();
  });

  it('shows the client’s reason once declined, with nothing left to change', async () => {
    api.get.mockResolvedValue(open({ viewer: { isOwner: false, proposalId: 11, declinedProposalId: null, invitationId: null } }));
    api.getProposal.mockResolvedValue({ ...mine, status: 'declined', declineReason: 'We chose someone in our time zone.' });
    renderRoute('/projects/5');
    const yours = within(await screen.findByRole('region', { name: 'Your proposal' }));
    expect(await yours.findByText('We chose someone in our time zone.')).toBeInTheDocument();
    expect(yours.getByText('Declined')).toBeInTheDocument();
    expect(yours.queryByRole('button')).toBeNull();
  });
});

describe('a declined proposal', () => {
  const declined = { ...mine, status: 'declined' as const, declineReason: 'We chose a lab closer to the cohort.' };

  it('stays on the project page with the client’s reason, and a new proposal is one button away', async () => {
    api.get.mockResolvedValue(open({ proposalCount: 1, viewer: { isOwner: false, proposalId: null, declinedProposalId: 11, invitationId: null } }));
    api.getProposal.mockResolvedValue(declined);
    api.sendProposal.mockResolvedValue(makeProposal({ id: 12, priceType: 'hourly', priceCents: 6000, milestones: [] }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const yours = within(await screen.findByRole('region', { name: 'Your proposal' }));
    expect(await yours.findByText('We chose a lab closer to the cohort.')).toBeInTheDocument();
    expect(api.getProposal).toHaveBeenCalledWith(11);
    expect(yours.getByText('Declined')).toBeInTheDocument();
    expect(yours.getByText('$1,500 fixed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Send a/ })).toBeNull();
    expect(screen.queryByLabelText('Cover letter')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send a new proposal' }));
    const form = within(screen.getByRole('region', { name: 'Send a new proposal' }));
    expect(form.getByLabelText('Cover letter')).toHaveFocus();
    // The declined proposal and its reason stay in view while the new one is written.
    expect(screen.getByText('We chose a lab closer to the cohort.')).toBeInTheDocument();
    await user.keyboard('A plan nearer to you, at an hourly rate.');
    await user.click(form.getByRole('radio', { name: 'Hourly rate' }));
    await user.type(form.getByLabelText('Hourly rate (USD)'), '60');
    await user.click(form.getByRole('button', { name: 'Send proposal' }));
    expect(api.sendProposal).toHaveBeenCalledWith(5, { coverLetter: 'A plan nearer to you, at an hourly rate.', priceType: 'hourly', priceCents: 6000, duration: '1-4-weeks' });
    expect(await screen.findByText('Your proposal was sent. You can edit or withdraw it until the client decides.')).toBeInTheDocument();
    expect(screen.queryByText('We chose a lab closer to the cohort.')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Your proposal' })).getByText('Submitted')).toBeInTheDocument();
  });

  it('offers no new proposal once the project is no longer open', async () => {
    api.get.mockResolvedValue(open({ status: 'in-progress', viewer: { isOwner: false, proposalId: null, declinedProposalId: 11, invitationId: null } }));
    api.getProposal.mockResolvedValue({ ...declined, declineReason: null });
    renderRoute('/projects/5');
    const yours = within(await screen.findByRole('region', { name: 'Your proposal' }));
    expect(await yours.findByText('The client declined this proposal.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new proposal' })).toBeNull();
    expect(screen.queryByLabelText('Cover letter')).toBeNull();
  });
});

describe('an invitation', () => {
  it('can be declined after a confirmation; the form stays on a public project', async () => {
    api.get.mockResolvedValue(open({ viewer: { isOwner: false, proposalId: null, declinedProposalId: null, invitationId: 3 } }));
    api.declineInvitation.mockResolvedValue(makeInvitation({ status: 'declined' }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    expect(await screen.findByText('Olivia invited you to send a proposal.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Send a proposal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline invitation' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Decline Olivia’s invitation? You can still send a proposal while the project is open.' });
    await user.click(within(confirm).getByRole('button', { name: 'Decline invitation' }));
    expect(api.declineInvitation).toHaveBeenCalledWith(3);
    expect(screen.queryByText('Olivia invited you to send a proposal.')).toBeNull();
    expect(screen.getByText('You declined the invitation. You can still send a proposal while the project is open.').parentElement).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Send a proposal' })).toBeInTheDocument();
  });

  it('declined on an invite-only project, leaves nothing to send', async () => {
    api.get.mockResolvedValue(open({ visibility: 'invite-only', viewer: { isOwner: false, proposalId: null, declinedProposalId: null, invitationId: 3 } }));
    api.declineInvitation.mockResolvedValue(makeInvitation({ status: 'declined' }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Decline invitation' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Decline invitation' }));
    expect(screen.getByText('You declined the invitation. This invite-only project is no longer open to you.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send a proposal' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse open projects' })).toHaveAttribute('href', '/projects');
  });
});
