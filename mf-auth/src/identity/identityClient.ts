import type { UserManager } from 'oidc-client-ts';
import { getRuntimeConfig, IDENTITY_RETURN_PATH } from '@sciexperts/shared';
import { sitePath, type IdentityReturn } from './returnPath';

/** The scopes the identity provider is asked for: the OpenID ones, then the three the API checks. */
export const IDENTITY_SCOPES = 'openid profile email read:profile read:experts send:message';
/** The identity login redirect returns to the freelancer dashboard. */
export { IDENTITY_RETURN_PATH };
/** Cached tokens count as expired 60 s early, so a call never leaves with a token about to lapse. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 60;

let manager: UserManager | null = null;

export function isIdentityConfigured(): boolean {
  return getRuntimeConfig().oidc !== null;
}

function audienceParams(): Record<string, string> {
  const audience = getRuntimeConfig().oidc?.audience;
  return audience ? { audience } : {};
}

/**
 * Authorization code with PKCE (oidc-client-ts always sends an S256 challenge for the code flow).
 * Loaded on first use so the library stays out of the modal's first download.
 */
export async function identityManager(): Promise<UserManager> {
  const oidc = getRuntimeConfig().oidc;
  if (!oidc) throw new Error('The identity provider is not configured.');
  if (!manager) {
    const { UserManager: Manager } = await import('oidc-client-ts');
    manager = new Manager({
      authority: oidc.authority,
      client_id: oidc.clientId,
      redirect_uri: `${window.location.origin}${IDENTITY_RETURN_PATH}`,
      post_logout_redirect_uri: window.location.origin,
      response_type: 'code',
      scope: oidc.scope || IDENTITY_SCOPES,
      extraQueryParams: audienceParams(),
      // The product's identity defaults that have an equivalent here: a token request gives up after 10 s, and a token
      // counts as expiring 60 s before it does. (The popup timeout, the 1-day session cookie and the
      // token-fetch retries belong to a popup or cookie flow this redirect flow does not use.)
      requestTimeoutInSeconds: 10,
      accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_MARGIN_SECONDS,
      // Both would load the provider in a hidden iframe, which the site's CSP (frame-src) forbids; the
      // product's own token carries the session, and the provider is asked again at the next sign-in.
      automaticSilentRenew: false,
      monitorSession: false,
    });
  }
  return manager;
}

/**
 * Leaves the page for the provider's login, hinting the LinkedIn connection. `returnTo` travels in the request's
 * state (kept by the library in this browser, never sent to the provider) so the member comes back to that page, the
 * partner's sign-in popup with its query for one (decision 0050), instead of the dashboard.
 */
export async function signInWithLinkedIn(returnTo?: string | null): Promise<void> {
  const identity = await identityManager();
  const path = sitePath(returnTo);
  await identity.signinRedirect({ extraQueryParams: { ...audienceParams(), connection: 'linkedin' }, ...(path ? { state: { returnTo: path } satisfies IdentityReturn } : {}) });
}
