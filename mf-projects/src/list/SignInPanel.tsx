import { openLoginModal } from '@sciexperts/shared';
import styles from './List.module.css';

export const SIGN_IN_TO_OPEN = "Sign in to see a project's details and send a proposal.";

/** Once on the signed-out list: the list turns into links to each project as soon as the visitor signs in. */
export function SignInPanel() {
  return (
    <div className={styles.signIn}>
      <p>{SIGN_IN_TO_OPEN}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} onClick={() => openLoginModal('login')}>
          Log in
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => openLoginModal('signup')}>
          Sign up
        </button>
      </div>
    </div>
  );
}
