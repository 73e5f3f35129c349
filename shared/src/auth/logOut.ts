import { accountApi } from '../api/accountApi';
import { authStore, signOut } from './authStore';

type ProviderSignOut = () => Promise<void>;

let providerSignOut: ProviderSignOut | null = null;

/**
 * The shell registers how the identity provider's session ends (it loads the auth remote for that), so any
 * slice's Logout can end it without importing the auth remote.
 */
export function setIdentitySignOut(handler: ProviderSignOut | null): void {
  providerSignOut = handler;
}

/**
 * Logout from anywhere: the server revokes the session and this tab (and every other) signs out. For a
 * member who signed in through the identity provider, the browser then leaves for the provider's logout,
 * which ends that session too and returns to the site origin. The caller navigates to / as usual: the
 * product session is over whether or not the provider can be reached.
 */
export async function logOut(): Promise<void> {
  const method = authStore.getState().signInMethod;
  // Best effort: the server session may already be gone; signing out locally must still happen.
  await accountApi.logout().catch(() => undefined);
  signOut();
  if (method === 'identity' && providerSignOut) {
    // Not awaited: the redirect only resolves when the page is gone, and a failure leaves the member signed out here.
    void providerSignOut().catch(() => undefined);
  }
}
