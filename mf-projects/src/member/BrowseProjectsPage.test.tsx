import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, type User } from '@sciexperts/shared';
import { projectsApi, type Project, type ProjectList } from '@sciexperts/shared/member';
import { makeProject, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, list: jest.fn(), publicList: jest.fn() } };
});
const list = projectsApi.list as jest.MockedFunction<typeof projectsApi.list>;

const location = () => screen.getByTestId('location').textContent;
const page = (results: Project[]): ProjectList => ({ total: results.length, page: 1, pageSize: 20, results });
const statistician: User['offeredServices'] = [{ id: 1, createdAt: '2026-01-01T00:00:00.000Z', service: { id: 3, name: 'Statistical Analysis' }, practiceAreas: [] }];

function signInAs(user: User) {
  authStore.setState({ status: 'ready', token: 't', user, signInMethod: 'password', signedOutReason: null });
}

beforeEach(() => jest.resetAllMocks());

describe('Browse Projects', () => {
  it("is the member list with 'Matching my services' on for an expert; turning it off is remembered in the URL", async () => {
    signInAs(makeUser({ offeredServices: statistician }));
    list.mockResolvedValue(page([makeProject()]));
    const user = userEvent.setup();
    renderRoute('/profile/browse-projects');
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Projects' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Survival analysis of a cohort study' })).toHaveAttribute('href', '/projects/5');
    expect(list).toHaveBeenCalledWith({ matching: 'mine' });
    const matching = screen.getByRole('checkbox', { name: 'Matching my services' });
    expect(matching).toBeChecked();
    expect(screen.queryByText("Sign in to see a project's details and send a proposal.")).toBeNull();

    await user.click(matching);
    expect(location()).toBe('/profile/browse-projects?matching=0');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({}));
    expect(screen.getByRole('checkbox', { name: 'Matching my services' })).not.toBeChecked();

    await user.selectOptions(screen.getByLabelText('Service'), 'Data Science');
    expect(location()).toBe('/profile/browse-projects?service=Data+Science&matching=0');
    await user.click(screen.getByRole('checkbox', { name: 'Matching my services' }));
    expect(location()).toBe('/profile/browse-projects?service=Data+Science');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ service: 'Data Science', matching: 'mine' }));
  });

  it('keeps matching off when the URL says so', async () => {
    signInAs(makeUser({ offeredServices: statistician }));
    list.mockResolvedValue(page([makeProject()]));
    renderRoute('/profile/browse-projects?matching=0');
    await screen.findByRole('link', { name: 'Survival analysis of a cohort study' });
    expect(list).toHaveBeenCalledWith({});
    expect(screen.getByRole('checkbox', { name: 'Matching my services' })).not.toBeChecked();
  });

  it('starts with matching off for a member who offers no services, who may turn it on', async () => {
    signInAs(makeUser({ offeredServices: [] }));
    list.mockResolvedValue(page([makeProject()]));
    const user = userEvent.setup();
    renderRoute('/profile/browse-projects');
    await screen.findByRole('link', { name: 'Survival analysis of a cohort study' });
    expect(list).toHaveBeenCalledWith({});
    expect(screen.getByRole('checkbox', { name: 'Matching my services' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Matching my services' }));
    expect(location()).toBe('/profile/browse-projects?matching=1');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ matching: 'mine' }));
  });

  it('offers every service when nothing matches the expert’s', async () => {
    signInAs(makeUser({ offeredServices: statistician }));
    list.mockResolvedValueOnce(page([])).mockResolvedValue(page([makeProject({ title: 'Another field' })]));
    const user = userEvent.setup();
    renderRoute('/profile/browse-projects');
    const results = screen.getByRole('region', { name: 'Open projects' });
    await waitFor(() => expect(within(results).getByRole('status')).toHaveTextContent('No open projects match your services right now.'));
    await user.click(screen.getByRole('button', { name: 'Show projects for every service' }));
    expect(location()).toBe('/profile/browse-projects?matching=0');
    expect(await screen.findByRole('link', { name: 'Another field' })).toBeInTheDocument();
  });
});
