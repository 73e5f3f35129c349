import { useEffect } from 'react';
import { useLocation } from '@sciexperts/shared/router';
import { useJumpToFragment } from './InPageLink';
import { jumpTo } from './inPageNavigation';
import styles from './TableOfContents.module.css';

export interface ContentsEntry {
  id: string;
  label: string;
}

/**
 * In-page contents: following an entry scrolls to its heading and focuses it, and puts the fragment in the
 * address bar so the place can be shared. A page opened with a fragment starts at that heading.
 */
export function TableOfContents({ entries, label = 'Contents' }: { entries: ContentsEntry[]; label?: string }) {
  const follow = useJumpToFragment();
  const { hash } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) jumpTo(id);
    // Only on arrival: later fragment changes come from our own clicks, which already jumped.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <nav aria-label={label} className={styles.contents}>
      <p className={styles.title} aria-hidden="true">
        {label}
      </p>
      <ol className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} onClick={(event) => follow(event, entry.id)}>
              {entry.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
