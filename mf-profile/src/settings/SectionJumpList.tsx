import type { MouseEvent } from 'react';
import styles from './Settings.module.css';

export interface JumpTarget {
  /** The id of the section (focusable, tabIndex -1). */
  id: string;
  label: string;
}

/**
 * "On this page": links to the page's sections, for a long page on a phone (the security sections sat three screens
 * down). A link scrolls to its section and moves the focus there, so the next Tab continues inside it; the address
 * is left alone (the shell's router owns it).
 */
export function SectionJumpList({ targets }: { targets: readonly JumpTarget[] }) {
  function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    // jsdom has no scrollIntoView; browsers all do.
    section.scrollIntoView?.({ block: 'start', behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    section.focus({ preventScroll: true });
  }
  return (
    <nav aria-label="On this page" className={styles.jumpNav}>
      <ul className={styles.jumpList}>
        {targets.map((t) => (
          <li key={t.id}>
            <a className={styles.jumpLink} href={`#${t.id}`} onClick={(event) => jump(event, t.id)}>
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
