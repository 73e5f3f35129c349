import { useId, type ReactNode } from 'react';
import { Link } from '@sciexperts/shared/router';
import styles from './Member.module.css';

export interface MemberSectionProps {
  title: string;
  headingLevel?: 2 | 3;
  /** Shown next to the title once known (null while loading). */
  count?: number | null;
  /** The full page for what this section summarises. */
  link?: { to: string; label: string };
  /** 'panel' draws a card (the dashboards); the default is a plain block. */
  look?: 'plain' | 'panel';
  children: ReactNode;
}

/** A titled part of a member page: a landmark named by its heading, with its count and a link to the full list. */
export function MemberSection({ title, headingLevel = 2, count = null, link, look = 'plain', children }: MemberSectionProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={look === 'panel' ? styles.panel : styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <Heading id={id} className={headingLevel === 2 ? styles.sectionTitle : styles.subTitle}>
          {title}
          {count !== null ? (
            <>
              {' '}
              <span className={styles.count}>{count}</span>
            </>
          ) : null}
        </Heading>
        {link ? (
          <Link className={styles.textLink} to={link.to}>
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
