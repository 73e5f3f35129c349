import { screen, within } from '@testing-library/react';
import { authStore } from '@sciexperts/shared';
import { callsApi, projectsApi, type Project } from '@sciexperts/shared/member';
import { makeContract, makeProject, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, mine: jest.fn(), myContracts: jest.fn() }, callsApi: { ...actual.callsApi, next: jest.fn() } };
});
const mine = projectsApi.mine as jest.MockedFunction<typeof projectsApi.mine>;
const myContracts = projectsApi.myContracts as jest.MockedFunction<typeof projectsApi.myContracts>;

const ME = 9;
const projects = (results: Project[]) => ({ total: results.length, page: 1, pageSize: results.length, results });
const section = (name: RegExp) => screen.getByRole('region', { name });

beforeEach(() => {
  jest.resetAllMocks();
  (callsApi.next as jest.MockedFunction<typeof callsApi.next>).mockResolvedValue({ call: null });
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: ME, firstName: 'Olivia', lastName: 'Owner' }), signInMethod: 'password', signedOutReason: null });
});

describe('the project owner dashboard', () => {
  it('shows open projects (new proposals first), active contracts as client and drafts, and asks to post a project', async () => {
    mine.mockResolvedValue(
      projects([
        makeProject({ id: 1, title: 'Quiet project', status: 'open', proposalCount: 1 }),
        makeProject({ id: 2, title: 'Busy project', status: 'open', proposalCount: 4, newProposalCount: 3 }),
        makeProject({ id: 3, title: 'First draft', status: 'draft' }),
        makeProject({ id: 4, title: 'Second draft', status: 'draft' }),
        makeProject({ id: 5, title: 'Running', status: 'in-progress' }),
      ]),
    );
    myContracts.mockResolvedValue({
      results: [makeContract({ id: 1, clientId: ME, projectId: 5, projectTitle: 'Running' }), makeContract({ id: 2, clientId: 77, expertId: ME, projectTitle: 'Working for someone' })],
    });
    renderRoute('/profile/project-owner-dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Project Owner Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a project' })[0]).toHaveAttribute('href', '/create-project');

    const open = await screen.findByRole('region', { name: 'Open projects 2' });
    const rows = within(open).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual(['Busy project', 'Quiet project']);
    expect(rows[0]).toHaveTextContent('3 new proposals');
    expect(rows[1]).not.toHaveTextContent('new proposal');
    expect(within(open).getByRole('link', { name: 'Busy project' })).toHaveAttribute('href', '/projects/2');
    expect(within(open).getByRole('link', { name: 'All my projects' })).toHaveAttribute('href', '/profile/my-projects');

    const contracts = await screen.findByRole('region', { name: 'Active contracts 1' });
    expect(within(contracts).getByRole('link', { name: 'Running' }).closest('li')).toHaveTextContent('Expert: Ada Lovelace · $1,500 fixed · 2 milestones');
    expect(within(contracts).queryByText('Working for someone')).toBeNull();

    const drafts = section(/^Drafts/);
    expect(drafts).toHaveAccessibleName('Drafts 2');
    expect(within(drafts).getByRole('link', { name: 'First draft' })).toHaveAttribute('href', '/create-project?draft=3');
    expect(within(drafts).getByRole('link', { name: 'Second draft' })).toHaveAttribute('href', '/create-project?draft=4');
  });

  it('has an empty state in every section', async () => {
    mine.mockResolvedValue(projects([makeProject({ status: 'completed' })]));
    myContracts.mockResolvedValue({ results: [] });
    renderRoute('/profile/project-owner-dashboard');
    expect(await screen.findByText('You have no open projects. Publish one to start receiving proposals.')).toBeInTheDocument();
    expect(await screen.findByText("No active contracts. Hire an expert from a project's proposals to start one.")).toBeInTheDocument();
    expect(screen.getByText(/^No drafts\./)).toBeInTheDocument();
    expect(section(/^Open projects/)).toHaveAccessibleName('Open projects 0');
    expect(screen.getByRole('link', { name: 'Post a project' })).toHaveAttribute('href', '/create-project');
  });
  it('shows the next call: with whom and when, and the way to all calls', async () => {
    mine.mockResolvedValue(projects([]));
    myContracts.mockResolvedValue({ results: [] });
    (callsApi.next as jest.MockedFunction<typeof callsApi.next>).mockResolvedValue({
      call: {
        id: 5, state: 'booked', role: 'client', expert: { id: 7, firstName: 'Ada', lastName: 'Lovelace' }, client: { id: ME, firstName: 'Olivia', lastName: 'Owner' },
        startsAt: '2026-03-02T14:00:00.000Z', lengthMinutes: 30, expertTimeZone: 'UTC', clientTimeZone: null, agenda: '', proposedTimes: [], reschedule: null, meetingUrl: 'https://meet.jit.si/x',
        cancelReason: null, cancelledByMe: null, noShowMarkedByMe: null, sequence: 0, past: false,
      },
    });
    renderRoute('/profile/project-owner-dashboard');
    const next = section(/^Next call/);
    expect(await within(next).findByText(/^30-minute call with Ada Lovelace, /)).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Scheduled Calls' })).toHaveAttribute('href', '/profile/calls');
  });
});
