import type { ReactNode } from 'react';
import { headingId, type SectionId } from './sections';
import styles from './ProfileEditor.module.css';

/** A card with a focusable heading: chips and the tracker move focus there after scrolling. */
export function EditorSection({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={headingId(id)} className={styles.card}>
      <h2 id={headingId(id)} tabIndex={-1} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
