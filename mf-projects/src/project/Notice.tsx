import type { RefObject } from 'react';
import { LiveMessage, type NoticeState } from '@sciexperts/ui';
import styles from './Project.module.css';

/**
 * Two live regions that stay in the DOM (a polite one for outcomes, an assertive one for errors), in a box that
 * can take focus when the control that acted is gone.
 */
export function Notice({ notice, noticeRef }: { notice: NoticeState | null; noticeRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div ref={noticeRef} tabIndex={-1} className={notice ? styles.notice : styles.noticeEmpty}>
      <LiveMessage role="status" className={styles.success} message={notice?.tone === 'success' ? notice.text : null} />
      <LiveMessage role="alert" className={styles.errorText} message={notice?.tone === 'error' ? notice.text : null} />
    </div>
  );
}
