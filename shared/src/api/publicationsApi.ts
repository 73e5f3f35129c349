import { API_PATHS, ORCID_SYNC_FAILED, pathTo, request, type OrcidCallbackResponse, type Publication, type RuntimeConfig } from '@sciexperts/shared';
// The list getter already lives in userApi (the editor loads it for the chips); called late so spies on it apply.
import { userApi } from './userApi';

/** ORCID's scope for reading the member's iD and public works (the only one the API needs). */
export const ORCID_DEFAULT_SCOPE = '/authenticate';

export type OrcidSettings = NonNullable<RuntimeConfig['orcid']>;

/**
 * Where 'Connect to ORCID' sends the browser: ORCID's authorization page for our client, returning to
 * /profile (or the configured redirect URI, which must equal the API's ORCID_REDIRECT_URI for the code
 * exchange to succeed). `state` comes back unchanged and ties the returning code to this browser.
 */
export function orcidAuthorizeUrl(orcid: OrcidSettings, state: string, siteOrigin: string): string {
  const url = new URL(orcid.authorizeUrl);
  url.searchParams.set('client_id', orcid.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', orcid.scope || ORCID_DEFAULT_SCOPE);
  url.searchParams.set('redirect_uri', orcid.redirectUri || `${siteOrigin}/profile`);
  url.searchParams.set('state', state);
  return url.toString();
}

export const publicationsApi = {
  /** The works stored by the member's last sync (shown on later visits without reconnecting). */
  list: (userId: number): Promise<Publication[]> => userApi.getPublications(userId),
  /** The API exchanges the code with ORCID (its secret never reaches the browser), stores and returns the works. */
  syncFromOrcid: (code: string) =>
    request<OrcidCallbackResponse>('get', pathTo(API_PATHS.orcidCallback, {}, { code }), { fallbackError: ORCID_SYNC_FAILED }),
};
