import { Link } from '@sciexperts/shared/router';
import { openLoginModal, useAuth, type PublicExpertProfile } from '@sciexperts/shared';
import { chatPath } from '../routing';
import styles from './Profile.module.css';

/** The 'Message' action: a link for members; a visitor signs in first and then lands in that conversation. */
export function MessageAction({ profile }: { profile: PublicExpertProfile }) {
  const { token, user } = useAuth();
  if (user?.id === profile.id) {
    return (
      <Link to="/profile" className={styles.primaryButton}>
        Edit profile
      </Link>
    );
  }
  if (token) {
    return (
      <Link to={chatPath(profile.id)} className={styles.primaryButton}>
        Message
      </Link>
    );
  }
  return (
    <button type="button" className={styles.primaryButton} onClick={() => openLoginModal('login', chatPath(profile.id))}>
      Message
    </button>
  );
}
