import { closeLoginModal, useLoginModal, type LoginModalTab } from '@sciexperts/shared';
import { RemoteModule } from '../federation/RemoteModule';

export interface AuthModalProps {
  initialTab: LoginModalTab;
  onClose: () => void;
}

/** The one place the sign-in modal of mf-auth is mounted; any slice opens it through the shared store. */
export function AuthModalHost() {
  const { open, tab } = useLoginModal();
  if (!open) return null;
  return (
    <RemoteModule<AuthModalProps>
      id="mf_auth/AuthModal"
      what="the sign-in window"
      fallback={null}
      props={{ initialTab: tab, onClose: closeLoginModal }}
    />
  );
}
