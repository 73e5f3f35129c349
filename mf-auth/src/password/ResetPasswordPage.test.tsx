import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, RECOVERY_MESSAGES, loginModalStore, type RecoveryFactors } from '@sciexperts/shared';
import { api, deferred, recovery } from '../testing/mockAccountApi';
import { INVALID_LINK_MESSAGE, ResetPasswordPage } from './ResetPasswordPage';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());

function renderPage(path = '/reset-password?token=abc123') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ResetPasswordPage />
    </MemoryRouter>,
  );
}

async function choose(password: string, confirmation = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    loginModalStore.setState({ open: false, tab: 'login', returnTo: null });
  });

  it("shows the server's password rules next to the labelled fields", () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Use 8 to 128 characters.');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password');
  });

  it('refuses a short password and a confirmation that differs, before calling the server', async () => {
    renderPage();
    await choose('short');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await choose('long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it('changes the password and offers the login window', async () => {
    api.resetPassword.mockResolvedValue({ message: 'Your password has been changed. Please sign in with the new password.', recovery: null });
    renderPage();
    await choose('brand-new-password');
    expect(api.resetPassword).toHaveBeenCalledWith({ token: 'abc123', password: 'brand-new-password' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed. Please sign in with the new password.'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });
  });

  it("shows the server's message for an invalid or expired token", async () => {
    api.resetPassword.mockRejectedValue(new ApiError(INVALID_LINK_MESSAGE, 400, { message: INVALID_LINK_MESSAGE }));
    renderPage();
    await choose('brand-new-password');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(INVALID_LINK_MESSAGE));
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it('says the link is invalid when it carries no token', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_LINK_MESSAGE);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage: the passkeys and authenticator app after the reset', () => {
  const CHANGED = 'Your password has been changed. Please sign in with the new password.';
  const thiefKey = { id: 41, name: 'My phone', createdAt: '2026-11-28T09:00:00.000Z', addedRecently: true };
  const ownKey = { id: 12, name: 'Work laptop', createdAt: '2026-11-02T09:00:00.000Z', addedRecently: false };
  const factors: RecoveryFactors = { passkeys: [thiefKey, ownKey], authenticator: { enabledAt: '2026-11-28T09:05:00.000Z', addedRecently: true } };

  beforeEach(() => {
    jest.clearAllMocks();
    api.resetPassword.mockResolvedValue({ message: CHANGED, recovery: { grant: 'grant-1', expiresAt: '2026-11-28T10:15:00.000Z', factors } });
  });

  const list = () => screen.getByRole('list', { name: RECOVERY_MESSAGES.factorsHeading });

  it('lists them once the password is saved, with focus on the heading and the recent ones flagged', async () => {
    renderPage();
    await choose('brand-new-password');
    const heading = await screen.findByRole('heading', { level: 2, name: RECOVERY_MESSAGES.factorsHeading });
    expect(heading).toHaveFocus();
    const items = within(list()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Passkey “My phone”Added Nov 28, 2026Added recently. Remove it unless you added it yourself.Remove',
      'Passkey “Work laptop”Added Nov 2, 2026Remove',
      'Authenticator appTurned on Nov 28, 2026Added recently. Remove it unless you added it yourself.Remove',
    ]);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('removes a passkey and then the app with the grant, and says so in a status region that outlives the item', async () => {
    const removal = deferred<{ message: string; factors: RecoveryFactors }>();
    recovery.removePasskey.mockReturnValue(removal.promise);
    renderPage();
    await choose('brand-new-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey My phone' }));
    expect(recovery.removePasskey).toHaveBeenCalledWith('grant-1', 41);
    // One removal at a time.
    expect(screen.getByRole('button', { name: 'Remove the authenticator app' })).toBeDisabled();
    removal.resolve({ message: RECOVERY_MESSAGES.passkeyRemoved, factors: { ...factors, passkeys: [ownKey] } });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`Passkey “My phone”: ${RECOVERY_MESSAGES.passkeyRemoved}`));
    expect(screen.queryByRole('button', { name: 'Remove passkey My phone' })).not.toBeInTheDocument();
    expect(list()).not.toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();

    recovery.removeAuthenticator.mockResolvedValue({ message: RECOVERY_MESSAGES.authenticatorRemoved, factors: { passkeys: [ownKey], authenticator: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Remove the authenticator app' }));
    expect(recovery.removeAuthenticator).toHaveBeenCalledWith('grant-1');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`Authenticator app: ${RECOVERY_MESSAGES.authenticatorRemoved}`));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });
  });

  it('stops offering removals once the grant is refused (expired, or replaced by a newer reset)', async () => {
    recovery.removePasskey.mockRejectedValueOnce(new ApiError(RECOVERY_MESSAGES.grantInvalid, 400, { message: RECOVERY_MESSAGES.grantInvalid }));
    renderPage();
    await choose('brand-new-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(RECOVERY_MESSAGES.grantInvalid));
    for (const button of within(list()).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('shows the list emptied by the last removal as nothing left to check', async () => {
    api.resetPassword.mockResolvedValue({ message: CHANGED, recovery: { grant: 'grant-2', expiresAt: '2026-11-28T10:15:00.000Z', factors: { passkeys: [thiefKey], authenticator: null } } });
    recovery.removePasskey.mockResolvedValue({ message: RECOVERY_MESSAGES.passkeyRemoved, factors: { passkeys: [], authenticator: null } });
    renderPage();
    await choose('brand-new-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey My phone' }));
    await waitFor(() => expect(screen.getByText(RECOVERY_MESSAGES.nothingLeft)).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(RECOVERY_MESSAGES.passkeyRemoved);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
