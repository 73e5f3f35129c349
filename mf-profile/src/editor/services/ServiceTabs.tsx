import { useId, useState } from 'react';
import { useTabs } from '@sciexperts/ui';
import type { Service } from '@sciexperts/shared';
import type { Selections } from './selections';
import styles from './Services.module.css';

interface Props {
  catalogue: Service[];
  selections: Selections;
  onToggle: (serviceName: string, areaName: string) => void;
}

/**
 * ARIA tabs (`useTabs`, automatic activation): one tab stop for the list, arrows/Home/End move and select.
 * Each panel holds the service's practice areas as checkboxes.
 */
export function ServiceTabs({ catalogue, selections, onToggle }: Props) {
  const [selected, setSelected] = useState(0);
  const tabs = useTabs({ tabs: catalogue.map((_, index) => index), selected, onSelect: setSelected, idBase: useId(), singlePanel: true });

  const service = catalogue[selected];
  const chosen = selections[service?.name ?? ''] ?? [];
  return (
    <div>
      <div {...tabs.listProps} aria-label="Services" className={styles.tablist}>
        {catalogue.map((item, index) => {
          const count = selections[item.name]?.length ?? 0;
          return (
            <button key={item.id} {...tabs.tabProps(index)} className={styles.tab}>
              {item.name}
              {count > 0 && <span className={styles.tabCount}> ({count} selected)</span>}
            </button>
          );
        })}
      </div>
      {service && (
        <div {...tabs.panelProps(selected)} className={styles.panel}>
          {service.practiceAreas.length === 0 ? (
            <p>No practice areas available for this service.</p>
          ) : (
            <fieldset className={styles.areas}>
              <legend>Practice areas for {service.name}</legend>
              {service.practiceAreas.map((area) => (
                <label key={area.id} className={styles.area}>
                  <input type="checkbox" checked={chosen.includes(area.name)} onChange={() => onToggle(service.name, area.name)} />
                  {area.name}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
