import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type LoginModalTab = 'login' | 'signup';

interface LoginModalState {
  open: boolean;
  tab: LoginModalTab;
  /** Where to go after a successful sign-in, if the action that opened the modal wants somewhere. */
  returnTo: string | null;
}

/**
 * Any slice asks for the sign-in modal through this store; the shell renders the auth remote's modal.
 * Remotes never import each other, so this is how the profile or marketing pages reach mf-auth.
 */
export const loginModalStore = createStore<LoginModalState>(() => ({ open: false, tab: 'login', returnTo: null }));

export function openLoginModal(tab: LoginModalTab = 'login', returnTo: string | null = null): void {
  loginModalStore.setState({ open: true, tab, returnTo });
}

export function closeLoginModal(): void {
  loginModalStore.setState({ open: false, returnTo: null });
}

export function useLoginModal(): LoginModalState {
  return useStore(loginModalStore);
}
