import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, closeLoginModal, loginModalStore, signIn } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi, type Attachment } from '@sciexperts/shared/member';
import { makeProject, makeUser } from '@sciexperts/shared/testing';
import { AUTOSAVE_DELAYS, FILE_REFUSED, SIGN_IN_TO_PUBLISH } from './ProjectForm';
import { deferred, fillValidForm, location, pdf, renderCreatePage } from './testKit';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return {
    ...actual,
    projectsApi: { ...actual.projectsApi, createDraft: jest.fn(), updateDraft: jest.fn(), get: jest.fn(), publish: jest.fn(), uploadAttachment: jest.fn() },
  };
});
const createDraft = projectsApi.createDraft as jest.MockedFunction<typeof projectsApi.createDraft>;
const updateDraft = projectsApi.updateDraft as jest.MockedFunction<typeof projectsApi.updateDraft>;
const publish = projectsApi.publish as jest.MockedFunction<typeof projectsApi.publish>;
const uploadAttachment = projectsApi.uploadAttachment as jest.MockedFunction<typeof projectsApi.uploadAttachment>;

// Long autosave pauses: here only Publish talks to the server.
const slow = { local: 5, server: 60_000 };
const member = makeUser({ id: 7 });
const draft = (overrides: Parameters<typeof makeProject>[0] = {}) => makeProject({ id: 31, ownerId: 7, status: 'draft', publishedAt: null, viewer: { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null }, ...overrides });
const attachment = (id: number, name: string): Attachment => ({ id, name, contentType: 'application/pdf', size: 2048, createdAt: '2026-11-20T10:00:00.000Z' });
const expectedInput = expect.objectContaining({ title: 'Survival analysis of a cohort', service: 'Statistical Analysis', budget: { type: 'fixed', amountCents: 150000, currency: 'USD' }, duration: '1-4-weeks' });

// The form waits before it keeps a copy (the autosave pauses). With fake timers those waits pass only when a test
// moves the clock on, so what the form does never depends on how fast a busy machine types.
const setupUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
afterEach(() => jest.useRealTimers());

beforeEach(() => {
  jest.useFakeTimers();
  jest.resetAllMocks();
  localStorage.clear();
  loginModalStore.setState({ open: false, tab: 'login', returnTo: null, stayAfterSignUp: false });
  authStore.setState({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: null });
  createDraft.mockResolvedValue(draft());
  updateDraft.mockResolvedValue(draft());
  publish.mockResolvedValue(draft({ status: 'open' }));
  uploadAttachment.mockImplementation((_id, _file, name) => Promise.resolve(attachment(1, name ?? 'file')));
});

describe('publishing signed out', () => {
  it('asks for an account in a modal that leaves the new member on the form after signing up', async () => {
    const user = setupUser();
    renderCreatePage('/create-project');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    expect(screen.getByText(SIGN_IN_TO_PUBLISH)).toBeInTheDocument();
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'signup', returnTo: null, stayAfterSignUp: true });
    expect(createDraft).not.toHaveBeenCalled();
  });

  it('publishes what was written, files included, once the new member has signed up', async () => {
    const saved = deferred<ReturnType<typeof draft>>();
    createDraft.mockReturnValue(saved.promise);
    const user = setupUser();
    renderCreatePage('/create-project', { member });
    await fillValidForm(user);
    const brief = pdf('brief.pdf');
    await user.upload(screen.getByLabelText('Add files'), brief);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    // Still on the form while it publishes.
    expect(location()).toBe('/create-project');
    expect(screen.getByRole('button', { name: 'Publishing…' })).toBeDisabled();
    await act(async () => saved.resolve(draft()));
    expect(await screen.findByRole('heading', { name: 'The project page' })).toBeInTheDocument();
    expect(location()).toBe('/projects/31');
    expect(createDraft).toHaveBeenCalledWith(expectedInput);
    expect(uploadAttachment).toHaveBeenCalledTimes(1);
    expect(uploadAttachment).toHaveBeenCalledWith(31, brief, 'brief.pdf');
    expect(publish).toHaveBeenCalledWith(31);
    expect(localStorage.getItem('sciexperts.projectDraft.guest')).toBeNull();
    expect(localStorage.getItem('sciexperts.projectDraft.7')).toBeNull();
  });

  it('leaves the new member on the form, showing why by the file, when a file is refused', async () => {
    uploadAttachment.mockRejectedValue(new ApiError(PROJECT_MESSAGES.attachmentType, 400, { message: PROJECT_MESSAGES.attachmentType }));
    const user = setupUser();
    renderCreatePage('/create-project', { member, delays: slow });
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Add files'), pdf('notes.pdf'));
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FILE_REFUSED));
    const remove = screen.getByRole('button', { name: 'Remove notes.pdf' });
    expect(remove).toHaveAccessibleDescription(PROJECT_MESSAGES.attachmentType);
    expect(remove).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue('Survival analysis of a cohort');
    expect(screen.getByRole('button', { name: 'Publish project' })).toBeEnabled();
    await waitFor(() => expect(location()).toBe('/create-project?draft=31'));
    expect(publish).not.toHaveBeenCalled();
  });

  it('keeps the form as it was when the modal is closed without signing in', async () => {
    const user = setupUser();
    renderCreatePage('/create-project', { member });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(SIGN_IN_TO_PUBLISH)).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveValue('Survival analysis of a cohort');
    // A later sign-in (from the header, say) does not publish behind the member's back, not even once the draft
    // autosave pause has passed (the complete form then becomes a server draft, and only that).
    act(() => signIn('t', member));
    await act(() => jest.advanceTimersByTimeAsync(AUTOSAVE_DELAYS.server));
    expect(createDraft).toHaveBeenCalledTimes(1);
    expect(publish).not.toHaveBeenCalled();
    act(() => closeLoginModal());
  });
});

describe('publishing as a member', () => {
  beforeEach(() => authStore.setState({ status: 'ready', token: 't', user: member, signInMethod: 'password', signedOutReason: null }));

  it('saves, uploads each file with progress, publishes and opens the project page', async () => {
    const first = deferred<Attachment>();
    const second = deferred<Attachment>();
    uploadAttachment.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const user = setupUser();
    renderCreatePage('/create-project', { delays: slow });
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Add files'), [pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    expect(await screen.findByText('Uploading 1 of 2…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publishing…' })).toBeDisabled();
    await act(async () => first.resolve(attachment(1, 'a.pdf')));
    expect(await screen.findByText('Uploading 2 of 2…')).toBeInTheDocument();
    await act(async () => second.resolve(attachment(2, 'b.pdf')));
    await waitFor(() => expect(location()).toBe('/projects/31'));
    expect(createDraft).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith(31);
  });

  it('stops before publishing when the server refuses a file, showing why by that file', async () => {
    uploadAttachment
      .mockResolvedValueOnce(attachment(1, 'a.pdf'))
      .mockRejectedValueOnce(new ApiError(PROJECT_MESSAGES.attachmentType, 400, { message: PROJECT_MESSAGES.attachmentType }));
    const user = setupUser();
    renderCreatePage('/create-project', { delays: slow });
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Add files'), [pdf('a.pdf'), pdf('fake.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FILE_REFUSED));
    const remove = screen.getByRole('button', { name: 'Remove fake.pdf' });
    expect(remove).toHaveAccessibleDescription(PROJECT_MESSAGES.attachmentType);
    expect(remove).toHaveFocus();
    expect(publish).not.toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/create-project?draft=31'));
    expect(screen.getByRole('button', { name: 'Publish project' })).toBeEnabled();

    // The one already uploaded is not sent again.
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await waitFor(() => expect(location()).toBe('/projects/31'));
    expect(uploadAttachment).toHaveBeenCalledTimes(2);
    expect(createDraft).toHaveBeenCalledTimes(1);
  });

  it("shows the server's 400 details by the fields they name", async () => {
    createDraft.mockRejectedValue(
      new ApiError(PROJECT_MESSAGES.fixedAmount, 400, {
        message: PROJECT_MESSAGES.fixedAmount,
        details: [
          { field: 'budget.amountCents', message: PROJECT_MESSAGES.fixedAmount },
          { field: 'title', message: 'title must be at most 150 characters.' },
        ],
      }),
    );
    const user = setupUser();
    renderCreatePage('/create-project', { delays: slow });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(expect.stringContaining('title must be at most 150 characters.'));
    expect(screen.getByLabelText('Fixed price (USD)')).toHaveAccessibleDescription(PROJECT_MESSAGES.fixedAmount);
    expect(publish).not.toHaveBeenCalled();
  });

  it("shows the server's refusal to publish and leaves the draft saved", async () => {
    publish.mockRejectedValue(new ApiError(PROJECT_MESSAGES.notDraft, 409, { message: PROJECT_MESSAGES.notDraft }));
    const user = setupUser();
    renderCreatePage('/create-project', { delays: slow });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PROJECT_MESSAGES.notDraft));
    expect(screen.getByRole('button', { name: 'Publish project' })).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/create-project?draft=31'));
  });
});
