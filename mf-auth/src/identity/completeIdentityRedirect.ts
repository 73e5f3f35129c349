import { exchangeProviderToken, type ProductSession } from './exchangeProviderToken';
import { identityManager } from './identityClient';

// One attempt per return URL: the code and state are single-use, so a second mount of the callback
// screen (a re-render of its route, a development double effect) must share the first attempt's outcome.
const attempts = new Map<string, Promise<ProductSession>>();

/**
 * The identity provider has sent the browser back with `code` and `state` (or `error` and `state`):
 * the library checks the state against the one it stored, redeems the code with the PKCE verifier,
 * and the provider's token is exchanged for the product's session (stored by the caller).
 */
export function completeIdentityRedirect(url: string = window.location.href): Promise<ProductSession> {
  let attempt = attempts.get(url);
  if (!attempt) {
    attempt = (async () => {
      const identity = await identityManager();
      const providerUser = await identity.signinRedirectCallback(url);
      return exchangeProviderToken(identity, providerUser.access_token);
    })();
    attempts.set(url, attempt);
  }
  return attempt;
}
