import { Link } from 'react-router-dom';
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
