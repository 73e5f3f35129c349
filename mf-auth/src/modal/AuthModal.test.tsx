import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { openLoginModal, loginModalStore, signOut, type LoginModalTab } from '@sciexperts/shared';
import { api, ada } from '../testing/mockAccountApi';
import { AuthModal } from './AuthModal';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="path">{`${pathname}${search}`}</p>;
}

/** Like the shell: a Login button opens the modal, and the modal is unmounted when it closes. */
function Host({ initialTab = 'login' }: { initialTab?: LoginModalTab }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open sign-in
      </button>
      {open && <AuthModal initialTab={initialTab} onClose={() => setOpen(false)} />}
      <WhereAmI />
    </>
  );
}

async function openModal(initialTab: LoginModalTab = 'login') {
  render(
    <MemoryRouter initialEntries={['/join-expert']}>
      <Host initialTab={initialTab} />
    </MemoryRouter>,
  );
  const opener = screen.getByRole('button', { name: 'Open sign-in' });
  await userEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

describe('AuthModal', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    signOut();
    loginModalStore.setState({ open: false, tab: 'login', returnTo: null });
  });

  it('is a labelled modal dialog and moves focus to the first field of the open tab', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Welcome to SciExperts');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('opens on the tab it is asked for', async () => {
    await openModal('signup');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { dialog } = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const forgot = screen.getByRole('button', { name: 'Forgot your password?' });
    forgot.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(forgot).toHaveFocus();
    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes with Escape and gives the focus back to the opener', async () => {
    const { opener } = await openModal();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with the visible close button and gives the focus back to the opener', async () => {
    const { opener } = await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('switches tabs by click and with the arrow, Home and End keys', async () => {
    await openModal();
    const login = screen.getByRole('tab', { name: 'Login' });
    const signup = screen.getByRole('tab', { name: 'Create Account' });
    expect(screen.getByRole('tablist')).toContainElement(login);
    expect(login).toHaveAttribute('aria-selected', 'true');
    expect(signup).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Login');

    await userEvent.click(signup);
    expect(signup).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Create Account');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    expect(login).toHaveAttribute('aria-selected', 'true');
    expect(login).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(signup).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(login).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(signup).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', signup.getAttribute('aria-controls'));
  });

  it('closes after a login, without leaving the page, or goes where the opener asked', async () => {
    api.login.mockResolvedValue({ token: 'tok', user: ada });
    await openModal();
    openLoginModal('login', '/profile/settings');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.org');
    await userEvent.type(within(screen.getByRole('tabpanel')).getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('path')).toHaveTextContent('/profile/settings');
  });

  it('stays on the page after a login when nobody asked for a destination', async () => {
    api.login.mockResolvedValue({ token: 'tok', user: ada });
    await openModal();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.org');
    await userEvent.type(within(screen.getByRole('tabpanel')).getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('path')).toHaveTextContent('/join-expert');
  });

  /** Grace's sign-up, filled and sent through the visible form. */
  async function fillAndSubmitSignUp() {
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.org');
    await userEvent.type(screen.getByRole('textbox', { name: 'Contact number' }), '5550100');
    await userEvent.type(within(screen.getByRole('tabpanel')).getByLabelText('Password'), 'cobol-1959!');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'How did you hear about us?' }), 'google');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('after a sign-up logs in with the same credentials, closes and goes to /chat', async () => {
    api.signup.mockResolvedValue({ message: 'Account created successfully!', user: ada });
    api.login.mockResolvedValue({ token: 'tok', user: ada });
    await openModal('signup');
    await fillAndSubmitSignUp();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.login).toHaveBeenCalledWith({ email: 'grace@example.org', password: 'cobol-1959!' });
    expect(screen.getByTestId('path')).toHaveTextContent('/chat');
  });

  it('after a sign-up opened by Message, goes to that conversation (and to /chat for any other destination)', async () => {
    api.signup.mockResolvedValue({ message: 'Account created successfully!', user: ada });
    api.login.mockResolvedValue({ token: 'tok', user: ada });
    await openModal('signup');
    openLoginModal('signup', '/chat?with=42');
    await fillAndSubmitSignUp();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/chat\?with=42$/);
  });

  it('after a sign-up opened by an action that finishes on its own page (publishing a project), only closes', async () => {
    api.signup.mockResolvedValue({ message: 'Account created successfully!', user: ada });
    api.login.mockResolvedValue({ token: 'tok', user: ada });
    await openModal('signup');
    openLoginModal('signup', null, { stayAfterSignUp: true });
    await fillAndSubmitSignUp();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/join-expert$/);
  });

  it("'Forgot your password?' switches to the reset form and back", async () => {
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
