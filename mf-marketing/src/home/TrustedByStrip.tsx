import { figureClaims, reviewSite } from '../content/claims';
import layout from '../ui/layout.module.css';
import styles from './Home.module.css';

/** Figures that build trust, and the review-site link with its 298 reviews. */
export function TrustedByStrip() {
  return (
    <section className={layout.band} aria-labelledby="trusted-by-title">
      <div className={`${layout.section} ${styles.trusted}`}>
        <h2 id="trusted-by-title" className={styles.trustedTitle}>
          Trusted by research teams in 170+ countries
        </h2>
        <ul className={styles.figures}>
          {figureClaims.map((claim) => (
            <li key={claim.id} className={styles.figure}>
              <strong>{claim.headline}</strong>
              <span className={layout.muted}>{claim.detail}</span>
            </li>
          ))}
        </ul>
        <p className={styles.reviewLine}>
          <a href={reviewSite.url} className={layout.textLink} rel="noopener noreferrer">
            Read our {reviewSite.reviewCount} reviews on {reviewSite.name}
          </a>
        </p>
      </div>
    </section>
  );
}
