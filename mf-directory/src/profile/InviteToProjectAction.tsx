import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { openLoginModal, useAuth, type PublicExpertProfile } from '@sciexperts/shared';
import styles from './Profile.module.css';

// Only a signed-in member opens the dialog; loaded then (or when the button is pointed at or focused), it brings
// the projects client with it ('@sciexperts/shared/member'), which a visitor's profile page never needs.
const loadDialog = () => import('./InviteToProjectDialog');
const InviteToProjectDialog = lazy(() => loadDialog().then((module) => ({ default: module.InviteToProjectDialog })));

/**
 * 'Invite to a project' beside Message: a member picks one of their projects in a dialog; a visitor is asked to
 * sign in first, as Message does. Nobody invites themselves, so it is not on one's own profile.
 */
export function InviteToProjectAction({ expert }: { expert: PublicExpertProfile }) {
  const { token, user } = useAuth();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    // The dialog hands focus back to whatever opened it; a browser that does not focus a clicked button
    // (Safari) would leave it on the page, so the button takes it here, after the dialog's own cleanup.
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (user?.id === expert.id) return null;
  const signedIn = token !== null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.secondaryButton}
        aria-haspopup="dialog"
        onPointerEnter={signedIn ? () => void loadDialog() : undefined}
        onFocus={signedIn ? () => void loadDialog() : undefined}
        onClick={() => (signedIn ? setOpen(true) : openLoginModal('login'))}
      >
        Invite to a project
      </button>
      {open && signedIn ? (
        <Suspense fallback={null}>
          <InviteToProjectDialog expert={expert} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
