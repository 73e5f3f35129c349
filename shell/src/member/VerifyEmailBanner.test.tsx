import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, signIn, signOut } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { VerifyEmailBanner } from './VerifyEmailBanner';

afterEach(() => {
  act(() => signOut());
  jest.restoreAllMocks();
});

describe('the e-mail confirmation banner', () => {
  it('shows only while the address is unconfirmed, and sends the link again on request', async () => {
    const user = userEvent.setup();
    const resend = jest
      .spyOn(accountSettingsApi, 'resendVerification')
      .mockResolvedValueOnce({ message: M.verificationSent })
      .mockRejectedValueOnce(new ApiError(M.tooManyVerificationMails, 429, { message: M.tooManyVerificationMails }));
    act(() => signIn('t', makeUser({ email: 'nia@example.test', emailVerified: false })));
    render(<VerifyEmailBanner />);
    const banner = screen.getByRole('region', { name: 'Confirm your e-mail address' });
    expect(banner).toHaveTextContent('open the link we sent to nia@example.test');
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(M.verificationSent)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(M.tooManyVerificationMails)).toBeInTheDocument();
    expect(resend).toHaveBeenCalledTimes(2);

    act(() => signIn('t', makeUser({ email: 'nia@example.test', emailVerified: true })));
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).toBeNull();
  });

  it('says nothing for a member whose stored profile predates the field', () => {
    act(() => signIn('t', makeUser({})));
    const { container } = render(<VerifyEmailBanner />);
    expect(container).toBeEmptyDOMElement();
  });
});
