import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi, type Invitation, type Project } from '@sciexperts/shared/member';
import { makeInvitation, makeMemberSummary, makeProject, makeProposal, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return {
    ...actual,
    projectsApi: { ...actual.projectsApi, myProposals: jest.fn(), myInvitations: jest.fn(), declineInvitation: jest.fn(), mine: jest.fn(), proposals: jest.fn() },
  };
});
const myProposals = projectsApi.myProposals as jest.MockedFunction<typeof projectsApi.myProposals>;
const myInvitations = projectsApi.myInvitations as jest.MockedFunction<typeof projectsApi.myInvitations>;
const declineInvitation = projectsApi.declineInvitation as jest.MockedFunction<typeof projectsApi.declineInvitation>;
const mine = projectsApi.mine as jest.MockedFunction<typeof projectsApi.mine>;
const proposals = projectsApi.proposals as jest.MockedFunction<typeof projectsApi.proposals>;

const location = () => screen.getByTestId('location').textContent;
const projectList = (results: Project[]) => ({ total: results.length, page: 1, pageSize: results.length, results });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 42 }), signInMethod: 'password', signedOutReason: null });
});

describe('Proposals', () => {
  it('opens on Sent: the proposals by status, each with its project, price, status and day', async () => {
    myProposals.mockResolvedValue({
      results: [
        makeProposal({ id: 1, status: 'declined', project: { id: 8, title: 'Meta-analysis of trials', status: 'open' } }),
        makeProposal({ id: 2, status: 'submitted' }),
        makeProposal({ id: 3, status: 'shortlisted', priceType: 'hourly', priceCents: 7500, milestones: [], project: { id: 9, title: 'Grant editing', status: 'open' } }),
      ],
    });
    renderRoute('/profile/proposals');
    expect(screen.getByRole('heading', { level: 1, name: 'Proposals' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Sent' })).toBeInTheDocument();
    const sent = await screen.findByRole('link', { name: 'Survival analysis of a cohort study' });
    expect(sent).toHaveAttribute('href', '/projects/5');
    expect(sent.closest('li')).toHaveTextContent('$1,500 fixed · Sent Nov 21, 2026');
    expect(sent.closest('li')).toHaveTextContent('Submitted');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Submitted 1', 'Shortlisted 1', 'Declined 1']);
    expect(screen.getByRole('link', { name: 'Grant editing' }).closest('li')).toHaveTextContent('$75/hr');
    expect(myInvitations).not.toHaveBeenCalled();
  });

  it('says why a declined proposal was declined, in the client’s words, on its row', async () => {
    myProposals.mockResolvedValue({
      results: [
        makeProposal({ id: 1, status: 'declined', declineReason: 'We chose a lab closer to the cohort.', project: { id: 8, title: 'Meta-analysis of trials', status: 'open' } }),
        makeProposal({ id: 4, status: 'declined', declineReason: null, project: { id: 10, title: 'Dose-finding study', status: 'in-progress' } }),
      ],
    });
    renderRoute('/profile/proposals');
    const row = (await screen.findByRole('link', { name: 'Meta-analysis of trials' })).closest('li')!;
    expect(row).toHaveTextContent('Declined');
    expect(within(row).getByText('We chose a lab closer to the cohort.')).toBeInTheDocument();
    expect(row).toHaveTextContent('The client’s reason: We chose a lab closer to the cohort.');
    // Declined without a reason (or because another expert was hired): the row says no more than the status.
    expect(screen.getByRole('link', { name: 'Dose-finding study' }).closest('li')).not.toHaveTextContent('reason');
  });

  it('says when nothing was sent yet', async () => {
    myProposals.mockResolvedValue({ results: [] });
    renderRoute('/profile/proposals');
    expect(await screen.findByText('You have not sent a proposal yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse open projects' })).toHaveAttribute('href', '/profile/browse-projects');
  });

  it('keeps the tab in the URL and moves between tabs with the arrow keys', async () => {
    myProposals.mockResolvedValue({ results: [] });
    myInvitations.mockResolvedValue({ results: [] });
    mine.mockResolvedValue(projectList([]));
    const user = userEvent.setup();
    renderRoute('/profile/proposals');
    await user.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(location()).toBe('/profile/proposals?tab=invitations');
    expect(screen.getByRole('tab', { name: 'Invitations' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/No invitations yet/)).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Received' })).toHaveFocus();
    expect(location()).toBe('/profile/proposals?tab=received');
    expect(await screen.findByText(/None of your projects is open or in progress/)).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(location()).toBe('/profile/proposals');
  });

  it('lists invitations: who invited and when, send a proposal, decline; declined ones say so', async () => {
    myInvitations.mockResolvedValue({
      results: [
        makeInvitation({ id: 3, createdAt: daysAgo(2) }),
        makeInvitation({ id: 4, status: 'declined', project: { id: 6, title: 'Old invitation', status: 'open', ownerFirstName: 'Bob' } }),
      ],
    });
    let answer!: (invitation: Invitation) => void;
    declineInvitation.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoute('/profile/proposals?tab=invitations');
    const title = await screen.findByRole('link', { name: 'Survival analysis of a cohort study' });
    const row = title.closest('li')!;
    expect(row).toHaveTextContent('Olivia invited you 2 days ago');
    expect(within(row).getByRole('link', { name: 'Send a proposal' })).toHaveAttribute('href', '/projects/5');
    const declined = screen.getByText('Old invitation').closest('li')!;
    expect(declined).toHaveTextContent('You declined');
    expect(within(declined).queryByRole('button')).toBeNull();
    expect(within(declined).queryByRole('link')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Decline' }));
    expect(declineInvitation).toHaveBeenCalledWith(3);
    expect(within(row).getByRole('button', { name: 'Declining…' })).toBeDisabled();
    await act(async () => answer(makeInvitation({ id: 3, status: 'declined', createdAt: daysAgo(2) })));
    const state = within(row).getByText('You declined');
    expect(state).toHaveFocus();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).queryByRole('link', { name: 'Send a proposal' })).toBeNull();
  });

  it("shows the server's refusal next to the invitation and keeps Decline", async () => {
    myInvitations.mockResolvedValue({ results: [makeInvitation()] });
    declineInvitation.mockRejectedValue(new ApiError(PROJECT_MESSAGES.invitationDeclined, 409, { message: PROJECT_MESSAGES.invitationDeclined }));
    const user = userEvent.setup();
    renderRoute('/profile/proposals?tab=invitations');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROJECT_MESSAGES.invitationDeclined);
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it("shows the proposals received on the owner's open and in-progress projects, project by project", async () => {
    authStore.setState({ user: makeUser({ id: 9, firstName: 'Olivia' }) });
    mine.mockResolvedValue(
      projectList([
        makeProject({ id: 5, status: 'open', proposalCount: 2 }),
        makeProject({ id: 6, title: 'Draft only', status: 'draft' }),
        makeProject({ id: 7, title: 'Report in progress', status: 'in-progress' }),
        makeProject({ id: 8, title: 'Done already', status: 'completed' }),
      ]),
    );
    proposals.mockImplementation(async (id) =>
      id === 5
        ? {
            results: [
              makeProposal({ id: 1 }),
              makeProposal({ id: 2, status: 'shortlisted', priceType: 'hourly', priceCents: 9000, expert: makeMemberSummary({ id: 43, firstName: 'Grace', lastName: 'Hopper', headline: '' }) }),
              makeProposal({ id: 3, status: 'withdrawn', expert: makeMemberSummary({ id: 44, firstName: 'Gone', lastName: 'Away' }) }),
            ],
          }
        : { results: [] },
    );
    renderRoute('/profile/proposals?tab=received');
    const open = await screen.findByRole('region', { name: 'Survival analysis of a cohort study' });
    expect(within(open).getByRole('link', { name: 'Compare on the project page' })).toHaveAttribute('href', '/projects/5');
    const ada = await within(open).findByRole('link', { name: 'Ada Lovelace' });
    expect(ada).toHaveAttribute('href', '/experts/42-ada-lovelace');
    expect(ada.closest('li')).toHaveTextContent('$1,500 fixed');
    expect(ada.closest('li')).toHaveTextContent('Submitted');
    expect(within(open).getByText('Grace Hopper').closest('li')).toHaveTextContent('$90/hr');
    expect(within(open).getByText('Grace Hopper').closest('li')).toHaveTextContent('Shortlisted');
    expect(within(open).queryByText('Gone Away')).toBeNull();
    const inProgress = screen.getByRole('region', { name: 'Report in progress' });
    expect(await within(inProgress).findByText('No proposals yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Draft only' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Done already' })).toBeNull();
    expect(proposals.mock.calls.map(([id]) => id).sort()).toEqual([5, 7]);
  });
});
