import styles from './Logo.module.css';

/** Inline SVG logo: no request, no layout shift. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--color-brand)" />
        <path d="M10 20c2 2 10 2 12-2s-10-4-10-8 8-4 10-2" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className={styles.word}>SciExperts</span>
    </span>
  );
}
