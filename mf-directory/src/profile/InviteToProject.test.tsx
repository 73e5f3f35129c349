import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, loginModalStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi, type Invitation, type Project, type ProjectList } from '@sciexperts/shared/member';
import { makeInvitation, makeProject, makeUser } from '@sciexperts/shared/testing';
import { directoryApi } from '../api/directoryApi';
import { profile } from '../test/fixtures';
import { onProfileSignedOut } from '../test/profilePage';
import { renderRoute } from '../test/renderRoute';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const loadProfile = directoryApi.profile as jest.MockedFunction<typeof directoryApi.profile>;

let mine: jest.SpyInstance<Promise<ProjectList>, []>;
let invite: jest.SpyInstance<Promise<Invitation>, [number, number]>;

const PROFILE_PATH = '/experts/42-ada-lovelace';

function listOf(projects: Project[]): ProjectList {
  return { total: projects.length, page: 1, pageSize: projects.length, results: projects };
}

function signInAs(id: number) {
  act(() => authStore.setState({ status: 'ready', token: 't', user: makeUser({ id, firstName: 'Olivia' }), signInMethod: 'password', signedOutReason: null }));
}

/** Signed in as Olivia (9), on Ada's (42) profile, with the dialog open. */
async function openDialog(projects: Project[]) {
  signInAs(9);
  loadProfile.mockResolvedValue(profile());
  mine.mockResolvedValue(listOf(projects));
  const user = userEvent.setup();
  renderRoute(PROFILE_PATH);
  const button = await screen.findByRole('button', { name: 'Invite to a project' });
  await user.click(button);
  const dialog = screen.getByRole('dialog', { name: 'Invite Ada to a project' });
  return { user, button, dialog };
}

beforeEach(() => {
  loadProfile.mockReset();
  mine = jest.spyOn(projectsApi, 'mine');
  invite = jest.spyOn(projectsApi, 'invite');
  onProfileSignedOut();
});

afterEach(() => jest.restoreAllMocks());

describe('Invite to a project, on an expert’s public profile', () => {
  it('is offered beside Message to a member on someone else’s profile, never on one’s own', async () => {
    loadProfile.mockResolvedValue(profile());
    signInAs(9);
    const { unmount } = renderRoute(PROFILE_PATH);
    const button = await screen.findByRole('button', { name: 'Invite to a project' });
    expect(button.parentElement).toBe(screen.getByRole('link', { name: 'Message' }).parentElement);
    unmount();

    signInAs(42);
    renderRoute(PROFILE_PATH);
    await screen.findByRole('link', { name: 'Edit profile' });
    expect(screen.queryByRole('button', { name: 'Invite to a project' })).toBeNull();
    expect(mine).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in, as Message does', async () => {
    loadProfile.mockResolvedValue(profile());
    const user = userEvent.setup();
    renderRoute(PROFILE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Invite to a project' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login', returnTo: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mine).not.toHaveBeenCalled();
  });

  it('lists only the member’s draft and open projects, after a loading state', async () => {
    const projects = [
      makeProject({ id: 1, title: 'Cohort survival analysis', status: 'open' }),
      makeProject({ id: 2, title: 'Shelf-life study', status: 'draft' }),
      makeProject({ id: 3, title: 'Running trial', status: 'in-progress' }),
      makeProject({ id: 4, title: 'Old report', status: 'completed' }),
      makeProject({ id: 5, title: 'Dropped idea', status: 'cancelled' }),
    ];
    let answer: (list: ProjectList) => void = () => {};
    signInAs(9);
    loadProfile.mockResolvedValue(profile());
    mine.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoute(PROFILE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Invite to a project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Ada to a project' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading your projects…');
    expect(within(dialog).getByRole('heading', { name: 'Invite Ada to a project' })).toHaveFocus();

    await act(async () => answer(listOf(projects)));
    const group = within(dialog).getByRole('group', { name: 'Your projects' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Cohort survival analysisOpen', 'Shelf-life studyDraft']);
    expect(within(group).getByRole('radio', { name: 'Cohort survival analysis' })).toHaveAccessibleDescription('Open');
    expect(within(group).getByRole('radio', { name: 'Cohort survival analysis' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Shelf-life study' })).toHaveAccessibleDescription('Draft');
    expect(within(dialog).queryByText(/Running trial|Old report|Dropped idea/)).toBeNull();
  });

  it('invites the expert to the chosen project, says so with a link to it, and gives focus back on close', async () => {
    const { user, button, dialog } = await openDialog([makeProject({ id: 1, title: 'Cohort survival analysis', status: 'open' }), makeProject({ id: 2, title: 'Shelf-life study', status: 'draft' })]);
    let answer: (invitation: Invitation) => void = () => {};
    invite.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    await user.click(await within(dialog).findByRole('radio', { name: 'Shelf-life study' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(invite).toHaveBeenCalledWith(2, 42);
    const sending = within(dialog).getByRole('button', { name: 'Inviting…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    await user.click(sending);
    await user.keyboard('{Escape}');
    expect(invite).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () => answer(makeInvitation({ projectId: 2 })));
    const confirmation = within(dialog).getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Ada is invited to “Shelf-life study”.');
    expect(confirmation).toHaveFocus();
    expect(within(confirmation).getByRole('link', { name: 'Shelf-life study' })).toHaveAttribute('href', '/projects/2');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('shows the server’s refusal in the dialog and lets the member try another project', async () => {
    const { user, dialog } = await openDialog([makeProject({ id: 1, title: 'Cohort survival analysis', status: 'open' })]);
    invite.mockRejectedValueOnce(new ApiError(PROJECT_MESSAGES.alreadyInvited, 409, { message: PROJECT_MESSAGES.alreadyInvited }));
    await user.click(await within(dialog).findByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PROJECT_MESSAGES.alreadyInvited);
    const again = within(dialog).getByRole('button', { name: 'Invite' });
    expect(again).not.toHaveAttribute('aria-disabled');
    expect(again).toHaveFocus();

    invite.mockRejectedValueOnce(new ApiError(PROJECT_MESSAGES.notListed, 400, { message: PROJECT_MESSAGES.notListed, details: [{ field: 'expertId', message: PROJECT_MESSAGES.notListed }] }));
    await user.click(again);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PROJECT_MESSAGES.notListed);
  });

  it('offers to post a project for the expert’s first service when the member has none open', async () => {
    const { user, button, dialog } = await openDialog([makeProject({ id: 3, status: 'in-progress' })]);
    expect(await within(dialog).findByText('You have no open projects yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Post a project' })).toHaveAttribute('href', '/create-project?service=Statistical%20Analysis');
    expect(within(dialog).queryByRole('radio')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('links to the bare project form for an expert with no services', async () => {
    signInAs(9);
    loadProfile.mockResolvedValue(profile({ offeredServices: [] }));
    mine.mockResolvedValue(listOf([]));
    const user = userEvent.setup();
    renderRoute(PROFILE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Invite to a project' }));
    expect(await screen.findByRole('link', { name: 'Post a project' })).toHaveAttribute('href', '/create-project');
  });

  it('says when the projects could not be loaded, and tries again', async () => {
    signInAs(9);
    loadProfile.mockResolvedValue(profile());
    mine.mockRejectedValueOnce(new ApiError('Could not load the projects. Please try again.', 0, null)).mockResolvedValueOnce(listOf([makeProject({ id: 1, title: 'Cohort survival analysis', status: 'open' })]));
    const user = userEvent.setup();
    renderRoute(PROFILE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Invite to a project' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not load the projects. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('radio', { name: 'Cohort survival analysis' })).toBeChecked();
    expect(mine).toHaveBeenCalledTimes(2);
  });
});
