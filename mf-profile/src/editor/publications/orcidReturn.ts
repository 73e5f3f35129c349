// What ORCID hands back on /profile, and the `state` that proves it answers a request made in this tab.
// The identity provider's sign-in returns to /profile/freelancer-dashboard with its own code and state;
// a code without our pending state is left alone for whoever it belongs to.

const STATE_KEY = 'sciexperts.orcid.state';
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description'];

export type OrcidReturn = { kind: 'none' } | { kind: 'code'; code: string } | { kind: 'denied' } | { kind: 'mismatch' };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the flow then cannot be verified, and a returning code is refused
  }
}

/** An unguessable value for one authorization request. */
export function newOrcidState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Remembered for this tab just before the browser leaves for ORCID. */
export function rememberOrcidState(state: string): void {
  session()?.setItem(STATE_KEY, state);
}

export function pendingOrcidState(): string | null {
  return session()?.getItem(STATE_KEY) ?? null;
}

export function forgetOrcidState(): void {
  session()?.removeItem(STATE_KEY);
}

export function readOrcidReturn(search: string, pending: string | null): OrcidReturn {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const error = params.get('error');
  if (code === null && error === null) return { kind: 'none' };
  // Nothing of ours is pending: not an ORCID answer for this tab (or already handled).
  if (pending === null) return { kind: 'none' };
  if (params.get('state') !== pending) return { kind: 'mismatch' };
  if (error !== null || !code) return { kind: 'denied' };
  return { kind: 'code', code };
}

/** The query string without ORCID's answer, so a reload or a shared link never replays the code. */
export function withoutOrcidParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
