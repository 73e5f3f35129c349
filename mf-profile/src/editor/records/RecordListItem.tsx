import { Icon } from '../../ui/Icon';
import utilities from '../../ui/utilities.module.css';
import { formatYearMonth } from './dates';
import type { BaseRecord, RecordKind } from './recordKinds';
import styles from './Records.module.css';

interface Props<R extends BaseRecord, I> {
  kind: RecordKind<R, I>;
  record: R;
  editId: string;
  deleteId: string;
  onEdit: () => void;
  onDelete: () => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function safeHref(value: unknown): string | null {
  try {
    const url = new URL(text(value));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** One entry: what the kind's display data names, its months ('Present' while open-ended), a pencil and a bin. */
export function RecordListItem<R extends BaseRecord, I>({ kind, record, editId, deleteId, onEdit, onDelete }: Props<R, I>) {
  const { display } = kind;
  const facts = display.facts.map((name) => text(record[name])).filter(Boolean);
  const body = display.text ? text(record[display.text]) : '';
  const href = display.link ? safeHref(record[display.link.field]) : null;
  const name = kind.entryName(record);
  const end = record[kind.flag.name] === true ? 'Present' : formatYearMonth(record.endTime);
  return (
    <li className={styles.item}>
      <div className={styles.itemBody}>
        <h3 className={styles.itemTitle}>{text(record[display.title])}</h3>
        {facts.length > 0 && <p className={styles.itemFacts}>{facts.join(' · ')}</p>}
        <p className={styles.itemDates}>
          {formatYearMonth(record.startTime)} – {end}
        </p>
        {body && <p className={styles.itemText}>{body}</p>}
        {href && display.link && (
          // A member-supplied address: a new tab without access back to this page, and no referrer.
          <a href={href} target="_blank" rel="noopener noreferrer" className={styles.itemLink}>
            {display.link.text}
            <span className={utilities.srOnly}>
              {' '}
              for {name} (opens in a new tab)
            </span>
          </a>
        )}
      </div>
      <div className={styles.itemActions}>
        <button id={editId} type="button" className={styles.iconButton} aria-label={`Edit ${name}`} onClick={onEdit}>
          <Icon name="pencil" size={20} />
        </button>
        <button id={deleteId} type="button" className={styles.iconButton} aria-label={`Delete ${name}`} onClick={onDelete}>
          <Icon name="bin" size={20} />
        </button>
      </div>
    </li>
  );
}
