import { useId, useState } from 'react';
import { useTabs } from '@sciexperts/ui';
import { expertCategories } from '../content/experts';
import layout from '../ui/layout.module.css';
import { ExpertSlider } from './ExpertSlider';
import styles from './CategoryTabs.module.css';

/** Moves the selection for the ARIA tabs keyboard pattern; null for keys the tabs do not handle. */
export { tabIndexForKey } from '@sciexperts/ui';

const CATEGORY_IDS = expertCategories.map((category) => category.id);

/** Expert categories as ARIA tabs (`useTabs`): one tab stop, arrows/Home/End select and focus (automatic activation). */
export function CategoryTabs() {
  const idPrefix = useId();
  const [selected, setSelected] = useState(CATEGORY_IDS[0]!);
  const tabs = useTabs({ tabs: CATEGORY_IDS, selected, onSelect: setSelected, idBase: idPrefix });

  return (
    <section className={layout.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={layout.sectionTitle}>
        Browse experts by category
      </h2>
      <p className={layout.sectionLead}>A few of the experts ready to work on your project.</p>
      <div {...tabs.listProps} aria-label="Expert categories" className={styles.tablist}>
        {expertCategories.map((category) => (
          <button key={category.id} {...tabs.tabProps(category.id)} className={styles.tab}>
            {category.label}
          </button>
        ))}
      </div>
      {expertCategories.map((category) => (
        <div key={category.id} {...tabs.panelProps(category.id)} className={styles.panel}>
          <p className={layout.muted}>{category.description}</p>
          {/* Only the visible panel mounts its slider, so hidden panels load no images. */}
          {category.id === selected && <ExpertSlider category={category} />}
        </div>
      ))}
    </section>
  );
}
