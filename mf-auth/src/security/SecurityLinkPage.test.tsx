import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, SECURITY_MESSAGES as M, authStore, securityApi, signIn, type User } from '@sciexperts/shared';
import { SecurityLinkPage } from './SecurityLinkPage';

function renderPage(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/*" element={<SecurityLinkPage />} />
        <Route path="/reset-password" element={<p>Choose a new password</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('the link of a passkey or authenticator app added or removed (docs/decisions/0042)', () => {
  it('asks first, then undoes the change, signs out everywhere and goes on to the new password', async () => {
    const user = userEvent.setup();
    const undo = jest.spyOn(securityApi, 'undoSecurityChange').mockResolvedValue({ message: M.securityChangeUndone, resetToken: 'reset-1' });
    // This browser's own session is among those that end: it must not go on looking signed in.
    signIn('token-1', { id: 7, firstName: 'Petra', lastName: 'Owner' } as unknown as User);
    renderPage('/account/undo-security-change?token=change-1');
    expect(screen.getByRole('heading', { level: 1, name: 'This was not me' })).toBeInTheDocument();
    // Mail scanners open links: nothing happens until the member presses the button.
    expect(undo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Undo it and sign out everywhere' }));
    expect(await screen.findByText('Choose a new password')).toBeInTheDocument();
    expect(undo).toHaveBeenCalledWith('change-1');
    expect(authStore.getState().token).toBeNull();
  });

  it('says when the link is spent or expired', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'undoSecurityChange').mockRejectedValue(new ApiError(M.alertLinkInvalid, 400, { message: M.alertLinkInvalid }));
    renderPage('/account/undo-security-change?token=old');
    await user.click(screen.getByRole('button', { name: 'Undo it and sign out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.alertLinkInvalid);
  });

  it("the sign-in alert's link says it signs out everywhere", async () => {
    const user = userEvent.setup();
    const end = jest.spyOn(securityApi, 'endAlertedSession').mockResolvedValue({ message: M.alertSessionEnded, resetToken: null });
    renderPage('/account/not-me?token=alert-1');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.alertSessionEnded);
    expect(end).toHaveBeenCalledWith('alert-1');
  });
});
