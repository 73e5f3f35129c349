import { Link } from 'react-router-dom';
import styles from './HomePage.module.css';

// Skeleton home page; the marketing issue fills in every section of spec §2.
export function HomePage() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <h1 id="home-title">Hire vetted scientific and research experts</h1>
      <p>Matching within 24 hours, milestone payments in escrow and a 100% money-back guarantee.</p>
      <div className={styles.actions}>
        <Link to="/join-expert" className={styles.secondary}>
          Join as expert
        </Link>
        <Link to="/request-service" className={styles.primary}>
          Request a Service
        </Link>
      </div>
    </section>
  );
}
