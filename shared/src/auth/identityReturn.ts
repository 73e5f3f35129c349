import { IDENTITY_RETURN_PATH } from '../contracts/constants';

/**
 * True when the browser has just come back from the identity provider: the return path with `state` and
 * either a `code` or the provider's `error`. ORCID returns to /profile with a bare `code` and no `state`,
 * so the two redirects are never confused.
 */
export function isIdentityReturn(pathname: string, search: string): boolean {
  if (pathname.replace(/\/+$/, '') !== IDENTITY_RETURN_PATH) return false;
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
