import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, loginModalStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi } from '@sciexperts/shared/member';
import { makeProject, makeUser } from '@sciexperts/shared/testing';
import { SIGN_IN_FOR_DRAFT } from './CreateProjectPage';
import { RESTORED_MESSAGE } from './DraftNotice';
import { DRAFT_SAVED } from './ProjectForm';
import { DESCRIPTION, fillValidForm, location, pdf, renderCreatePage } from './testKit';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, createDraft: jest.fn(), updateDraft: jest.fn(), get: jest.fn(), deleteAttachment: jest.fn() } };
});
const createDraft = projectsApi.createDraft as jest.MockedFunction<typeof projectsApi.createDraft>;
const updateDraft = projectsApi.updateDraft as jest.MockedFunction<typeof projectsApi.updateDraft>;
const get = projectsApi.get as jest.MockedFunction<typeof projectsApi.get>;
const deleteAttachment = projectsApi.deleteAttachment as jest.MockedFunction<typeof projectsApi.deleteAttachment>;

const fast = { local: 5, server: 20 };
const member = makeUser({ id: 7 });
const signInMember = () => authStore.setState({ status: 'ready', token: 't', user: member, signInMethod: 'password', signedOutReason: null });
const draft = (overrides: Parameters<typeof makeProject>[0] = {}) =>
  makeProject({ id: 31, ownerId: 7, status: 'draft', publishedAt: null, viewer: { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null }, ...overrides });

// The form waits before it keeps a copy or saves the member's draft (the autosave pauses). With fake timers those
// waits pass only when a test moves the clock on, so 'nothing was saved' means the pause passed without a save, not
// that a busy machine had not got round to it yet.
const setupUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
afterEach(() => jest.useRealTimers());

beforeEach(() => {
  jest.useFakeTimers();
  jest.resetAllMocks();
  localStorage.clear();
  loginModalStore.setState({ open: false, tab: 'login', returnTo: null });
  authStore.setState({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: null });
});

describe('what this browser keeps', () => {
  it('puts back what a visitor wrote after leaving the page, until they start over', async () => {
    const user = setupUser();
    const first = renderCreatePage('/create-project');
    await user.type(screen.getByLabelText('Title'), 'Cohort study');
    await user.selectOptions(screen.getByLabelText('Service'), 'Statistical Analysis');
    await user.click(screen.getByRole('checkbox', { name: 'Biostatistics' }));
    await user.click(screen.getByRole('radio', { name: 'Hourly' }));
    await user.type(screen.getByLabelText('Lowest hourly rate (USD)'), '40');
    first.unmount();
    expect(localStorage.getItem('sciexperts.projectDraft.guest')).toContain('Cohort study');

    renderCreatePage('/create-project');
    expect(screen.getByText(RESTORED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Cohort study');
    expect(screen.getByRole('checkbox', { name: 'Biostatistics' })).toBeChecked();
    expect(screen.getByLabelText('Lowest hourly rate (USD)')).toHaveValue('40');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByText(RESTORED_MESSAGE)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(localStorage.getItem('sciexperts.projectDraft.guest')).toBeNull();
  });

  it('names the files to choose again after a reload', async () => {
    const user = setupUser();
    const first = renderCreatePage('/create-project', { delays: fast });
    await user.upload(screen.getByLabelText('Add files'), [pdf('brief.pdf'), pdf('data.pdf')]);
    await waitFor(() => expect(localStorage.getItem('sciexperts.projectDraft.guest')).toContain('data.pdf'));
    first.unmount();
    renderCreatePage('/create-project');
    expect(screen.getByText('Attachments need choosing again: brief.pdf, data.pdf.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
  });

  it("keeps a member's copy under their own key, taking over what they typed signed out", async () => {
    localStorage.setItem('sciexperts.projectDraft.guest', JSON.stringify({ values: { title: 'Typed before signing in' }, fileNames: [] }));
    signInMember();
    const user = setupUser();
    renderCreatePage('/create-project', { delays: fast });
    expect(screen.getByLabelText('Title')).toHaveValue('Typed before signing in');
    await user.type(screen.getByLabelText('Title'), '!');
    await waitFor(() => expect(localStorage.getItem('sciexperts.projectDraft.7')).toContain('Typed before signing in!'));
    expect(localStorage.getItem('sciexperts.projectDraft.guest')).toBeNull();
  });
});

describe("a member's server draft", () => {
  it('is created once the form is valid, named in the URL, then updated on later changes', async () => {
    signInMember();
    createDraft.mockResolvedValue(draft());
    updateDraft.mockResolvedValue(draft({ updatedAt: '2026-11-20T10:01:00.000Z' }));
    const user = setupUser();
    renderCreatePage('/create-project?service=Statistical%20Analysis', { delays: fast });
    await user.type(screen.getByLabelText('Title'), 'Survival analysis');
    await user.click(screen.getByLabelText('Description'));
    await user.paste(DESCRIPTION);
    // Not valid yet (no price): nothing reaches the server, however long the member pauses.
    await act(() => jest.advanceTimersByTimeAsync(fast.server * 10));
    expect(createDraft).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Fixed price (USD)'), '1500');
    await waitFor(() => expect(location()).toBe('/create-project?draft=31'));
    expect(createDraft).toHaveBeenCalledTimes(1);
    expect(createDraft).toHaveBeenCalledWith(expect.objectContaining({ title: 'Survival analysis', service: 'Statistical Analysis', budget: { type: 'fixed', amountCents: 150000, currency: 'USD' } }));
    expect(screen.getByText(DRAFT_SAVED)).toHaveAttribute('role', 'status');
    expect(get).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Title'), ' of a cohort');
    await waitFor(() => expect(updateDraft).toHaveBeenCalledWith(31, expect.objectContaining({ title: 'Survival analysis of a cohort' })));
    expect(createDraft).toHaveBeenCalledTimes(1);
  });

  it('is saved at once with Save draft, showing a server refusal by its field', async () => {
    signInMember();
    createDraft.mockRejectedValue(
      new ApiError(PROJECT_MESSAGES.dateInPast, 400, { message: PROJECT_MESSAGES.dateInPast, details: [{ field: 'deadline', message: PROJECT_MESSAGES.dateInPast }] }),
    );
    const user = setupUser();
    renderCreatePage('/create-project', { delays: { local: 5, server: 60_000 } });
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Deadline' }));
    await user.type(screen.getByLabelText('Finish by'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByLabelText('Finish by')).toHaveAccessibleDescription(PROJECT_MESSAGES.dateInPast));
    expect(screen.getByLabelText('Finish by')).toHaveFocus();
    expect(createDraft).toHaveBeenCalledWith(expect.objectContaining({ deadline: '2999-01-01' }));
  });

  it('opens from ?draft=<id> with its values and files, and is not created again', async () => {
    signInMember();
    get.mockResolvedValue(draft({ attachments: [{ id: 3, name: 'protocol.pdf', contentType: 'application/pdf', size: 4096, createdAt: '2026-11-20T10:00:00.000Z' }] }));
    deleteAttachment.mockResolvedValue(undefined);
    const user = setupUser();
    renderCreatePage('/create-project?draft=31', { delays: fast });
    expect(screen.getByText('Loading your draft…')).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Survival analysis of a cohort study');
    expect(get).toHaveBeenCalledWith(31);
    expect(screen.getByLabelText('Fixed price (USD)')).toHaveValue('1500');
    expect(screen.getByRole('checkbox', { name: 'Biostatistics' })).toBeChecked();
    expect(screen.getByText('protocol.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove protocol.pdf' }));
    await waitFor(() => expect(screen.queryByText('protocol.pdf')).toBeNull());
    expect(deleteAttachment).toHaveBeenCalledWith(31, 3);
    await act(() => jest.advanceTimersByTimeAsync(fast.server * 10));
    expect(createDraft).not.toHaveBeenCalled();
    expect(updateDraft).not.toHaveBeenCalled();
  });

  it('says so when the id is not a draft any more, and starts a fresh form', async () => {
    signInMember();
    get.mockResolvedValue(draft({ status: 'open' }));
    renderCreatePage('/create-project?draft=31');
    expect(await screen.findByText(PROJECT_MESSAGES.notDraft)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    // The router's navigation settles after the message renders (React Router navigates asynchronously).
    await waitFor(() => expect(location()).toBe('/create-project'));
  });

  it("shows the server's message for a draft that is not there", async () => {
    signInMember();
    get.mockRejectedValue(new ApiError(PROJECT_MESSAGES.notFound, 404, { message: PROJECT_MESSAGES.notFound }));
    renderCreatePage('/create-project?draft=99');
    expect(await screen.findByText(PROJECT_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('offers a retry when the server cannot be reached', async () => {
    signInMember();
    get.mockRejectedValueOnce(new ApiError('Could not load the projects. Please try again.', 0, null)).mockResolvedValueOnce(draft());
    const user = setupUser();
    renderCreatePage('/create-project?draft=31');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not load the projects. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('Survival analysis of a cohort study');
  });

  it('asks a signed-out visitor to log in first, then opens it', async () => {
    get.mockResolvedValue(draft());
    const user = setupUser();
    renderCreatePage('/create-project?draft=31');
    expect(screen.getByText(SIGN_IN_FOR_DRAFT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });
    act(() => signInMember());
    expect(await screen.findByLabelText('Title')).toHaveValue('Survival analysis of a cohort study');
  });

  it('comes back from what this browser kept: a member returning to /create-project gets the draft they left', async () => {
    signInMember();
    localStorage.setItem(
      'sciexperts.projectDraft.7',
      JSON.stringify({ values: { title: 'Changed after the last save', service: 'Statistical Analysis' }, fileNames: [], draftId: 31, serverUpdatedAt: '2026-11-20T10:00:00.000Z' }),
    );
    get.mockResolvedValue(draft());
    renderCreatePage('/create-project');
    // The kept copy is newer than the server's (same updatedAt as when this browser saved it).
    expect(await screen.findByLabelText('Title')).toHaveValue('Changed after the last save');
    await waitFor(() => expect(location()).toBe('/create-project?draft=31'));
    expect(screen.getByText(RESTORED_MESSAGE)).toBeInTheDocument();
  });
});
