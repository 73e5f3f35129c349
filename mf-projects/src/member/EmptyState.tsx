import { Link } from '@sciexperts/shared/router';
import styles from './Member.module.css';

/** Nothing to list yet: what will appear here, and where to go to make it happen. */
export function EmptyState({ text, link }: { text: string; link?: { to: string; label: string } }) {
  return (
    <div className={styles.empty}>
      <p>{text}</p>
      {link ? (
        <Link className={styles.textLink} to={link.to}>
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}
