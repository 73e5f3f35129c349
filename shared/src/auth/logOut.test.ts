import type { User } from '../contracts/entities';
import { accountApi } from '../api/accountApi';
import { authStore, signIn } from './authStore';
import { logOut, setIdentitySignOut } from './logOut';

jest.mock('../api/accountApi', () => ({ accountApi: { logout: jest.fn() } }));

const logoutCall = accountApi.logout as jest.Mock;
const member = { id: 3, firstName: 'Liam' } as User;

describe('logOut', () => {
  const providerSignOut = jest.fn<Promise<void>, []>();

  beforeEach(() => {
    localStorage.clear();
    jest.clearAllMocks();
    logoutCall.mockResolvedValue(undefined);
    providerSignOut.mockResolvedValue(undefined);
    setIdentitySignOut(providerSignOut);
  });
  afterAll(() => setIdentitySignOut(null));

  it('revokes the server session and signs out; a password member never meets the provider', async () => {
    signIn('tok', member);
    await logOut();
    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(authStore.getState()).toMatchObject({ token: null, user: null, signInMethod: null });
    expect(providerSignOut).not.toHaveBeenCalled();
  });

  it("ends the provider's session after the product session for a member who signed in through it", async () => {
    const order: string[] = [];
    logoutCall.mockImplementation(async () => void order.push(`server (token ${authStore.getState().token})`));
    providerSignOut.mockImplementation(async () => void order.push(`provider (token ${authStore.getState().token})`));
    signIn('tok', member, 'identity');
    await logOut();
    expect(order).toEqual(['server (token tok)', 'provider (token null)']);
  });

  it('signs out even when the server and the provider cannot be reached', async () => {
    logoutCall.mockRejectedValue(new Error('offline'));
    providerSignOut.mockRejectedValue(new Error('offline'));
    signIn('tok', member, 'identity');
    await expect(logOut()).resolves.toBeUndefined();
    expect(authStore.getState().token).toBeNull();
  });
});
