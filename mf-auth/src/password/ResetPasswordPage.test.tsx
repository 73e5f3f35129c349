import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, loginModalStore } from '@sciexperts/shared';
import { api } from '../testing/mockAccountApi';
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
    api.resetPassword.mockResolvedValue({ message: 'Your password has been changed. Please sign in with the new password.' });
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
