import { IDENTITY_RETURN_PATH } from '../contracts/constants';

/**
 * True when the browser has just come back from the identity provider: the return path with `state` and
 * either a `code` or the provider's `error`. ORCID also brings back a `state`, but to /profile, so the path
 * alone keeps the two redirects apart.
 */
export function isIdentityReturn(pathname: string, search: string): boolean {
  if (pathname.replace(/\/+$/, '') !== IDENTITY_RETURN_PATH) return false;
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
