import { act, screen } from '@testing-library/react';
import { authStore, signIn, signOut, type User } from '@sciexperts/shared';
import { answerMemberFrameCounts } from '../test/memberFrameCounts';
import { renderRoute } from '../test/renderRoute';

// Remotes are stood in for by components that say which exposed module the shell asked for.
jest.mock('../federation/remoteRegistry', () => {
  const noRegistryPages: never[] = [];
  return {
    loadRemoteModule: jest.fn(async (id: string) => ({ default: () => <p>remote {id}</p> })),
    resetRemote: jest.fn(async () => undefined),
    getRegistryPages: () => noRegistryPages,
    subscribeRegistryPages: () => () => undefined,
  };
});

// The member frame's bell opens a socket to the API; here it stays closed (its counts: answerMemberFrameCounts).
jest.mock('../member/notifications/liveConnection', () => ({ connectLive: () => () => undefined }));

const member = { id: 1, firstName: 'Ada' } as User;

beforeEach(() => {
  localStorage.clear();
  signOut();
  authStore.setState({ signedOutReason: null });
  answerMemberFrameCounts();
});
afterEach(() => jest.restoreAllMocks());

describe('routes and guards', () => {
  it('shows the home page to visitors at /', async () => {
    await renderRoute('/');
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('sends members from / to the freelancer dashboard', async () => {
    signIn('t', member);
    const { router } = await renderRoute('/');
    expect(await screen.findByText('remote mf_projects/FreelancerDashboard')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Freelancer Dashboard');
    expect(router.state.location.pathname).toBe('/profile/freelancer-dashboard');
  });

  it('sends visitors away from /profile/* and /chat to /', async () => {
    const profile = await renderRoute('/profile/settings');
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    expect(profile.router.state.location.pathname).toBe('/');
    profile.unmount();
    const chat = await renderRoute('/chat');
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    expect(chat.router.state.location.pathname).toBe('/');
  });

  it('lets members into /chat and /profile, and hides the public header on /profile', async () => {
    signIn('t', member);
    const chat = await renderRoute('/chat');
    expect(await screen.findByText('remote mf_chat/DirectMessage')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    chat.unmount();
    await renderRoute('/profile/calls');
    expect(await screen.findByText('remote mf_profile/CallsPage')).toBeInTheDocument();
    // The shell's member frame instead: its sidebar and the page's title in its header.
    expect(screen.getByRole('navigation', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Scheduled Calls');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it("shows 'Loading' while auth state loads, and 'Checking authentication...' on /chat", async () => {
    act(() => authStore.setState({ status: 'loading' }));
    const home = await renderRoute('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    home.unmount();
    await renderRoute('/chat');
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    expect(screen.queryByText('remote mf_chat/DirectMessage')).not.toBeInTheDocument();
  });

  it('serves the marketing pages from the marketing remote', async () => {
    await renderRoute('/how-it-works');
    expect(await screen.findByText('remote mf_marketing/HowItWorksPage')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Expert categories' })).toBeInTheDocument();
  });

  it.each([
    ['/solutions/strategy', 'SolutionPage'],
    ['/services/medical-writing', 'ServicePage'],
    ['/concierge', 'ConciergePage'],
    ['/blog', 'BlogIndexPage'],
    ['/blog/choose-consultant', 'BlogPostPage'],
    ['/story-2', 'StoryPage'],
    ['/faq', 'FaqPage'],
    ['/privacy-policy', 'LegalPage'],
    ['/terms', 'LegalPage'],
    ['/user-agreement', 'LegalPage'],
    ['/cookie-policy', 'LegalPage'],
    ['/developers', 'DevelopersPage'],
  ])('serves the content page %s from mf_marketing/%s, in the public layout', async (path, expose) => {
    await renderRoute(path);
    expect(await screen.findByText(`remote mf_marketing/${expose}`)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('links every content page from the public footer', async () => {
    await renderRoute('/how-it-works');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = Array.from(footer.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/how-it-works', '/join-expert', '/concierge', '/blog', '/faq', '/developers', '/terms', '/privacy-policy', '/cookie-policy']);
  });

  it('serves the project pages from the projects remote, and sends Request a service to the form with its query', async () => {
    const list = await renderRoute('/projects');
    expect(await screen.findByText('remote mf_projects/ProjectsPage')).toBeInTheDocument();
    list.unmount();
    const project = await renderRoute('/projects/12');
    expect(await screen.findByText('remote mf_projects/ProjectPage')).toBeInTheDocument();
    project.unmount();
    const { router } = await renderRoute('/request-service?service=Medical%20Writing');
    expect(await screen.findByText('remote mf_projects/CreateProjectPage')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/create-project?service=Medical%20Writing');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows a not-found page inside the normal layout for unknown paths', async () => {
    await renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | SciExperts');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it("shows 'Unexpected Application Error!' when a route throws", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('kaboom');
    };
    const { router } = await renderRoute('/boom', [{ path: 'boom', element: <Boom /> }]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
    // In place of the whole frame, until the visitor goes elsewhere: the next page shows in its frame again.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await act(async () => {
      await router.navigate('/how-it-works');
    });
    expect(await screen.findByText('remote mf_marketing/HowItWorksPage')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
