// The page an identity sign-in comes back to, carried in the OpenID request's state (kept in this browser only).

/** Where the identity sign-in brings the member back when it was started from a page they must return to. */
export interface IdentityReturn {
  returnTo: string;
}

/** A path on this site (not `//host`, not another origin), or null. */
export function sitePath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}
