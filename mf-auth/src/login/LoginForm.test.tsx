import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError, SECURITY_MESSAGES, authStore, signOut } from '@sciexperts/shared';
import { api, ada, deferred } from '../testing/mockAccountApi';
import { LoginForm } from './LoginForm';
import { signInWithLinkedIn } from '../identity/identityClient';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());
jest.mock('../identity/identityClient', () => ({
  isIdentityConfigured: jest.fn(() => false),
  signInWithLinkedIn: jest.fn(),
}));

const identity = jest.requireMock('../identity/identityClient') as { isIdentityConfigured: jest.Mock; signInWithLinkedIn: jest.Mock };

function renderForm() {
  const onSignedIn = jest.fn();
  const onForgotPassword = jest.fn();
  render(<LoginForm onSignedIn={onSignedIn} onForgotPassword={onForgotPassword} />);
  return { onSignedIn, onForgotPassword };
}

async function fillAndSubmit(email = 'ada@example.org', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    identity.isIdentityConfigured.mockReturnValue(false);
    signOut();
  });

  it('has a labelled e-mail field of type email and a password field, both required', () => {
    renderForm();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
  });

  it('does not call the server while a required field is empty', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(api.login).not.toHaveBeenCalled();
  });

  it('signs in in place (token and user in the shared store) and reports success', async () => {
    api.login.mockResolvedValue({ token: 'tok-1', user: ada });
    const { onSignedIn } = renderForm();
    await fillAndSubmit('  ada@example.org ', 'correct horse');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.login).toHaveBeenCalledWith({ email: 'ada@example.org', password: 'correct horse' });
    expect(authStore.getState()).toMatchObject({ token: 'tok-1', user: { id: 7 } });
    expect(localStorage.getItem('authToken')).toBe('tok-1');
  });

  it('disables the button while busy and ignores a second submit', async () => {
    const pending = deferred<{ token: string; user: typeof ada }>();
    api.login.mockReturnValue(pending.promise);
    const { onSignedIn } = renderForm();
    await fillAndSubmit();
    const busyButton = screen.getByRole('button', { name: 'Logging in...' });
    expect(busyButton).toBeDisabled();
    // A second submit of the same form (Enter in a field) while the first is in flight.
    await userEvent.type(screen.getByLabelText('Password'), '{Enter}');
    expect(api.login).toHaveBeenCalledTimes(1);
    pending.resolve({ token: 'tok-2', user: ada });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message", async () => {
    api.login.mockRejectedValue(new ApiError('Invalid e-mail or password.', 401, { message: 'Invalid e-mail or password.' }));
    const { onSignedIn } = renderForm();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid e-mail or password.'));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("shows 'Login failed' when the server gives no message", async () => {
    api.login.mockRejectedValue(new ApiError('Login failed', 500, null));
    renderForm();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Login failed$/));
  });

  it("shows 'An Unknown error occured during login' for a failure that is not an Error", async () => {
    api.login.mockRejectedValue('boom');
    renderForm();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^An Unknown error occured during login$/));
  });

  it("shows 'No access token received' when the answer has no token, and stays signed out", async () => {
    api.login.mockResolvedValue({ token: '', user: ada });
    const { onSignedIn } = renderForm();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^No access token received$/));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
  });

  it("asks for the forgot-password view with 'Forgot your password?'", async () => {
    const { onForgotPassword } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });

  it('disables the LinkedIn button and says why when no identity provider is configured', () => {
    renderForm();
    const button = screen.getByRole('button', { name: 'Sign in with LinkedIn' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/LinkedIn sign-in is not available on this site yet/);
  });

  it("starts the LinkedIn sign-in when configured, and shows 'LinkedIn login failed' if it cannot", async () => {
    identity.isIdentityConfigured.mockReturnValue(true);
    jest.mocked(signInWithLinkedIn).mockRejectedValue(new Error('metadata unreachable'));
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with LinkedIn' }));
    expect(signInWithLinkedIn).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^LinkedIn login failed$/));
  });
});

describe('LoginForm, second factor', () => {
  const security = jest.requireMock('@sciexperts/shared').securityApi as { loginWithCode: jest.Mock };
  beforeEach(() => {
    jest.clearAllMocks();
    signOut();
  });

  async function toCodeStep() {
    api.login.mockResolvedValue({ secondFactorRequired: true, challengeToken: 'challenge-1', expiresInSeconds: 300 } as never);
    const handlers = renderForm();
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Two-step verification' });
    return handlers;
  }

  it('asks for the code in the same form after a right password, with the focus on the code', async () => {
    const { onSignedIn } = await toCodeStep();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription(SECURITY_MESSAGES.secondFactorRequired);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();

    security.loginWithCode.mockResolvedValue({ token: 'tok-2', user: ada });
    await userEvent.type(field, ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(security.loginWithCode).toHaveBeenCalledWith('challenge-1', '123456');
    expect(authStore.getState()).toMatchObject({ token: 'tok-2', user: { id: 7 } });
  });

  it("shows the server's refusal of a wrong or used code and lets the member try again or go back", async () => {
    const { onSignedIn } = await toCodeStep();
    // The field is required: an empty code is not sent.
    expect(screen.getByLabelText('Authentication code')).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(security.loginWithCode).not.toHaveBeenCalled();

    security.loginWithCode.mockRejectedValueOnce(new ApiError(SECURITY_MESSAGES.recoveryCodeReused, 400, { message: SECURITY_MESSAGES.recoveryCodeReused }));
    await userEvent.type(screen.getByLabelText('Authentication code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.recoveryCodeReused);
    expect(onSignedIn).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Back to e-mail and password' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it.each([1280, 375])('has no axe violations at %i px, on both steps', async (width) => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
    renderForm();
    await expectNoAxeViolations();
    document.body.innerHTML = '';
    await toCodeStep();
    await expectNoAxeViolations();
  });
});
