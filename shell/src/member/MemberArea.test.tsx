import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { accountApi, authStore, signIn, type PlaceholderPageProps } from '@sciexperts/shared';
import { notificationsApi, userApi } from '@sciexperts/shared/member';
import { loadRegistry } from '../federation/remoteRegistry';
import { forgetLoadedRemoteComponents } from '../federation/remoteLoader';
import { MemberArea } from './MemberArea';
import { dashboardModeKey } from './useDashboardMode';
import { makeUser } from '@sciexperts/shared/testing';

// The federation runtime is stood in for by components that render what the real exposes render (their
// h1); the registry is the real module, reading a /remotes.json this test serves.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
// The bell's live connection is a socket to the API; the bell's own tests drive it by hand.
jest.mock('./notifications/liveConnection', () => ({ connectLive: () => () => undefined }));

const remoteModules: Record<string, unknown> = {
  'mf_profile/ProfileEditor': { default: () => <h1>Profile</h1> },
  'mf_profile/AccountSettingsPage': { default: () => <h1>Account settings</h1> },
  'mf_profile/CallsPage': { default: () => <h1>Scheduled Calls</h1> },
  'mf_profile/PlaceholderPage': {
    default: ({ title, description }: PlaceholderPageProps) => (
      <section>
        <h1>{title}</h1>
        <p>{description}</p>
      </section>
    ),
  },
  'mf_reviews/ReviewsPage': { default: () => <h1>Reviews you received</h1> },
  // mf-projects fills the dashboards and the project pages; each renders its page's title as the h1.
  'mf_projects/FreelancerDashboard': { default: () => <h1>Freelancer Dashboard</h1> },
  'mf_projects/OwnerDashboard': { default: () => <h1>Project Owner Dashboard</h1> },
  'mf_projects/MyProjectsPage': { default: () => <h1>My Projects</h1> },
  'mf_projects/BrowseProjectsPage': { default: () => <h1>Browse Projects</h1> },
  'mf_projects/ProposalsPage': { default: () => <h1>Proposals</h1> },
  'mf_projects/WorkspacePage': { default: () => <h1>Workspace</h1> },
  'mf_projects/PaymentDetailsPage': { default: () => <h1>Payment Details</h1> },
  'mf_projects/BillingPage': { default: () => <h1>Billing</h1> },
};
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

const registry = {
  remotes: [
    { name: 'mf_profile', entry: 'http://localhost:8084/mf-manifest.json' },
    {
      name: 'mf_reviews',
      entry: 'http://localhost:8090/mf-manifest.json',
      pages: [
        { path: 'reviews', title: 'Reviews', navLabel: 'Reviews', module: 'mf_reviews/ReviewsPage' },
        // Ignored: the shell's own page wins, and a remote may only name its own modules.
        { path: 'billing', title: 'Hijacked', navLabel: 'Hijacked', module: 'mf_reviews/ReviewsPage' },
        { path: 'stolen', title: 'Stolen', navLabel: 'Stolen', module: 'mf_profile/ProfileEditor' },
      ],
    },
  ],
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders, then lets the page's (stubbed) remote module resolve inside act, as it would right away in a browser. */
async function renderAt(path: string) {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/profile/*" element={<MemberArea />} />
        <Route path="*" element={<p>Outside</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await act(async () => undefined);
  return view;
}
const where = () => screen.getByTestId('where').textContent;

beforeAll(async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  global.fetch = jest.fn(async () => new Response(JSON.stringify(registry))) as typeof fetch;
  await loadRegistry();
});

beforeEach(() => {
  // The registry's two refused pages are warned about whenever the pages are read (restoreAllMocks ends each test's spy).
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
  forgetLoadedRemoteComponents();
  load.mockReset();
  load.mockImplementation(async (id: string) => remoteModules[id] ?? null);
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 0 });
  jest.spyOn(notificationsApi, 'list').mockResolvedValue({ results: [], nextBefore: null, unreadCount: 0 });
  act(() => signIn('token', makeUser()));
});
afterEach(() => jest.restoreAllMocks());

describe('the member area frame', () => {
  it('greets the stored member without calling the API', async () => {
    const getById = jest.spyOn(userApi, 'getById');
    await renderAt('/profile/settings');
    expect(screen.getByRole('button', { name: 'Hi, Ada!' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
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
    ['Account settings', '/profile/settings', 'Account settings'],
  ])('the sidebar link %s opens %s', async (label, path, heading) => {
    jest.spyOn(userApi, 'getById').mockReturnValue(new Promise(() => undefined));
    await renderAt('/profile/billing');
    const nav = screen.getByRole('navigation', { name: 'Profile' });
    await userEvent.click(nav.querySelector(`a[href="${path}"]`) as HTMLElement);
    expect(where()).toBe(path);
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent(heading);
  });

  it('gives a page that has pages below it (one contract in the workspace) those paths too, with its title and link', async () => {
    await renderAt('/profile/workspace/12');
    expect(screen.getByRole('heading', { level: 1, name: 'Workspace' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Workspace');
    expect(load).toHaveBeenLastCalledWith('mf_projects/WorkspacePage');
    expect(screen.getByRole('link', { name: 'Workspace' })).toHaveAttribute('aria-current', 'page');
    await renderAt('/profile/calls/12');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('redirects /profile/browse to /profile/browse-projects', async () => {
    await renderAt('/profile/browse');
    expect(where()).toBe('/profile/browse-projects');
  });

  it('titles the header by path', async () => {
    await renderAt('/profile/calls');
    expect(screen.getByRole('banner')).toHaveTextContent('Scheduled Calls');
  });

  it('the role switch moves between the dashboards, by click and keyboard, and the Dashboard link follows', async () => {
    await renderAt('/profile/freelancer-dashboard');
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
    await renderAt('/profile/billing');
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have no notifications yet.')).toBeVisible();
  });

  it('the user menu works with the keyboard and Escape returns focus', async () => {
    await renderAt('/profile/billing');
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
    await renderAt('/profile/billing');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada!' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(logout).toHaveBeenCalled();
    expect(await screen.findByText('Outside')).toBeInTheDocument();
    expect(where()).toBe('/');
    expect(authStore.getState().token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('on a phone, a labelled button opens a drawer with the switch, the pages and the account; a choice closes it', async () => {
    await renderAt('/profile/billing');
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Profile menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Profile menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', drawer.id);
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(drawer).toHaveTextContent('Hi, Ada!');
    expect(within(drawer).getByRole('switch', { name: 'Project Owner mode' })).toHaveAttribute('aria-checked', 'false');
    const pages = within(within(drawer).getByRole('navigation', { name: 'Profile' })).getAllByRole('link');
    expect(pages.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Profile',
      'My Projects',
      'Browse Projects',
      'Proposals',
      'Workspace',
      'Payment Details',
      'Billing',
      'Scheduled Calls',
      'Account settings',
      'Reviews',
    ]);
    expect(within(drawer).getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    expect(within(drawer).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(within(drawer).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
    for (const name of ['View Profile', 'Settings', 'Logout']) expect(within(drawer).getByRole('button', { name })).toBeInTheDocument();
    // The page behind is inert while it is open.
    expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();

    await userEvent.click(within(drawer).getByRole('link', { name: 'Proposals' }));
    expect(where()).toBe('/profile/proposals');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('the drawer closes on Escape and by its close button, and its switch and menu items act and close it', async () => {
    await renderAt('/profile/billing');
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Profile menu' });
    const drawer = () => screen.getByRole('dialog', { name: 'Profile menu' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(within(drawer()).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(button);
    await userEvent.click(within(drawer()).getByRole('switch', { name: 'Project Owner mode' }));
    expect(where()).toBe('/profile/project-owner-dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    expect(within(drawer()).getByRole('switch', { name: 'Project Owner mode' })).toHaveAttribute('aria-checked', 'true');
    expect(within(drawer()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/profile/project-owner-dashboard');

    await userEvent.click(within(drawer()).getByRole('button', { name: 'Settings' }));
    expect(where()).toBe('/profile/settings');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the drawer closes itself when the viewport grows past the phone breakpoint (its button is hidden there)', async () => {
    let onChange: (() => void) | undefined;
    const wide = { matches: false, addEventListener: (_: string, listener: () => void) => (onChange = listener), removeEventListener: jest.fn() };
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: jest.fn(() => wide) });
    try {
      await renderAt('/profile/billing');
      await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Profile menu' }));
      expect(window.matchMedia).toHaveBeenCalledWith('(min-width: 768px)');
      act(() => {
        wide.matches = true;
        onChange?.();
      });
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('links the footer pages', async () => {
    await renderAt('/profile/billing');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const links = Array.from(footer.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Frequently Asked Questions', '/faq'],
      ['User Agreement', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/cookie-policy'],
      ['Blog', '/blog'],
    ]);
  });

  it('fills each page from the remote module its entry names', async () => {
    await renderAt('/profile/calls');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_profile/CallsPage');
  });

  it('shows a page not found inside the frame for a path no page serves', async () => {
    await renderAt('/profile/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no such page in your profile area.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Profile' })).toBeInTheDocument();
  });
});

describe('the Freelancer / Project Owner choice', () => {
  const ownerSwitch = () => screen.getByRole('switch', { name: 'Project Owner mode' });
  const dashboardLink = () => within(screen.getByRole('navigation', { name: 'Profile' })).getByRole('link', { name: 'Dashboard' });

  it('survives a reload: a page opened directly shows the stored choice, and Dashboard leads to its dashboard', async () => {
    const first = await renderAt('/profile/freelancer-dashboard');
    await userEvent.click(ownerSwitch());
    expect(where()).toBe('/profile/project-owner-dashboard');
    first.unmount();
    // A reload is a fresh render that reads what the last one left behind.
    await renderAt('/profile/billing');
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(dashboardLink()).toHaveAttribute('href', '/profile/project-owner-dashboard');
  });

  it('follows a choice made in another tab (the storage event)', async () => {
    await renderAt('/profile/workspace');
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'false');
    act(() => {
      localStorage.setItem(dashboardModeKey(7), 'owner');
      window.dispatchEvent(new StorageEvent('storage', { key: dashboardModeKey(7), newValue: 'owner', storageArea: localStorage }));
    });
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(dashboardLink()).toHaveAttribute('href', '/profile/project-owner-dashboard');
  });

  it('is kept per member: another member on the same browser starts from Freelancer', async () => {
    const owner = await renderAt('/profile/freelancer-dashboard');
    await userEvent.click(ownerSwitch());
    owner.unmount();
    act(() => signIn('token-2', makeUser({ id: 8, firstName: 'Grace' })));
    const other = await renderAt('/profile/billing');
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'false');
    other.unmount();
    act(() => signIn('token', makeUser()));
    await renderAt('/profile/billing');
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'true');
  });

  it('a dashboard shows its own mode without replacing the choice (the signed-in home leads to the freelancer one)', async () => {
    localStorage.setItem(dashboardModeKey(7), 'owner');
    await renderAt('/profile/freelancer-dashboard');
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Profile' })).getByRole('link', { name: 'Billing' }));
    expect(ownerSwitch()).toHaveAttribute('aria-checked', 'true');
  });
});

describe('pages from the registry', () => {
  it('adds a page of a remote registered only in /remotes.json to the sidebar and the routes', async () => {
    await renderAt('/profile/billing');
    const nav = screen.getByRole('navigation', { name: 'Profile' });
    const labels = within(nav).getAllByRole('link').map((link) => link.textContent);
    // After the shell's own list; the clashing and the foreign-module entries are left out.
    expect(labels.slice(-2)).toEqual(['Account settings', 'Reviews']);
    expect(labels).not.toContain('Hijacked');
    expect(labels).not.toContain('Stolen');
    await userEvent.click(within(nav).getByRole('link', { name: 'Reviews' }));
    expect(where()).toBe('/profile/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews you received' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Reviews');
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(load).toHaveBeenCalledWith('mf_reviews/ReviewsPage');
  });

  it('a page whose remote fails shows the error region in the page only; the frame stays and Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockImplementation(async (id: string) => {
      if (id === 'mf_reviews/ReviewsPage') throw new Error('Failed to fetch mf-manifest.json');
      return remoteModules[id] ?? null;
    });
    await renderAt('/profile/reviews');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, this page could not be loaded.');
    expect(screen.getByRole('main')).toContainElement(alert);
    expect(screen.getByRole('banner')).toHaveTextContent('Reviews');
    expect(screen.getByRole('button', { name: 'Hi, Ada!' })).toBeInTheDocument();
    // Another remote's page in the same frame is unaffected.
    await userEvent.click(screen.getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Reviews' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    load.mockImplementation(async (id: string) => remoteModules[id] ?? null);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews you received' })).toBeInTheDocument();
  });
});
