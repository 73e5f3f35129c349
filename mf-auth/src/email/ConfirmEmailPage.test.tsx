import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, authStore, signIn, signOut } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi, userApi } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { ConfirmEmailPage } from './ConfirmEmailPage';

function renderPage(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConfirmEmailPage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('ConfirmEmailPage', () => {
  it('asks first, confirms with the link’s token once, and shows the new address to a signed-in member', async () => {
    const user = userEvent.setup();
    signIn('token', makeUser({ id: 7, email: 'old@example.test' }));
    const confirm = jest.spyOn(accountSettingsApi, 'confirmEmail').mockResolvedValue({ message: M.emailConfirmed });
    jest.spyOn(userApi, 'getById').mockResolvedValue(makeUser({ id: 7, email: 'new@example.test' }));
    renderPage('/account/confirm-email?token=tok-9');

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    await user.dblClick(screen.getByRole('button', { name: 'Confirm this address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.emailConfirmed);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('tok-9');
    expect(authStore.getState().user?.email).toBe('new@example.test');
  });

  it('works signed out, and says when the link is spent or missing', async () => {
    const user = userEvent.setup();
    jest.spyOn(accountSettingsApi, 'confirmEmail').mockRejectedValue(new ApiError(M.emailLinkInvalid, 400, { message: M.emailLinkInvalid }));
    const getById = jest.spyOn(userApi, 'getById');
    renderPage('/account/confirm-email?token=used');
    await user.click(screen.getByRole('button', { name: 'Confirm this address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.emailLinkInvalid);
    expect(getById).not.toHaveBeenCalled();
  });

  it('offers nothing to press without a token', () => {
    renderPage('/account/confirm-email');
    expect(screen.getByRole('alert')).toHaveTextContent(M.emailLinkInvalid);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
