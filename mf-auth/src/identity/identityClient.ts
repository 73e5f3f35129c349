import type { UserManager } from 'oidc-client-ts';
import { getRuntimeConfig } from '@sciexperts/shared';

/** Spec §3: the scopes the identity provider is asked for. */
export const IDENTITY_SCOPES = 'openid profile email read:profile read:experts send:message';
/** Spec §4: the identity login redirect returns to the freelancer dashboard. */
export const IDENTITY_RETURN_PATH = '/profile/freelancer-dashboard';

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
    });
  }
  return manager;
}

/** Leaves the page for the provider's login, hinting the LinkedIn connection. */
export async function signInWithLinkedIn(): Promise<void> {
  const identity = await identityManager();
  await identity.signinRedirect({ extraQueryParams: { ...audienceParams(), connection: 'linkedin' } });
}
