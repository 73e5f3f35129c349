import { Link } from '@sciexperts/shared/router';
import { ReadOnly } from '@sciexperts/ui';
import { heroClaims } from '../content/claims';
import layout from '../ui/layout.module.css';
import { RotatingExpertCardIsland, SubjectSearchIsland } from '../islands/home';
import styles from './Home.module.css';

export function HeroSection() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.heroInner}>
        <div className={styles.heroText}>
          <ReadOnly>
            <h1 id="home-title" className={styles.heroTitle}>
              Hire vetted scientific and research experts
            </h1>
            <p className={styles.heroLead}>Post your project for free and get matched with freelance scientists, analysts and consultants.</p>
          </ReadOnly>
          <SubjectSearchIsland />
          <ReadOnly>
          <div className={styles.heroActions}>
            <Link to="/join-expert" className={layout.buttonSecondary}>
              Join as expert
            </Link>
            <Link to="/request-service" className={layout.buttonPrimary}>
              Request a Service
            </Link>
          </div>
          <ul className={styles.heroClaims}>
            {heroClaims.map((claim) => (
              <li key={claim.id}>
                <span aria-hidden="true" className={styles.check}>
                  ✓
                </span>
                {claim.headline}
              </li>
            ))}
          </ul>
          </ReadOnly>
        </div>
        <RotatingExpertCardIsland />
      </div>
    </section>
  );
}
