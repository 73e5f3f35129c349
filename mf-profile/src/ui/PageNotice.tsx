import type { RefObject } from 'react';
import { visuallyHidden, type NoticeState } from '@sciexperts/ui';
import { StatusMessage } from './StatusMessage';
import styles from './PageNotice.module.css';

/**
 * The page's outcome (from `useNotice`), shown above its lists: an action that moves or removes its own list item
 * (a cancelled call leaves 'Upcoming calls') would take a message kept in that item with it. A polite live region that
 * stays in the DOM, and an error's alert added with its sentence, in a box that takes the focus when the control that
 * acted is gone.
 */
export function PageNotice({ notice, noticeRef }: { notice: NoticeState | null; noticeRef: RefObject<HTMLDivElement | null> }) {
  return (
    // Empty, the box is visually hidden (out of the flow): the page is a grid with a gap, and a box of no height, or
    // its live regions under display: contents, still took one gap each above the first list.
    <div ref={noticeRef} tabIndex={-1} className={notice ? styles.notice : visuallyHidden}>
      <StatusMessage message={notice?.tone === 'success' ? notice.text : null} tone="success" />
      {/* An alert is announced as it appears, so it is rendered only with its sentence: an empty one would still be
          an alert on the page for assistive technology (and for the frame's check that a page loaded without one). */}
      {notice?.tone === 'error' ? (
        <p role="alert" className={styles.error}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
