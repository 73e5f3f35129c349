import utilities from '../../ui/utilities.module.css';
import styles from './ProfileDetails.module.css';

/** Grey placeholders in the shape of the form, so the page does not jump when the profile arrives. */
export function DetailsSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className={utilities.srOnly}>
        Loading your profile...
      </p>
      <div aria-hidden="true">
        <span className={`${styles.skeleton} ${styles.skeletonAvatar}`} />
        {[1, 2, 3, 4].map((row) => (
          <span key={row} className={`${styles.skeleton} ${styles.skeletonLine}`} />
        ))}
        <span className={`${styles.skeleton} ${styles.skeletonBlock}`} />
      </div>
    </div>
  );
}
