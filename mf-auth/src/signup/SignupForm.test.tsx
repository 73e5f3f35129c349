import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, signOut, statusNoticeStore } from '@sciexperts/shared';
import { api, ada, deferred } from '../testing/mockAccountApi';
import { SignupForm } from './SignupForm';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());

const field = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: /Create Account|Creating\.\.\./ });

type Step = 'firstName' | 'lastName' | 'email' | 'password' | 'contact' | 'heard' | 'privacy';
const STEPS: Step[] = ['firstName', 'lastName', 'email', 'password', 'contact', 'heard', 'privacy'];

async function complete(step: Step) {
  switch (step) {
    case 'firstName':
      return userEvent.type(field('First name'), ' Grace ');
    case 'lastName':
      return userEvent.type(field('Last name'), ' Hopper ');
    case 'email':
      return userEvent.type(field('Email'), ' grace@example.org ');
    case 'password':
      return userEvent.type(screen.getByLabelText('Password'), 'cobol-1959!');
    case 'contact':
      return userEvent.type(screen.getByRole('textbox', { name: 'Contact number' }), ' 20 7946 0000 ');
    case 'heard':
      return userEvent.selectOptions(screen.getByRole('combobox', { name: 'How did you hear about us?' }), 'conference');
    case 'privacy':
      return userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
  }
}

async function completeAll(except?: Step) {
  for (const step of STEPS) if (step !== except) await complete(step);
}

function renderForm() {
  const onSignedIn = jest.fn();
  render(<SignupForm onSignedIn={onSignedIn} />);
  return { onSignedIn };
}

describe('SignupForm', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    signOut();
    statusNoticeStore.setState({ notice: null });
  });

  it('labels every control; +1 (US) is the default country code and the choice lists match the spec', () => {
    renderForm();
    const code = screen.getByRole('combobox', { name: 'Country code' });
    expect(code).toHaveValue('+1');
    expect(Array.from((code as HTMLSelectElement).options).map((o) => o.value)).toEqual(['+1', '+44', '+49', '+33', '+98']);
    const heard = screen.getByRole('combobox', { name: 'How did you hear about us?' }) as HTMLSelectElement;
    expect(Array.from(heard.options).map((o) => o.value)).toEqual(['', 'google', 'linkedin', 'friend', 'conference', 'article', 'other']);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('checkbox', { name: 'Send me the newsletter (optional)' })).not.toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use 8 to 128 characters.');
    expect(submitButton()).toBeDisabled();
  });

  it.each(STEPS)('keeps the button disabled while only %s is missing', async (missing) => {
    renderForm();
    await completeAll(missing);
    expect(submitButton()).toBeDisabled();
    await complete(missing);
    expect(submitButton()).toBeEnabled();
  });

  it('treats blank-only texts as missing', async () => {
    renderForm();
    await completeAll('firstName');
    await userEvent.type(field('First name'), '   ');
    expect(submitButton()).toBeDisabled();
  });

  it("sends trimmed texts and '<code> <number>', shows 'Creating...', then the success message, logs in and hands over", async () => {
    const pending = deferred<{ message: string; user: typeof ada }>();
    api.signup.mockReturnValue(pending.promise);
    api.login.mockResolvedValue({ token: 'tok-new', user: ada });
    const { onSignedIn } = renderForm();
    await completeAll();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+44');
    await userEvent.click(submitButton());
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Creating...' }));
    expect(api.signup).toHaveBeenCalledTimes(1);
    expect(api.signup).toHaveBeenCalledWith({
      email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '+44 20 7946 0000',
      password: 'cobol-1959!',
    });
    pending.resolve({ message: 'Account created successfully!', user: ada });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');
    expect(api.login).toHaveBeenCalledWith({ email: 'grace@example.org', password: 'cobol-1959!' });
    expect(authStore.getState().token).toBe('tok-new');
  });

  it("hands 'Account created successfully!' to the shell's status region before the modal closes, so it outlives the form", async () => {
    api.signup.mockResolvedValue({ message: 'Account created successfully!', user: ada });
    api.login.mockResolvedValue({ token: 'tok-new', user: ada });
    // Closing the modal unmounts the form: what the shell holds at that moment is what the member still sees.
    let heldWhenClosing: string | undefined;
    const onSignedIn = jest.fn(() => {
      heldWhenClosing = statusNoticeStore.getState().notice?.text;
    });
    render(<SignupForm onSignedIn={onSignedIn} />);
    await completeAll();
    await userEvent.click(submitButton());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(heldWhenClosing).toBe('Account created successfully!');
  });

  it("shows 'Error: ' plus the server's message and does not log in", async () => {
    api.signup.mockRejectedValue(
      new ApiError('An account with this e-mail already exists.', 409, { message: 'An account with this e-mail already exists.' }),
    );
    const { onSignedIn } = renderForm();
    await completeAll();
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Error: An account with this e-mail already exists\.$/));
    expect(api.login).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(submitButton()).toHaveTextContent('Create Account');
  });

  it("shows 'Network error. Please try again.' when there is no server message", async () => {
    api.signup.mockRejectedValue(new ApiError('Registration Failed', 0, null));
    renderForm();
    await completeAll();
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Network error\. Please try again\.$/));
  });

  it("shows the network wording for a failure that is not an Error", async () => {
    api.signup.mockRejectedValue(undefined);
    renderForm();
    await completeAll();
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Network error\. Please try again\.$/));
  });

  it('says the account exists but the automatic login failed, without handing over', async () => {
    api.signup.mockResolvedValue({ message: 'Account created successfully!', user: ada });
    api.login.mockRejectedValue(new ApiError('Too many failed login attempts. Please try again later.', 429, { message: 'Too many failed login attempts. Please try again later.' }));
    const { onSignedIn } = renderForm();
    await completeAll();
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many failed login attempts. Please try again later.'));
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');
    expect(onSignedIn).not.toHaveBeenCalled();
    // The modal stays open and says it itself: nothing for the shell to show.
    expect(statusNoticeStore.getState().notice).toBeNull();
  });
});
