import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { accountApi, authStore, signIn, userApi } from '@sciexperts/shared';
import { ProfileApp } from './ProfileApp';
import { makeUser } from '../test/fixtures';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/profile/*" element={<ProfileApp />} />
        <Route path="*" element={<p>Outside</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  localStorage.clear();
  act(() => signIn('token', makeUser()));
});
afterEach(() => jest.restoreAllMocks());

describe('profile layout', () => {
  it('greets the stored member without calling the API', () => {
    const getById = jest.spyOn(userApi, 'getById');
    renderAt('/profile/settings');
    expect(screen.getByRole('button', { name: 'Hi, Ada!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account Setting' })).toBeInTheDocument();
    expect(getById).not.toHaveBeenCalled();
  });

  it.each([
    ['Dashboard', '/profile/freelancer-dashboard', 'Freelancer Dashboard'],
    ['Profile', '/profile', 'Profile'],
    ['My Projects', '/profile/my-projects', 'My Projects'],
    ['Browse Projects', '/profile/browse-projects', 'Browse Projects'],
    ['Proposals', '/profile/proposals', 'Proposals'],
    ['Workspace', '/profile/workspace', 'Workspace'],
    ['Payment Details', '/profile/payment', 'Payment Details'],
    ['Billing', '/profile/billing', 'Billing'],
    ['Scheduled Calls', '/profile/calls', 'Scheduled Calls'],
    ['Account Setting', '/profile/settings', 'Account Setting'],
  ])('the sidebar link %s opens %s', async (label, path, heading) => {
    jest.spyOn(userApi, 'getById').mockReturnValue(new Promise(() => undefined));
    renderAt('/profile/billing');
    const nav = screen.getByRole('navigation', { name: 'Profile' });
    await userEvent.click(nav.querySelector(`a[href="${path}"]`) as HTMLElement);
    expect(where()).toBe(path);
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('redirects /profile/browse to /profile/browse-projects', () => {
    renderAt('/profile/browse');
    expect(where()).toBe('/profile/browse-projects');
  });

  it('titles the header by path', () => {
    renderAt('/profile/calls');
    expect(screen.getByRole('banner')).toHaveTextContent('Scheduled Calls');
  });

  it('the role switch moves between the dashboards, by click and keyboard, and the Dashboard link follows', async () => {
    renderAt('/profile/freelancer-dashboard');
    const toggle = screen.getByRole('switch', { name: 'Project Owner mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(where()).toBe('/profile/project-owner-dashboard');
    expect(screen.getByRole('switch', { name: 'Project Owner mode' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/profile/project-owner-dashboard');
    screen.getByRole('switch').focus();
    await userEvent.keyboard(' ');
    expect(where()).toBe('/profile/freelancer-dashboard');
  });

  it('has named links for profile and chat, and a notifications button', async () => {
    renderAt('/profile/billing');
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('You have no notifications yet.')).toBeVisible();
  });

  it('the user menu works with the keyboard and Escape returns focus', async () => {
    renderAt('/profile/billing');
    const button = screen.getByRole('button', { name: 'Hi, Ada!' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View Profile', 'Settings', 'Logout']);
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(where()).toBe('/profile/settings');
  });

  it('Logout calls the server, signs out even when that fails, and goes to /', async () => {
    const logout = jest.spyOn(accountApi, 'logout').mockRejectedValue(new Error('offline'));
    renderAt('/profile/billing');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada!' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(logout).toHaveBeenCalled();
    expect(await screen.findByText('Outside')).toBeInTheDocument();
    expect(where()).toBe('/');
    expect(authStore.getState().token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('the sidebar collapses behind a labelled button', async () => {
    renderAt('/profile/billing');
    const toggle = screen.getByRole('button', { name: 'Profile menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Proposals' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('links the footer pages', () => {
    renderAt('/profile/billing');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const links = Array.from(footer.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Frequently Asked Questions', '/faq'],
      ['User Agreement', '/user-agreement'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/cookie-policy'],
      ['Blog', '/blog'],
    ]);
  });
});
