import { Link } from '@sciexperts/shared/router';
import { howItWorksQuickLinks } from './navigation';
import styles from './HowItWorksSubHeader.module.css';

export function HowItWorksSubHeader() {
  return (
    <nav aria-label="Expert categories" className={styles.subHeader}>
      <ul className={styles.list}>
        {howItWorksQuickLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.link}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
