import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type LoginModalTab = 'login' | 'signup';

interface LoginModalState {
  open: boolean;
  tab: LoginModalTab;
  /** Where to go after a successful sign-in, if the action that opened the modal wants somewhere. */
  returnTo: string | null;
  /**
   * After a sign-up the member lands in the chat, unless the action that opened the modal finishes on its own
   * page once signed in (publishing a project someone wrote while signed out): then the modal only closes.
   */
  stayAfterSignUp: boolean;
}

/**
 * Any slice asks for the sign-in modal through this store; the shell renders the auth remote's modal.
 * Remotes never import each other, so this is how the profile or marketing pages reach mf-auth.
 */
export const loginModalStore = createStore<LoginModalState>(() => ({ open: false, tab: 'login', returnTo: null, stayAfterSignUp: false }));

export function openLoginModal(tab: LoginModalTab = 'login', returnTo: string | null = null, options: { stayAfterSignUp?: boolean } = {}): void {
  loginModalStore.setState({ open: true, tab, returnTo, stayAfterSignUp: options.stayAfterSignUp ?? false });
}

export function closeLoginModal(): void {
  loginModalStore.setState({ open: false, returnTo: null, stayAfterSignUp: false });
}

export function useLoginModal(): LoginModalState {
  return useStore(loginModalStore);
}
