import { Link } from '@sciexperts/shared/router';
import { openLoginModal } from '@sciexperts/shared';
import { waysToUse } from '../content/howItWorks';
import layout from '../ui/layout.module.css';
import styles from './HowItWorks.module.css';

/** Hire an Expert or Join as an Expert; joining opens the shell's create-account modal. */
export function TwoWaysSection() {
  return (
    <section className={layout.section} aria-labelledby="two-ways-title">
      <h2 id="two-ways-title" className={layout.sectionTitle}>
        Two ways to use SciExperts
      </h2>
      <ul className={styles.twoWays}>
        {waysToUse.map((way) => (
          <li key={way.id}>
            <article className={`${layout.card} ${styles.wayCard}`}>
              <h3 className={layout.cardTitle}>{way.title}</h3>
              <p className={layout.muted}>{way.description}</p>
              {way.id === 'join' ? (
                <div className={styles.wayActions}>
                  <button type="button" className={layout.buttonPrimary} onClick={() => openLoginModal('signup')}>
                    {way.actionLabel}
                  </button>
                  <Link to={way.path} className={layout.textLink}>
                    More about joining
                  </Link>
                </div>
              ) : (
                <div className={styles.wayActions}>
                  <Link to={way.path} className={layout.buttonPrimary}>
                    {way.actionLabel}
                  </Link>
                </div>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
