import { exchangeProviderToken, SecondFactorNeeded, type ProductSession } from './exchangeProviderToken';
import { identityManager } from './identityClient';
import { sitePath, type IdentityReturn } from './returnPath';

// One attempt per return URL: the code and state are single-use, so a second mount of the callback
// screen (a re-render of its route, a development double effect) must share the first attempt's outcome.
const attempts = new Map<string, Promise<ProductSession & { returnTo: string | null }>>();

/**
 * The identity provider has sent the browser back with `code` and `state` (or `error` and `state`):
 * the library checks the state against the one it stored, redeems the code with the PKCE verifier,
 * and the provider's token is exchanged for the product's session (stored by the caller). `returnTo`: the page the
 * sign-in was started from, when it asked to come back (signInWithLinkedIn); also on a SecondFactorNeeded.
 */
export function completeIdentityRedirect(url: string = window.location.href): Promise<ProductSession & { returnTo: string | null }> {
  let attempt = attempts.get(url);
  if (!attempt) {
    attempt = (async () => {
      const identity = await identityManager();
      const providerUser = await identity.signinRedirectCallback(url);
      const returnTo = sitePath((providerUser.state as Partial<IdentityReturn> | undefined)?.returnTo);
      try {
        return { ...(await exchangeProviderToken(identity, providerUser.access_token)), returnTo };
      } catch (error) {
        if (error instanceof SecondFactorNeeded) error.returnTo = returnTo;
        throw error;
      }
    })();
    attempts.set(url, attempt);
  }
  return attempt;
}
