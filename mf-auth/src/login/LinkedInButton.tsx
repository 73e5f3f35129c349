import { useId, useState } from 'react';
import { loginModalStore } from '@sciexperts/shared';
import { isIdentityConfigured, signInWithLinkedIn } from '../identity/identityClient';
import styles from '../forms/Form.module.css';

export const LINKEDIN_FAILED_MESSAGE = 'LinkedIn login failed';
export const LINKEDIN_UNAVAILABLE_TEXT = 'LinkedIn sign-in is not available on this site yet. Please use your e-mail and password.';

interface Props {
  onError: (message: string) => void;
}

/**
 * Without a configured identity provider the button is disabled and says why, rather than failing
 * only after a click: the member learns before trying that e-mail and password is the way in.
 */
export function LinkedInButton({ onError }: Props) {
  const hintId = useId();
  const [leaving, setLeaving] = useState(false);
  const configured = isIdentityConfigured();

  const start = async () => {
    setLeaving(true);
    try {
      // An opener that keeps the member on its page (the partner's sign-in popup, a booking) gets them back there.
      const { returnTo, stayAfterSignUp } = loginModalStore.getState();
      await signInWithLinkedIn(returnTo ?? (stayAfterSignUp ? `${window.location.pathname}${window.location.search}` : null));
    } catch {
      setLeaving(false);
      onError(LINKEDIN_FAILED_MESSAGE);
    }
  };

  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        disabled={!configured || leaving}
        aria-describedby={configured ? undefined : hintId}
        onClick={() => void start()}
      >
        Sign in with LinkedIn
      </button>
      {!configured && (
        <p id={hintId} className={styles.hint}>
          {LINKEDIN_UNAVAILABLE_TEXT}
        </p>
      )}
    </>
  );
}
