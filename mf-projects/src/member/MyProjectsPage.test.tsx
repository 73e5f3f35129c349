import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { projectsApi, type Contract, type Project, type ProjectList } from '@sciexperts/shared/member';
import { makeContract, makeMemberSummary, makeProject, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, mine: jest.fn(), myContracts: jest.fn() } };
});
const mine = projectsApi.mine as jest.MockedFunction<typeof projectsApi.mine>;
const myContracts = projectsApi.myContracts as jest.MockedFunction<typeof projectsApi.myContracts>;

const ME = 7;
const owned = (overrides: Partial<Project>) => makeProject({ ownerId: ME, viewer: { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null }, ...overrides });
const projects = (results: Project[]): ProjectList => ({ total: results.length, page: 1, pageSize: results.length, results });
const contracts = (results: Contract[]) => ({ results });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: ME, firstName: 'Olivia', lastName: 'Owner' }), signInMethod: 'password', signedOutReason: null });
});

describe('My Projects', () => {
  it('groups the projects by status, drafts first, with the new proposals of open ones', async () => {
    mine.mockResolvedValue(
      projects([
        owned({ id: 4, title: 'Cancelled study', status: 'cancelled' }),
        owned({ id: 2, title: 'Cohort analysis', status: 'open', proposalCount: 3, newProposalCount: 2 }),
        owned({ id: 1, title: 'Unfinished brief', status: 'draft', publishedAt: null }),
        owned({ id: 3, title: 'Report in progress', status: 'in-progress', proposalCount: 4 }),
        owned({ id: 5, title: 'Quiet project', status: 'open', proposalCount: 1, newProposalCount: 0 }),
      ]),
    );
    myContracts.mockResolvedValue(contracts([]));
    renderRoute('/profile/my-projects');

    expect(screen.getByRole('heading', { level: 1, name: 'My Projects' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a project' })).toHaveAttribute('href', '/create-project');
    expect(await screen.findByRole('link', { name: 'Unfinished brief' })).toHaveAttribute('href', '/create-project?draft=1');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Drafts 1', 'Open 2', 'In progress 1', 'Cancelled 1', 'Contracts']);

    const open = screen.getByRole('region', { name: 'Open 2' });
    expect(within(open).getByRole('link', { name: 'Cohort analysis' })).toHaveAttribute('href', '/projects/2');
    expect(rowOf('Cohort analysis')).toHaveTextContent('2 new proposals');
    expect(rowOf('Cohort analysis')).toHaveTextContent('Fixed price: $1,500');
    expect(rowOf('Cohort analysis')).toHaveTextContent('3 proposals');
    expect(rowOf('Quiet project')).not.toHaveTextContent('new proposal');
    expect(screen.getByRole('link', { name: 'Report in progress' })).toHaveAttribute('href', '/projects/3');
    expect(screen.getByRole('link', { name: 'Cancelled study' })).toHaveAttribute('href', '/projects/4');
    expect(screen.getByText(/No contracts yet/)).toBeInTheDocument();
  });

  it('lists contracts as client and as expert, each with the other party, price and milestones', async () => {
    mine.mockResolvedValue(projects([owned({ status: 'in-progress' })]));
    myContracts.mockResolvedValue(
      contracts([
        makeContract({ id: 1, projectId: 5, clientId: ME, expertId: 42, projectTitle: 'Survival analysis of a cohort study' }),
        makeContract({
          id: 2,
          projectId: 8,
          clientId: 9,
          expertId: ME,
          priceType: 'hourly',
          priceCents: 6000,
          milestones: [],
          projectTitle: 'Editing a grant proposal',
          client: makeMemberSummary({ id: 9, firstName: 'Carl', lastName: 'Client', headline: '' }),
        }),
      ]),
    );
    renderRoute('/profile/my-projects');
    const asClient = await screen.findByRole('region', { name: 'As client 1' });
    expect(within(asClient).getByRole('heading', { level: 3 })).toBeInTheDocument();
    const hired = within(asClient).getByRole('link', { name: 'Survival analysis of a cohort study' });
    expect(hired).toHaveAttribute('href', '/projects/5');
    expect(hired.closest('li')).toHaveTextContent('Expert: Ada Lovelace · $1,500 fixed · 2 milestones');
    const asExpert = screen.getByRole('region', { name: 'As expert 1' });
    expect(within(asExpert).getByRole('link', { name: 'Editing a grant proposal' }).closest('li')).toHaveTextContent('Client: Carl Client · $60/hr');
  });

  it('has an empty state that leads to posting a project', async () => {
    mine.mockResolvedValue(projects([]));
    myContracts.mockResolvedValue(contracts([]));
    renderRoute('/profile/my-projects');
    expect(await screen.findByText('You have not posted a project yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post your first project' })).toHaveAttribute('href', '/create-project');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Contracts']);
  });

  it("shows the server's message with 'Try again' when the projects cannot be loaded", async () => {
    mine.mockRejectedValueOnce(new ApiError('Could not load the projects. Please try again.', 0, null)).mockResolvedValue(projects([owned({ title: 'Back again' })]));
    myContracts.mockResolvedValue(contracts([]));
    const user = userEvent.setup();
    renderRoute('/profile/my-projects');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the projects. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});
