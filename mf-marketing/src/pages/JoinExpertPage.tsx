import { ReadOnly } from '@sciexperts/ui';
import { SignUpButtonIsland } from '../islands/signUp';
import { joinExpertBenefits } from '../content/howItWorks';
import { PageMeta } from '../head/PageMeta';
import styles from './JoinExpertPage.module.css';

export function JoinExpertPage() {
  return (
    <section className={styles.page} aria-labelledby="join-expert-title">
      <PageMeta
        title="Join as Expert"
        description="Share your knowledge and help others grow. Choose the projects that match your expertise, work with clients in 170+ countries and get paid by milestone from escrow."
        path="/join-expert"
      />
      <ReadOnly>
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
      </ReadOnly>
      <SignUpButtonIsland className={styles.cta} label="Create your expert account" />
    </section>
  );
}
