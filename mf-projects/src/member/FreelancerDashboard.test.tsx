import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, reviewsApi, type User } from '@sciexperts/shared';
import { callsApi, projectsApi, type Project } from '@sciexperts/shared/member';
import { makeContract, makeInvitation, makeProject, makeProposal, makePublicReview, makeReviewPage, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, myInvitations: jest.fn(), myProposals: jest.fn(), myContracts: jest.fn(), list: jest.fn() }, callsApi: { ...actual.callsApi, next: jest.fn() } };
});
jest.mock('@sciexperts/shared', () => {
  const actual = jest.requireActual('@sciexperts/shared');
  return { ...actual, reviewsApi: { ...actual.reviewsApi, ofExpert: jest.fn() } };
});
const myInvitations = projectsApi.myInvitations as jest.MockedFunction<typeof projectsApi.myInvitations>;
const myProposals = projectsApi.myProposals as jest.MockedFunction<typeof projectsApi.myProposals>;
const myContracts = projectsApi.myContracts as jest.MockedFunction<typeof projectsApi.myContracts>;
const list = projectsApi.list as jest.MockedFunction<typeof projectsApi.list>;
const ofExpert = reviewsApi.ofExpert as jest.MockedFunction<typeof reviewsApi.ofExpert>;

const ME = 42;
const services: User['offeredServices'] = [{ id: 1, createdAt: '2026-01-01T00:00:00.000Z', service: { id: 3, name: 'Statistical Analysis' }, practiceAreas: [] }];
const section = (name: RegExp) => screen.getByRole('region', { name });
const projectPage = (results: Project[], total = results.length) => ({ total, page: 1, pageSize: 20, results });

function signInAs(user: User) {
  authStore.setState({ status: 'ready', token: 't', user, signInMethod: 'password', signedOutReason: null });
}

function emptyAnswers() {
  myInvitations.mockResolvedValue({ results: [] });
  myProposals.mockResolvedValue({ results: [] });
  myContracts.mockResolvedValue({ results: [] });
  list.mockResolvedValue(projectPage([]));
}

beforeEach(() => {
  jest.resetAllMocks();
  ofExpert.mockResolvedValue(makeReviewPage([]));
  (callsApi.next as jest.MockedFunction<typeof callsApi.next>).mockResolvedValue({ call: null });
});

describe('the freelancer dashboard', () => {
  it('shows invitations to answer, live proposals, active contracts and matching projects, each with its count and link', async () => {
    signInAs(makeUser({ id: ME, offeredServices: services }));
    myInvitations.mockResolvedValue({
      results: [
        ...Array.from({ length: 6 }, (_, i) => makeInvitation({ id: i + 1, project: { id: i + 1, title: `Invited ${i + 1}`, status: 'open', ownerFirstName: 'Olivia' } })),
        makeInvitation({ id: 7, status: 'declined', project: { id: 7, title: 'Declined one', status: 'open', ownerFirstName: 'Bob' } }),
        makeInvitation({ id: 8, project: { id: 8, title: 'Hired someone else', status: 'in-progress', ownerFirstName: 'Bob' } }),
      ],
    });
    myProposals.mockResolvedValue({
      results: [
        makeProposal({ id: 1, status: 'submitted', project: { id: 20, title: 'Submitted one', status: 'open' } }),
        makeProposal({ id: 2, status: 'shortlisted', project: { id: 21, title: 'Shortlisted one', status: 'open' } }),
        makeProposal({ id: 3, status: 'declined', project: { id: 22, title: 'Declined proposal', status: 'open' } }),
      ],
    });
    myContracts.mockResolvedValue({
      results: [
        makeContract({ id: 1, expertId: ME, clientId: 9, projectId: 30, projectTitle: 'Working on this' }),
        makeContract({ id: 2, expertId: 50, clientId: ME, projectId: 31, projectTitle: 'Hired as a client' }),
      ],
    });
    list.mockResolvedValue(projectPage(Array.from({ length: 7 }, (_, i) => makeProject({ id: 100 + i, title: `Matching ${i + 1}` })), 12));
    renderRoute('/profile/freelancer-dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Freelancer Dashboard' })).toBeInTheDocument();
    const invitations = await screen.findByRole('region', { name: 'Invitations 6' });
    expect(within(invitations).getAllByRole('listitem')).toHaveLength(5);
    expect(within(invitations).getByRole('link', { name: 'Invited 1' })).toHaveAttribute('href', '/projects/1');
    expect(within(invitations).queryByText('Declined one')).toBeNull();
    expect(within(invitations).queryByText('Hired someone else')).toBeNull();
    expect(within(invitations).getByRole('link', { name: 'All invitations' })).toHaveAttribute('href', '/profile/proposals?tab=invitations');

    const live = section(/^Live proposals/);
    expect(live).toHaveAccessibleName('Live proposals 2');
    expect(within(live).getByRole('link', { name: 'Submitted one' })).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'Shortlisted one' })).toBeInTheDocument();
    expect(within(live).queryByText('Declined proposal')).toBeNull();
    expect(within(live).getByRole('link', { name: 'All proposals' })).toHaveAttribute('href', '/profile/proposals');

    const contracts = section(/^Active contracts/);
    expect(contracts).toHaveAccessibleName('Active contracts 1');
    expect(within(contracts).getByRole('link', { name: 'Working on this' }).closest('li')).toHaveTextContent('Client: Olivia Owner');
    expect(within(contracts).queryByText('Hired as a client')).toBeNull();
    expect(within(contracts).getByRole('link', { name: 'My Projects' })).toHaveAttribute('href', '/profile/my-projects');

    const matching = section(/^New projects matching your services/);
    expect(matching).toHaveAccessibleName('New projects matching your services 12');
    expect(within(matching).getAllByRole('listitem')).toHaveLength(5);
    expect(within(matching).getByRole('link', { name: 'Matching 1' })).toHaveAttribute('href', '/projects/100');
    expect(within(matching).getByRole('link', { name: 'Browse projects' })).toHaveAttribute('href', '/profile/browse-projects');
    expect(list).toHaveBeenCalledWith({ matching: 'mine' });
  });

  it('has an empty state in every section, and points a member without services to their profile', async () => {
    signInAs(makeUser({ id: ME, offeredServices: [] }));
    emptyAnswers();
    renderRoute('/profile/freelancer-dashboard');
    expect(await screen.findByText(/No invitations to answer/)).toBeInTheDocument();
    expect(await screen.findByText('No proposals waiting for a decision.')).toBeInTheDocument();
    expect(await screen.findByText(/No active contracts/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add your services' })).toHaveAttribute('href', '/profile');
    expect(section(/^Invitations/)).toHaveAccessibleName('Invitations 0');
    expect(list).not.toHaveBeenCalled();
  });

  it('says when no open project matches the services', async () => {
    signInAs(makeUser({ id: ME, offeredServices: services }));
    emptyAnswers();
    renderRoute('/profile/freelancer-dashboard');
    expect(await screen.findByText('No open projects match your services right now.')).toBeInTheDocument();
  });

  it('shows the expert’s rating and the newest review, or says there is none yet', async () => {
    signInAs(makeUser({ id: ME, firstName: 'Ada', lastName: 'Lovelace', offeredServices: services }));
    emptyAnswers();
    ofExpert.mockResolvedValue(makeReviewPage([makePublicReview({ rating: 5, text: 'Clear analysis plan, delivered early.' }), makePublicReview({ id: 2, rating: 4 })]));
    const { unmount } = renderRoute('/profile/freelancer-dashboard');
    const rating = section(/^Your rating/);
    expect(await within(rating).findByText('Rated 4.5 out of 5 from 2 reviews')).toBeInTheDocument();
    expect(rating).toHaveTextContent('★ 4.5 (2 reviews)');
    expect(rating).toHaveTextContent('Newest, from Olivia: “Clear analysis plan, delivered early.”');
    expect(within(rating).getByRole('link', { name: 'All your reviews' })).toHaveAttribute('href', `/experts/${ME}-ada-lovelace#reviews`);
    expect(ofExpert).toHaveBeenCalledWith(ME);
    unmount();

    ofExpert.mockReset().mockRejectedValue(new ApiError('This profile is not available.', 404, null));
    renderRoute('/profile/freelancer-dashboard');
    expect(await within(section(/^Your rating/)).findByText(/^No reviews yet\./)).toBeInTheDocument();
  });

  it('keeps the other sections when one cannot be loaded, and retries that one', async () => {
    signInAs(makeUser({ id: ME, offeredServices: services }));
    emptyAnswers();
    myInvitations.mockReset().mockRejectedValueOnce(new ApiError('Could not load the invitations. Please try again.', 0, null)).mockResolvedValue({ results: [makeInvitation()] });
    const user = userEvent.setup();
    renderRoute('/profile/freelancer-dashboard');
    const invitations = section(/^Invitations/);
    expect(await within(invitations).findByRole('alert')).toHaveTextContent('Could not load the invitations. Please try again.');
    expect(await screen.findByText('No proposals waiting for a decision.')).toBeInTheDocument();
    await user.click(within(invitations).getByRole('button', { name: 'Try again' }));
    expect(await within(invitations).findByRole('link', { name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
  });
});
