import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Service } from '@sciexperts/shared';
import type { Selections } from './selections';
import styles from './Services.module.css';

interface Props {
  catalogue: Service[];
  selections: Selections;
  onToggle: (serviceName: string, areaName: string) => void;
}

/**
 * ARIA tabs (APG, automatic activation): one tab stop for the list, arrows/Home/End move and select.
 * Each panel holds the service's practice areas as checkboxes.
 */
export function ServiceTabs({ catalogue, selections, onToggle }: Props) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  const select = (index: number) => {
    setSelected(index);
    tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = catalogue.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      select(moves[event.key] ?? 0);
    }
  };

  const service = catalogue[selected];
  const chosen = selections[service?.name ?? ''] ?? [];
  return (
    <div>
      <div role="tablist" aria-label="Services" className={styles.tablist} onKeyDown={onKeyDown}>
        {catalogue.map((item, index) => {
          const count = selections[item.name]?.length ?? 0;
          return (
            <button
              key={item.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              id={tabId(index)}
              type="button"
              role="tab"
              aria-selected={index === selected}
              aria-controls={panelId}
              tabIndex={index === selected ? 0 : -1}
              className={styles.tab}
              onClick={() => setSelected(index)}
            >
              {item.name}
              {count > 0 && <span className={styles.tabCount}> ({count} selected)</span>}
            </button>
          );
        })}
      </div>
      {service && (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className={styles.panel}>
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
