import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from './authStore';

/**
 * What the server renders with, and so what the browser hydrates a server-rendered page with: a visitor who is
 * signed out. The stored session takes over in the render right after hydration (useSyncExternalStore's
 * server snapshot), so a member's page is never hydrated against markup it does not match.
 */
export const SERVER_AUTH_STATE: AuthState = Object.freeze({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: null });

const identity = (state: AuthState) => state;

export function useAuth(): AuthState;
export function useAuth<T>(selector: (state: AuthState) => T): T;
export function useAuth<T>(selector?: (state: AuthState) => T) {
  const select = (selector ?? identity) as (state: AuthState) => T;
  return useSyncExternalStore(
    authStore.subscribe,
    () => select(authStore.getState()),
    () => select(SERVER_AUTH_STATE),
  );
}
