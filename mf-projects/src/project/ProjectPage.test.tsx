import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, loginModalStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi } from '@sciexperts/shared/member';
import { makeProject, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, get: jest.fn(), proposals: jest.fn(), downloadAttachment: jest.fn() } };
});
const get = projectsApi.get as jest.MockedFunction<typeof projectsApi.get>;
const downloadAttachment = projectsApi.downloadAttachment as jest.MockedFunction<typeof projectsApi.downloadAttachment>;

function signIn() {
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 42, firstName: 'Ada', lastName: 'Lovelace' }), signInMethod: 'password', signedOutReason: null });
}

function signOut() {
  authStore.setState({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: null });
}

// An expert who has not proposed, on a project that is not open: the page shows the details and nothing to send.
const inProgress = (overrides: Parameters<typeof makeProject>[0] = {}) => makeProject({ status: 'in-progress', ...overrides });

beforeEach(() => {
  jest.resetAllMocks();
  signIn();
});

describe('the project page', () => {
  it('asks a signed-out visitor to sign in, and loads the project once they have', async () => {
    signOut();
    get.mockResolvedValue(inProgress());
    const user = userEvent.setup();
    renderRoute('/projects/5');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to see this project' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'signup' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });

    act(() => signIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(5);
  });

  it('is busy while the project loads', async () => {
    let answer!: (project: ReturnType<typeof makeProject>) => void;
    get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderRoute('/projects/5');
    expect(screen.getByRole('heading', { level: 1, name: 'Loading the project…' }).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer(inProgress()));
    expect(screen.getByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
  });

  it('says a project it may not see is not available (404), with a way to open projects', async () => {
    get.mockRejectedValue(new ApiError(PROJECT_MESSAGES.notFound, 404, { message: PROJECT_MESSAGES.notFound }));
    renderRoute('/projects/77');
    expect(await screen.findByRole('heading', { level: 1, name: PROJECT_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse open projects' })).toHaveAttribute('href', '/projects');
    expect(get).toHaveBeenCalledWith(77);
  });

  it('says the same of an id that cannot be one, without asking the server', () => {
    renderRoute('/projects/abc');
    expect(screen.getByRole('heading', { level: 1, name: PROJECT_MESSAGES.notFound })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('shows any other failure with the reason and Try again', async () => {
    get.mockRejectedValueOnce(new ApiError('Could not load the projects. Please try again.', 0, null)).mockResolvedValue(inProgress());
    const user = userEvent.setup();
    renderRoute('/projects/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the projects. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' })).toBeInTheDocument();
  });

  it('shows the project in full: terms, client, age, proposals, the description with its line breaks', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), doNotFake: ['queueMicrotask', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    get.mockResolvedValue(
      inProgress({
        description: 'We need a biostatistician.\n\nFirst, clean the data.\nThen fit survival models.',
        practiceAreas: ['Biostatistics', 'Epidemiology'],
        proposalCount: 3,
        deadline: '2027-01-31',
        duration: null,
      }),
    );
    renderRoute('/projects/5');
    await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' });
    jest.useRealTimers();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.getByText('Statistical Analysis · Biostatistics, Epidemiology')).toBeInTheDocument();
    expect(screen.getByText('Posted 3 days ago · 3 proposals')).toBeInTheDocument();
    expect(screen.getByText('Fixed price: $1,500')).toBeInTheDocument();
    expect(screen.getByText('Jan 31, 2027')).toBeInTheDocument();
    expect(screen.getByText('Olivia · United States')).toBeInTheDocument();
    const description = screen.getByRole('heading', { level: 2, name: 'Description' }).nextElementSibling as HTMLElement;
    expect(description.textContent).toBe('We need a biostatistician.\n\nFirst, clean the data.\nThen fit survival models.');
    expect(description).toHaveClass('description');
    expect(screen.getByText(PROJECT_MESSAGES.notOpen)).toBeInTheDocument();
    expect(document.title).toBe('Survival analysis of a cohort study | SciExperts');
  });

  it('downloads an attachment through the API and saves it under its name; a failure is said by the file', async () => {
    get.mockResolvedValue(
      inProgress({
        attachments: [
          { id: 8, name: 'cohort-summary.pdf', contentType: 'application/pdf', size: 250_000, createdAt: '2026-11-20T10:00:00.000Z' },
          { id: 9, name: 'data-dictionary.xlsx', contentType: 'application/vnd.ms-excel', size: 1_572_864, createdAt: '2026-11-20T10:00:00.000Z' },
        ],
      }),
    );
    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    downloadAttachment.mockResolvedValueOnce(blob).mockRejectedValueOnce(new ApiError('Could not download the file. Please try again.', 0, null));
    const createObjectURL = jest.fn(() => 'blob:attachment-8');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ href: string; download: string }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderRoute('/projects/5');

    const files = within(await screen.findByRole('region', { name: 'Attachments' }));
    const [first, second] = files.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(/^cohort-summary\.pdf244 KBDownload cohort-summary\.pdf$/);
    expect(second).toHaveTextContent(/^data-dictionary\.xlsx1\.5 MBDownload data-dictionary\.xlsx$/);

    await user.click(files.getByRole('button', { name: 'Download cohort-summary.pdf' }));
    expect(downloadAttachment).toHaveBeenCalledWith(5, 8);
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:attachment-8', download: 'cohort-summary.pdf' }]);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:attachment-8'));

    await user.click(files.getByRole('button', { name: 'Download data-dictionary.xlsx' }));
    expect(await within(second).findByRole('alert')).toHaveTextContent('Could not download the file. Please try again.');
    expect(clicked).toHaveLength(1);
    click.mockRestore();
  });
});
