import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, authStore, signIn, signOut } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi, userApi } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { VerifyEmailPage } from './VerifyEmailPage';

function renderPage(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <VerifyEmailPage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('VerifyEmailPage', () => {
  it('asks first, confirms the address with the link’s token, and the stored member learns it at once', async () => {
    const user = userEvent.setup();
    signIn('token', makeUser({ id: 4, emailVerified: false }));
    const verify = jest.spyOn(accountSettingsApi, 'verifyEmail').mockResolvedValue({ message: M.verified });
    jest.spyOn(userApi, 'getById').mockResolvedValue(makeUser({ id: 4, emailVerified: true }));
    renderPage('/account/verify-email?token=welcome-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.verified);
    expect(verify).toHaveBeenCalledWith('welcome-1');
    expect(authStore.getState().user?.emailVerified).toBe(true);
  });

  it('says when the link is spent', async () => {
    const user = userEvent.setup();
    jest.spyOn(accountSettingsApi, 'verifyEmail').mockRejectedValue(new ApiError(M.verifyLinkInvalid, 400, { message: M.verifyLinkInvalid }));
    renderPage('/account/verify-email?token=old');
    await user.click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.verifyLinkInvalid);
  });
});
