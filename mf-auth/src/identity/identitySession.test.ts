import { authStore, configureRuntime, signOut } from '@sciexperts/shared';
import { api, ada } from '../testing/mockAccountApi';
import { endIdentitySession, resumeIdentitySession } from './identitySession';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());
const manager = { getUser: jest.fn(), removeUser: jest.fn(), signoutRedirect: jest.fn() };
jest.mock('./identityClient', () => ({
  ...jest.requireActual('./identityClient'),
  identityManager: jest.fn(async () => manager),
}));

const oidc = { authority: 'http://localhost:3001', clientId: 'sciexperts-web', audience: 'http://localhost:3000/api', scope: 'openid' };

describe('identity session', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    localStorage.clear();
    signOut();
    configureRuntime({ oidc });
    manager.removeUser.mockResolvedValue(undefined);
  });

  it("exchanges the provider's stored, unexpired token silently and signs the member in", async () => {
    manager.getUser.mockResolvedValue({ access_token: 'provider-at', expires_in: 1800 });
    api.loginWithIdentityToken.mockResolvedValue({ accessToken: 'product-token', user: ada });
    await expect(resumeIdentitySession()).resolves.toBe(true);
    expect(api.loginWithIdentityToken).toHaveBeenCalledWith('provider-at');
    expect(authStore.getState()).toMatchObject({ token: 'product-token', signInMethod: 'identity' });
  });

  it('does nothing without a stored provider user, or with a token inside the 60 s expiry margin', async () => {
    manager.getUser.mockResolvedValueOnce(null).mockResolvedValueOnce({ access_token: 'old', expires_in: 45 });
    await expect(resumeIdentitySession()).resolves.toBe(false);
    await expect(resumeIdentitySession()).resolves.toBe(false);
    expect(api.loginWithIdentityToken).not.toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
  });

  it('answers false when the exchange is refused, and forgets the provider user', async () => {
    manager.getUser.mockResolvedValue({ access_token: 'provider-at', expires_in: 1800 });
    api.loginWithIdentityToken.mockRejectedValue(new Error('refused'));
    await expect(resumeIdentitySession()).resolves.toBe(false);
    expect(manager.removeUser).toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
  });

  it('answers false at once when no identity provider is configured', async () => {
    configureRuntime({ oidc: null });
    await expect(resumeIdentitySession()).resolves.toBe(false);
    expect(manager.getUser).not.toHaveBeenCalled();
  });

  it("ends the provider's session through its logout redirect, without the authorize request's extras", async () => {
    manager.signoutRedirect.mockResolvedValue(undefined);
    await endIdentitySession();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ extraQueryParams: {} });
  });
});
