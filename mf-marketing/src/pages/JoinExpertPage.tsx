import { openLoginModal } from '@sciexperts/shared';
import styles from './JoinExpertPage.module.css';

export function JoinExpertPage() {
  return (
    <section className={styles.page} aria-labelledby="join-expert-title">
      <h1 id="join-expert-title">Join as Expert</h1>
      <p className={styles.lead}>Share your knowledge and help others grow.</p>
      <button type="button" className={styles.cta} onClick={() => openLoginModal('signup')}>
        Create your expert account
      </button>
    </section>
  );
}
