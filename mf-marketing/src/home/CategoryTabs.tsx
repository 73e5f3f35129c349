import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { expertCategories } from '../content/experts';
import layout from '../ui/layout.module.css';
import { ExpertSlider } from './ExpertSlider';
import styles from './CategoryTabs.module.css';

/** Moves the selection for the ARIA tabs keyboard pattern; null for keys the tabs do not handle. */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Expert categories as ARIA tabs: one tab stop, arrows/Home/End select and focus (automatic activation). */
export function CategoryTabs() {
  const idPrefix = useId();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = tabIndexForKey(event.key, selected, expertCategories.length);
    if (target === null) return;
    event.preventDefault();
    setSelected(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <section className={layout.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={layout.sectionTitle}>
        Browse experts by category
      </h2>
      <p className={layout.sectionLead}>A few of the experts ready to work on your project.</p>
      <div role="tablist" aria-label="Expert categories" className={styles.tablist} onKeyDown={onKeyDown}>
        {expertCategories.map((category, index) => (
          <button
            key={category.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${category.id}`}
            aria-selected={index === selected}
            aria-controls={`${idPrefix}-panel-${category.id}`}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(index)}
          >
            {category.label}
          </button>
        ))}
      </div>
      {expertCategories.map((category, index) => (
        <div
          key={category.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${category.id}`}
          aria-labelledby={`${idPrefix}-tab-${category.id}`}
          hidden={index !== selected}
          className={styles.panel}
        >
          <p className={layout.muted}>{category.description}</p>
          {/* Only the visible panel mounts its slider, so hidden panels load no images. */}
          {index === selected && <ExpertSlider category={category} />}
        </div>
      ))}
    </section>
  );
}
