import type { CompletionItem } from './computeCompletion';
import styles from './CompletionChips.module.css';

function stateText(item: CompletionItem): string {
  if (item.complete) return 'completed';
  return item.mandatory ? 'required, not completed yet' : 'optional, not added yet';
}

/** One button per item; the state is in the accessible name too, not only in the colour. */
export function CompletionChips({ items, onSelect }: { items: CompletionItem[]; onSelect: (item: CompletionItem) => void }) {
  return (
    <nav aria-label="Profile completion" className={styles.bar}>
      <ul className={styles.list}>
        {items.map((item) => {
          const style = item.complete ? styles.completed : item.mandatory ? styles.incomplete : styles.optional;
          return (
            <li key={item.key}>
              <button
                type="button"
                className={`${styles.chip} ${style}`}
                data-state={item.complete ? 'completed' : item.mandatory ? 'incomplete' : 'optional'}
                aria-label={`${item.label}: ${stateText(item)}`}
                onClick={() => onSelect(item)}
              >
                <span aria-hidden="true" className={styles.mark}>
                  {item.complete ? '✓' : item.mandatory ? '!' : '+'}
                </span>
                {item.label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
