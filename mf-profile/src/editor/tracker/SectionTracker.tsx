import { SECTIONS, goToSection, type SectionId } from '../sections';
import styles from './SectionTracker.module.css';

export function SectionTracker({ active }: { active: string }) {
  return (
    <nav aria-label="Profile sections" className={styles.tracker}>
      <ol className={styles.list}>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className={section.id === active ? `${styles.link} ${styles.active}` : styles.link}
              aria-current={section.id === active ? 'location' : undefined}
              onClick={(event) => {
                // The router owns the URL; scroll and focus ourselves instead of changing the hash.
                event.preventDefault();
                goToSection(section.id as SectionId);
              }}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
