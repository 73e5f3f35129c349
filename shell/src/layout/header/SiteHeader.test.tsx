import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, loginModalStore, signIn, signOut, type User } from '@sciexperts/shared';
import { renderRoute } from '../../test/renderRoute';

jest.mock('../../federation/remoteRegistry', () => ({
  loadRemoteModule: jest.fn(async (id: string) => ({ default: () => <p>remote {id}</p> })),
  resetRemote: jest.fn(async () => undefined),
}));

beforeEach(() => {
  localStorage.clear();
  signOut();
  authStore.setState({ signedOutReason: null });
  loginModalStore.setState({ open: false, tab: 'login', returnTo: null });
  global.fetch = jest.fn(async () => new Response(null, { status: 204 })) as typeof fetch;
});

/** The route's page is a remote (stubbed): it arrives inside act, as it would right away in a browser. */
async function renderPage(path: string) {
  const view = await renderRoute(path);
  expect(await screen.findByText(/^remote mf_/)).toBeInTheDocument();
  return view;
}

describe('site header', () => {
  it('has the logo, Join as expert and Login, and Login opens the sign-in modal', async () => {
    await renderPage('/join-expert');
    expect(screen.getByRole('link', { name: 'SciExperts home' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('link', { name: 'Join as expert' })[0]).toHaveAttribute('href', '/join-expert');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });
    expect(await screen.findByText('remote mf_auth/AuthModal')).toBeInTheDocument();
  });

  it('shows Logout to members; logout clears the session and goes to /', async () => {
    signIn('tok', { id: 3, firstName: 'Ada' } as User);
    const { router } = await renderRoute('/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(authStore.getState().token).toBeNull();
    expect(localStorage.length).toBe(0);
    // The home page shows once its module has loaded: the router's move is a transition.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('has the navigation of the specification', async () => {
    await renderPage('/join-expert');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['How it Works', '/how-it-works'],
      ['Find an Expert', '/find-expert'],
      ['Projects', '/projects'],
      ['Concierge Services', '/concierge'],
      ['Request a service', '/request-service'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('button', { name: 'Solutions' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a dropdown with the keyboard and closes it on Escape, returning focus', async () => {
    await renderPage('/join-expert');
    const trigger = screen.getByRole('button', { name: 'Services' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('link', { name: 'Support' });
    expect(panel).toHaveAttribute('href', '/services/support');
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('takes the scrolled style after 10 px, and always on /how-it-works', async () => {
    const first = await renderPage('/join-expert');
    const header = () => screen.getByRole('banner');
    expect(header()).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 11, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header()).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    first.unmount();
    await renderPage('/how-it-works');
    expect(header()).toHaveAttribute('data-scrolled', 'true');
  });

  it('opens the mobile drawer from the menu button; Escape closes it and focus returns', async () => {
    await renderPage('/join-expert');
    const menuButton = screen.getByRole('button', { name: /menu/i });
    await userEvent.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Site menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer).getByRole('link', { name: 'How it Works' })).toHaveAttribute('href', '/how-it-works');
    expect(within(drawer).getByRole('link', { name: 'Request a service' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});
