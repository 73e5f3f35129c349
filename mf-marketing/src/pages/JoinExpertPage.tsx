import { openLoginModal } from '@sciexperts/shared';
import { joinExpertBenefits } from '../content/howItWorks';
import styles from './JoinExpertPage.module.css';

export function JoinExpertPage() {
  return (
    <section className={styles.page} aria-labelledby="join-expert-title">
      <h1 id="join-expert-title">Join as Expert</h1>
      <p className={styles.lead}>Share your knowledge and help others grow.</p>
      <ul className={styles.benefits}>
        {joinExpertBenefits.map((benefit) => (
          <li key={benefit}>
            <span aria-hidden="true" className={styles.check}>
              ✓
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <button type="button" className={styles.cta} onClick={() => openLoginModal('signup')}>
        Create your expert account
      </button>
    </section>
  );
}
