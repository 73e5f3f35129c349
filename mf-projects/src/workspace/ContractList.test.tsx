import { screen, within } from '@testing-library/react';
import { authStore } from '@sciexperts/shared';
import { projectsApi } from '@sciexperts/shared/member';
import { makeContract, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

const ME = 42;

beforeEach(() => {
  jest.restoreAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: ME }), signInMethod: 'password', signedOutReason: null });
});

describe('the workspace list', () => {
  it('lists the contracts, active first, each linking to its workspace with the other party, the price and the milestones released', async () => {
    jest.spyOn(projectsApi, 'myContracts').mockResolvedValue({
      results: [
        makeContract({
          id: 3,
          status: 'completed',
          projectTitle: 'Finished study',
          expertId: ME,
          milestones: [{ id: 5, position: 1, title: 'All', amountCents: 150000, dueDate: '2026-12-10', status: 'released' }],
        }),
        makeContract({ id: 2, expertId: ME, clientId: 9, projectTitle: 'Survival analysis' }),
        makeContract({ id: 4, clientId: ME, expertId: 50, projectTitle: 'My own project', expert: { ...makeContract().expert, id: 50, firstName: 'Grace', lastName: 'Hopper' } }),
      ],
    });
    renderRoute('/profile/workspace');

    expect(screen.getByRole('heading', { level: 1, name: 'Workspace' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Contracts' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual(['Survival analysis', 'My own project', 'Finished study']);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/profile/workspace/2');
    expect(cards[0]).toHaveTextContent('Olivia Owner hired you · $1,500 fixed · 0 of 2 milestones released');
    expect(cards[1]).toHaveTextContent('You hired Grace Hopper');
    expect(cards[2]).toHaveTextContent('1 of 1 milestones released');
    expect(cards[2]).toHaveTextContent('Ended');
  });

  it('says what will appear when there is no contract, with the way to one', async () => {
    jest.spyOn(projectsApi, 'myContracts').mockResolvedValue({ results: [] });
    renderRoute('/profile/workspace');

    expect(await screen.findByText('No contracts yet. When you hire an expert or are hired, the workspace for that project opens here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Projects' })).toHaveAttribute('href', '/profile/my-projects');
    expect(screen.getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '/profile/browse-projects');
  });
});
