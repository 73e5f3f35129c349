import type { OfferedService } from '@sciexperts/shared';
import styles from './Services.module.css';

export function ServicesSummary({ offered, onEdit }: { offered: OfferedService[]; onEdit: () => void }) {
  return (
    <div>
      {offered.length === 0 ? (
        <p>You have not chosen any services yet.</p>
      ) : (
        <ul className={styles.summaryList}>
          {offered.map((item) => (
            <li key={item.id} className={styles.summaryItem}>
              <h3 className={styles.serviceName}>{item.service.name}</h3>
              <ul className={styles.areaTags} aria-label={`${item.service.name} practice areas`}>
                {item.practiceAreas.map((area) => (
                  <li key={area.id} className={styles.areaTag}>
                    {area.name}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.secondary} onClick={onEdit}>
        Edit Selections
      </button>
    </div>
  );
}
