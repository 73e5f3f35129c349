import styles from './Publications.module.css';

export const ORCID_NOT_CONFIGURED = 'ORCID is not configured for this site.';
const REASON_ID = 'orcid-not-configured';

/**
 * A top-level navigation to ORCID (not a fetch, so the site's CSP connect-src is not involved). Without ORCID
 * configuration it stays visible but disabled and says why, instead of sending the member to 'undefined'.
 */
export function OrcidConnectLink({ href, label, onFollow }: { href: string | null; label: string; onFollow: () => void }) {
  if (!href) {
    return (
      <>
        {/* No href: nothing to follow. role="link" and tabIndex keep it discoverable by keyboard and screen readers. */}
        <a role="link" aria-disabled="true" aria-describedby={REASON_ID} tabIndex={0} className={`${styles.connect} ${styles.disabled}`}>
          {label}
        </a>
        <p id={REASON_ID} className={styles.reason}>
          {ORCID_NOT_CONFIGURED}
        </p>
      </>
    );
  }
  return (
    <a href={href} className={styles.connect} onClick={onFollow}>
      {label}
    </a>
  );
}
