import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, loginModalStore } from '@sciexperts/shared';
import { projectsApi, type Project, type ProjectList, type ProjectTeaser, type ProjectTeaserList } from '@sciexperts/shared/member';
import { makeProject, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { postedSince } from './listState';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, list: jest.fn(), publicList: jest.fn() } };
});
const list = projectsApi.list as jest.MockedFunction<typeof projectsApi.list>;
const publicList = projectsApi.publicList as jest.MockedFunction<typeof projectsApi.publicList>;

const location = () => screen.getByTestId('location').textContent;
const results = () => screen.getByRole('region', { name: 'Open projects' });
const countLine = () => within(results()).getByRole('status');

function page(results: Project[], overrides: Partial<ProjectList> = {}): ProjectList {
  return { total: results.length, page: 1, pageSize: 20, results, ...overrides };
}

function teasers(results: ProjectTeaser[]): ProjectTeaserList {
  return { total: results.length, page: 1, pageSize: 20, results };
}

const teaser = (overrides: Partial<ProjectTeaser> = {}): ProjectTeaser => ({
  title: 'Survival analysis of a cohort study',
  service: 'Statistical Analysis',
  budget: { type: 'fixed', amountCents: 150000, minCents: null, maxCents: null, currency: 'USD' },
  postedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  ...overrides,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

function signIn() {
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 7 }), signInMethod: 'password', signedOutReason: null });
}

function signOut() {
  authStore.setState({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: null });
}

const twenty = Array.from({ length: 20 }, (_, i) => makeProject({ id: i + 1, title: `Project ${i + 1}` }));

beforeEach(() => {
  jest.resetAllMocks();
  loginModalStore.setState({ open: false, tab: 'login', returnTo: null, stayAfterSignUp: false });
});

describe('/projects signed out', () => {
  beforeEach(() => signOut());

  it('shows teasers without links to the projects, and one prompt to sign in', async () => {
    publicList.mockResolvedValue(teasers([teaser(), teaser({ title: 'Shelf-life study of a sauce', service: 'Food Science and Technology', budget: { type: 'hourly', amountCents: null, minCents: 4000, maxCents: 8000, currency: 'USD' } })]));
    const user = userEvent.setup();
    renderRoute('/projects');

    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a project' })).toHaveAttribute('href', '/create-project');
    expect(await screen.findByRole('heading', { level: 2, name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
    expect(countLine()).toHaveTextContent('2 open projects');
    const cards = within(results()).getAllByRole('article');
    expect(cards[0]).toHaveTextContent('Statistical Analysis');
    expect(cards[0]).toHaveTextContent('Fixed price: $1,500');
    expect(cards[0]).toHaveTextContent('Posted 3 days ago');
    expect(cards[1]).toHaveTextContent('Hourly: $40–$80/hr');
    // Titles are text: nothing on the page opens a project.
    expect(screen.queryAllByRole('link').filter((link) => /^\/projects\/\d+/.test(link.getAttribute('href') ?? ''))).toEqual([]);
    expect(publicList).toHaveBeenCalledWith({});
    expect(list).not.toHaveBeenCalled();

    expect(screen.getAllByText("Sign in to see a project's details and send a proposal.")).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'signup' });
    expect(document.title).toBe('Projects | SciExperts');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/projects');
  });

  it('turns into the member list as soon as the visitor signs in', async () => {
    publicList.mockResolvedValue(teasers([teaser()]));
    list.mockResolvedValue(page([makeProject()]));
    renderRoute('/projects?service=Statistical+Analysis');
    await screen.findByRole('heading', { level: 2, name: 'Survival analysis of a cohort study' });
    expect(publicList).toHaveBeenCalledWith({ service: 'Statistical Analysis' });
    act(() => signIn());
    expect(await screen.findByRole('link', { name: 'Survival analysis of a cohort study' })).toHaveAttribute('href', '/projects/5');
    expect(list).toHaveBeenCalledWith({ service: 'Statistical Analysis' });
    expect(screen.queryByText("Sign in to see a project's details and send a proposal.")).toBeNull();
  });
});

describe('/projects for members', () => {
  beforeEach(() => signIn());

  it('is busy with placeholders while loading, then shows cards that open each project', async () => {
    const answer = deferred<ProjectList>();
    list.mockReturnValue(answer.promise);
    renderRoute('/projects');
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(countLine()).toHaveTextContent('Loading projects…');
    await act(async () => answer.resolve(page([makeProject({ proposalCount: 3 }), makeProject({ id: 6, title: 'Clinical evaluation report for a stent', service: 'Clinical Evaluation Report', proposalCount: 1 })])));
    expect(results()).toHaveAttribute('aria-busy', 'false');
    expect(countLine()).toHaveTextContent('2 open projects');
    expect(screen.getByRole('link', { name: 'Survival analysis of a cohort study' })).toHaveAttribute('href', '/projects/5');
    expect(screen.getByRole('link', { name: 'Clinical evaluation report for a stent' })).toHaveAttribute('href', '/projects/6');
    const first = screen.getAllByRole('article')[0]!;
    expect(first).toHaveTextContent('3 proposals');
    expect(first).toHaveTextContent('Fixed price: $1,500');
    expect(first).toHaveTextContent('We need a biostatistician to analyse ten years of follow-up data');
    expect(screen.getAllByRole('article')[1]).toHaveTextContent('1 proposal');
    expect(list).toHaveBeenCalledWith({});
    expect(publicList).not.toHaveBeenCalled();
  });

  it('puts the words and every filter in the URL and asks the API for them (budgets in cents)', async () => {
    list.mockResolvedValue(page([makeProject()]));
    const user = userEvent.setup();
    renderRoute('/projects');
    await screen.findByRole('link', { name: 'Survival analysis of a cohort study' });
    expect(document.querySelector('meta[name="robots"]')).toBeNull();

    await user.type(screen.getByLabelText('Search projects'), 'cohort  study{Enter}');
    expect(location()).toBe('/projects?q=cohort+study');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ q: 'cohort study' }));
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await user.selectOptions(screen.getByLabelText('Service'), 'Statistical Analysis');
    await user.selectOptions(screen.getByLabelText('Budget type'), 'Fixed price');
    await user.type(screen.getByLabelText('From'), '500');
    await user.type(screen.getByLabelText('To'), '1,500.50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.selectOptions(screen.getByLabelText('Posted'), 'Past week');
    expect(location()).toBe('/projects?q=cohort+study&service=Statistical+Analysis&budgetType=fixed&minBudget=500&maxBudget=1500.50&posted=7');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        q: 'cohort study',
        service: 'Statistical Analysis',
        budgetType: 'fixed',
        minBudget: '50000',
        maxBudget: '150050',
        postedSince: postedSince('7', new Date()),
      }),
    );
    expect(screen.getByLabelText('Search projects')).toHaveValue('cohort study');
    expect(screen.getByLabelText('To')).toHaveValue('1500.50');
  });

  it('refuses a budget that is not money, or a reversed range, without searching', async () => {
    list.mockResolvedValue(page([makeProject()]));
    const user = userEvent.setup();
    renderRoute('/projects');
    await screen.findByRole('link', { name: 'Survival analysis of a cohort study' });
    await user.type(screen.getByLabelText('From'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter budgets in US dollars, like 500 or 1,250.50.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '900');
    await user.type(screen.getByLabelText('To'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The lowest budget must not be higher than the highest.');
    expect(location()).toBe('/projects');
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('pages with real links, 20 at a time, keeping the results while the next page loads', async () => {
    list.mockResolvedValueOnce(page(twenty, { total: 45 }));
    renderRoute('/projects?service=Data+Science');
    await screen.findByRole('link', { name: 'Project 1' });
    expect(countLine()).toHaveTextContent('45 open projects, showing 1–20');
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/projects?service=Data+Science&page=3');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();

    const next = deferred<ProjectList>();
    list.mockReturnValueOnce(next.promise);
    fireEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/projects?service=Data+Science&page=2');
    expect(results()).toHaveFocus();
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Project 1' })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ service: 'Data Science', page: '2' });
    await act(async () => next.resolve(page([makeProject({ id: 21, title: 'Project 21' })], { total: 45, page: 2 })));
    expect(countLine()).toHaveTextContent('45 open projects, showing 21–21');
    expect(screen.getByRole('link', { name: 'Project 21' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Result pages' })).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/projects?service=Data+Science');
  });

  it('says when nothing matches and clears the filters with one button', async () => {
    list.mockResolvedValueOnce(page([])).mockResolvedValue(page([makeProject()]));
    const user = userEvent.setup();
    renderRoute('/projects?q=unicorn&budgetType=hourly&posted=1');
    await waitFor(() => expect(countLine()).toHaveTextContent('No open projects match these filters.'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/projects');
    expect(await screen.findByRole('link', { name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('Search projects')).toHaveValue('');
    expect(results()).toHaveFocus();
  });

  it("shows the server's message with 'Try again'", async () => {
    list.mockRejectedValueOnce(new ApiError('Could not load the projects. Please try again.', 0, null)).mockResolvedValue(page([makeProject()]));
    const user = userEvent.setup();
    renderRoute('/projects');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the projects. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
