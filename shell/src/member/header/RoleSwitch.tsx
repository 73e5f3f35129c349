import styles from './RoleSwitch.module.css';

export type DashboardMode = 'freelancer' | 'owner';

/**
 * The Freelancer / Project Owner toggle. A native button with role="switch" gets Space and Enter for free;
 * "checked" means Project Owner, and both words stay visible so the state is not conveyed by position alone.
 */
export function RoleSwitch({ mode, onChange }: { mode: DashboardMode; onChange: (mode: DashboardMode) => void }) {
  const owner = mode === 'owner';
  return (
    <div className={styles.wrapper}>
      <span className={owner ? styles.label : styles.labelActive} aria-hidden="true">
        Freelancer
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={owner}
        aria-label="Project Owner mode"
        className={styles.track}
        onClick={() => onChange(owner ? 'freelancer' : 'owner')}
      >
        <span className={owner ? `${styles.thumb} ${styles.thumbOn}` : styles.thumb} />
      </button>
      <span className={owner ? styles.labelActive : styles.label} aria-hidden="true">
        Project Owner
      </span>
    </div>
  );
}
