import { useSyncExternalStore } from 'react';
import { getPreviewedRemotes, subscribePreviewedRemotes, type PreviewedRemote } from '../federation/releaseReports';
import styles from './PreviewBanner.module.css';

const none: PreviewedRemote[] = [];

/**
 * Says which release this browser previews (a release operator's preview link; decision 0049), with the way out. The
 * server renders no banner (the page is the same for everyone), so it appears once the page is interactive.
 */
export function PreviewBanner() {
  const previewed = useSyncExternalStore(subscribePreviewedRemotes, getPreviewedRemotes, () => none);
  if (previewed.length === 0) return null;
  return (
    <div role="region" aria-label="Release preview" className={styles.banner}>
      <p className={styles.text}>
        Preview: {previewed.map((p) => `${p.remote} ${p.version}`).join(', ')}. Only this browser sees it.
      </p>
      {/* A full page load: the page server ends the preview (its cookie) and answers the live registry. */}
      <a className={styles.leave} href="/?sx_preview=leave">
        Leave preview
      </a>
    </div>
  );
}
