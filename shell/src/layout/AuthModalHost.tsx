import { closeLoginModal, useLoginModal } from '@sciexperts/shared';
import { RemoteModule } from '../federation/RemoteModule';

/** The one place the sign-in modal of mf-auth is mounted; any slice opens it through the shared store. */
export function AuthModalHost() {
  const { open, tab } = useLoginModal();
  if (!open) return null;
  return (
    <RemoteModule
      id="mf_auth/AuthModal"
      what="the sign-in window"
      fallback={null}
      props={{ initialTab: tab, onClose: closeLoginModal }}
    />
  );
}
