import { useStore } from 'zustand';
import { authStore, type AuthState } from './authStore';

export function useAuth(): AuthState;
export function useAuth<T>(selector: (state: AuthState) => T): T;
export function useAuth<T>(selector?: (state: AuthState) => T) {
  return useStore(authStore, selector ?? ((state: AuthState) => state as unknown as T));
}
