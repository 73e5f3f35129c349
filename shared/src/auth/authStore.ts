import { createStore } from 'zustand/vanilla';
import { AUTH_CHANGE_EVENT, SIGN_IN_METHOD_KEY, STORAGE_KEYS } from '../contracts/constants';
import type { User } from '../contracts/entities';

/** 'identity': through the identity provider (its session must end at logout too); 'password': the product's own login. */
export type SignInMethod = 'password' | 'identity';

export interface AuthState {
  /** 'loading' until the stored state has been read once. */
  status: 'loading' | 'ready';
  token: string | null;
  user: User | null;
  /** How the stored session was obtained; null when signed out. */
  signInMethod: SignInMethod | null;
  /** Set when the server ended the session, so the UI can say why the member was signed out. */
  signedOutReason: string | null;
}

export const authStore = createStore<AuthState>(() => ({
  status: 'loading',
  token: null,
  user: null,
  signInMethod: null,
  signedOutReason: null,
}));

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the stored user; corrupt data is removed and treated as no user. */
function readStoredUser(store: Storage): User | null {
  const raw = store.getItem(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { id?: unknown }).id === 'number') {
      return parsed as User;
    }
  } catch {
    // fall through: the value is not JSON
  }
  store.removeItem(STORAGE_KEYS.user);
  return null;
}

function readSignInMethod(store: Storage): SignInMethod | null {
  const stored = store.getItem(SIGN_IN_METHOD_KEY);
  if (stored === 'identity' || stored === 'password') return stored;
  // Sessions stored before the method was recorded came from the e-mail and password login.
  return store.getItem(STORAGE_KEYS.token) ? 'password' : null;
}

/** Re-reads local storage into the store; every tab calls it on `storage` and `authChange`. */
export function refreshAuthFromStorage(): void {
  const store = storage();
  const token = store?.getItem(STORAGE_KEYS.token) ?? null;
  const user = store ? readStoredUser(store) : null;
  const current = authStore.getState();
  authStore.setState({
    status: 'ready',
    token: token || null,
    user,
    signInMethod: token && store ? readSignInMethod(store) : null,
    signedOutReason: token ? null : current.signedOutReason,
  });
}

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

/** Stores a new session; the one path that writes the auth state. */
export function signIn(token: string, user: User, method: SignInMethod = 'password'): void {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, token);
  store?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  store?.setItem(SIGN_IN_METHOD_KEY, method);
  authStore.setState({ status: 'ready', token, user, signInMethod: method, signedOutReason: null });
  announce();
}

export function updateStoredUser(user: User): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  authStore.setState({ user });
  announce();
}

/** Removes token and user. `reason` is shown to the member when the server ended the session. */
export function signOut(reason: string | null = null): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.user);
  store?.removeItem(SIGN_IN_METHOD_KEY);
  authStore.setState({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: reason });
  announce();
}

export function isSignedIn(state: AuthState = authStore.getState()): boolean {
  return state.token !== null;
}

let stopSync: (() => void) | null = null;

/** Keeps this tab in step with the others; idempotent, returns a stop function. */
export function startAuthSync(): () => void {
  if (stopSync) return stopSync;
  refreshAuthFromStorage();
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user || event.key === SIGN_IN_METHOD_KEY) {
      refreshAuthFromStorage();
    }
  };
  const onAuthChange = () => refreshAuthFromStorage();
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_CHANGE_EVENT, onAuthChange);
  stopSync = () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_CHANGE_EVENT, onAuthChange);
    stopSync = null;
  };
  return stopSync;
}
