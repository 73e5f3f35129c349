// The operator's session, kept apart from the member's: an operator token lives in this tab only (sessionStorage),
// is never the shared auth store's, and is dropped as soon as the API stops accepting it.
import { createStore, useStore } from 'zustand';
import type { OperatorView } from '@sciexperts/shared/member';

export interface OperatorSession {
  token: string;
  expiresAt: string;
  operator: OperatorView;
  /** Signed in with the one-time password from create-operator: the console shows only the password change. */
  passwordChangeRequired?: boolean;
}

const KEY = 'sciexperts.operatorSession';

function load(): OperatorSession | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as OperatorSession) : null;
    return parsed && Date.parse(parsed.expiresAt) > Date.now() ? parsed : null;
  } catch {
    return null;
  }
}

export const sessionStore = createStore<{ session: OperatorSession | null }>(() => ({ session: load() }));

export function setSession(session: OperatorSession | null): void {
  try {
    if (session) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(session));
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    /* private mode: the session lasts as long as the page */
  }
  sessionStore.setState({ session });
}

export const useSession = () => useStore(sessionStore, (s) => s.session);
