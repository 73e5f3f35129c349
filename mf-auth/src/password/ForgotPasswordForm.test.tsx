import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sciexperts/shared';
import { api, deferred } from '../testing/mockAccountApi';
import { ForgotPasswordForm, RESET_LINK_SENT_MESSAGE } from './ForgotPasswordForm';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());

describe('ForgotPasswordForm', () => {
  beforeEach(() => jest.clearAllMocks());

  it('asks for a reset link with the trimmed e-mail and answers neutrally', async () => {
    const pending = deferred<{ message: string }>();
    api.requestPasswordReset.mockReturnValue(pending.promise);
    render(<ForgotPasswordForm onBack={jest.fn()} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await userEvent.type(email, ' ada@example.org {Enter}');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    pending.resolve({ message: 'whatever the server says' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(RESET_LINK_SENT_MESSAGE));
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ email: 'ada@example.org' });
    expect(api.requestPasswordReset).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the request is refused", async () => {
    api.requestPasswordReset.mockRejectedValue(
      new ApiError('Too many reset requests. Please try again later.', 429, { message: 'Too many reset requests. Please try again later.' }),
    );
    render(<ForgotPasswordForm onBack={jest.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.org{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many reset requests. Please try again later.'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('goes back to the login form', async () => {
    const onBack = jest.fn();
    render(<ForgotPasswordForm onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onBack).toHaveBeenCalled();
  });
});
