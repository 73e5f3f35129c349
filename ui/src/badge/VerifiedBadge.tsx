import { VERIFIED_BADGE_LABEL } from '@sciexperts/shared';
import styles from './VerifiedBadge.module.css';

/**
 * The "Verified" badge of an expert whose identity and credentials an operator approved: a check mark and the word
 * on screen, "Verified expert" for a screen reader. Inline, of a fixed height that fits the line it sits on, so
 * showing it never moves what is around it.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge} role="img" aria-label={VERIFIED_BADGE_LABEL} title={VERIFIED_BADGE_LABEL}>
      <svg className={styles.icon} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M6.2 11.4 2.8 8l1.1-1.1 2.3 2.3 5.9-5.9L13.2 4.4z" fill="currentColor" />
      </svg>
      <span aria-hidden="true">Verified</span>
    </span>
  );
}
