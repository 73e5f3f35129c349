import { act, screen } from '@testing-library/react';
import { authStore, configureRuntime, signIn, signOut, type User } from '@sciexperts/shared';
import { answerMemberFrameCounts } from '../test/memberFrameCounts';
import { renderRoute } from '../test/renderRoute';

// Remotes are stood in for by components that say which module the shell asked for; the auth remote's
// framework-free identity session is a pair of mocks the tests steer.
const identitySession = { resumeIdentitySession: jest.fn<Promise<boolean>, []>(), endIdentitySession: jest.fn() };
jest.mock('../federation/remoteRegistry', () => {
  const noRegistryPages: never[] = [];
  return {
    loadRemoteModule: jest.fn(async (id: string) =>
      id === 'mf_auth/identitySession' ? identitySession : { default: () => <p>remote {id}</p> },
    ),
    resetRemote: jest.fn(async () => undefined),
    getRegistryPages: () => noRegistryPages,
    subscribeRegistryPages: () => () => undefined,
  };
});

// The member frame's bell opens a socket to the API; here it stays closed (its counts: answerMemberFrameCounts).
jest.mock('../member/notifications/liveConnection', () => ({ connectLive: () => () => undefined }));

const member = { id: 41, firstName: 'Liam' } as User;
const oidc = { authority: 'http://localhost:3001', clientId: 'sciexperts-web', audience: 'http://localhost:3000/api', scope: 'openid' };

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  signOut();
  configureRuntime({ oidc });
  answerMemberFrameCounts();
});
afterEach(() => jest.restoreAllMocks());

describe('the identity provider coming back', () => {
  it('shows the auth remote\'s callback in the public frame instead of bouncing the visitor to /', async () => {
    const { router } = await renderRoute('/profile/freelancer-dashboard?code=abc&state=xyz');
    expect(await screen.findByText('remote mf_auth/IdentityCallback')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/freelancer-dashboard');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText('remote mf_projects/FreelancerDashboard')).not.toBeInTheDocument();
  });

  it("does not take ORCID's return (/profile with only a code) for a sign-in: visitors still go to /", async () => {
    const { router } = await renderRoute('/profile?code=orcid-code');
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a member already signed in straight through to the profile', async () => {
    signIn('t', member, 'identity');
    await renderRoute('/profile/freelancer-dashboard?code=abc&state=xyz');
    expect(await screen.findByText('remote mf_projects/FreelancerDashboard')).toBeInTheDocument();
  });
});

describe('the chat guard', () => {
  it("signs a visitor in from the provider's stored session instead of redirecting", async () => {
    // The provider answers when the test says, so the page in between can be seen.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    identitySession.resumeIdentitySession.mockImplementation(async () => {
      await answered;
      signIn('product-token', member, 'identity');
      return true;
    });
    const { router } = await renderRoute('/chat');
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByText('remote mf_chat/DirectMessage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat');
    expect(identitySession.resumeIdentitySession).toHaveBeenCalledTimes(1);
  });

  it('redirects to / when neither session is authenticated', async () => {
    identitySession.resumeIdentitySession.mockResolvedValue(false);
    const { router } = await renderRoute('/chat');
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(identitySession.resumeIdentitySession).toHaveBeenCalledTimes(1);
  });

  it('asks nobody when no identity provider is configured, nor when the member has a product session', async () => {
    configureRuntime({ oidc: null });
    const visitor = await renderRoute('/chat');
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    visitor.unmount();

    configureRuntime({ oidc });
    signIn('t', member);
    await renderRoute('/chat');
    expect(await screen.findByText('remote mf_chat/DirectMessage')).toBeInTheDocument();
    expect(identitySession.resumeIdentitySession).not.toHaveBeenCalled();
  });

  it('sends a member who logs out on /chat away, without signing them back in', async () => {
    signIn('t', member, 'identity');
    const { router } = await renderRoute('/chat');
    expect(await screen.findByText('remote mf_chat/DirectMessage')).toBeInTheDocument();
    act(() => signOut());
    expect(await screen.findByText('remote mf_marketing/HomePage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(identitySession.resumeIdentitySession).not.toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
  });
});
