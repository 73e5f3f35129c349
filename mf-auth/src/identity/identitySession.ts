import { signIn } from '@sciexperts/shared';
import { exchangeProviderToken } from './exchangeProviderToken';
import { identityManager, isIdentityConfigured, TOKEN_EXPIRY_MARGIN_SECONDS } from './identityClient';

/**
 * For a guard that finds no product session: if this tab still holds the identity provider's user with a
 * token that is not about to expire, exchange it silently (the same path as the sign-in callback).
 * Resolves true when the member is now signed in; never rejects.
 */
export async function resumeIdentitySession(): Promise<boolean> {
  if (!isIdentityConfigured()) return false;
  try {
    const identity = await identityManager();
    const providerUser = await identity.getUser();
    if (!providerUser || (providerUser.expires_in ?? 0) <= TOKEN_EXPIRY_MARGIN_SECONDS) return false;
    const session = await exchangeProviderToken(identity, providerUser.access_token);
    signIn(session.token, session.user, 'identity');
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the identity provider's session: the browser leaves for the provider's logout with the ID token
 * as hint and comes back to the site origin. Call it after the product session is over.
 */
export async function endIdentitySession(): Promise<void> {
  const identity = await identityManager();
  // No extra parameters: the audience hint is for the authorize request only.
  await identity.signoutRedirect({ extraQueryParams: {} });
}
