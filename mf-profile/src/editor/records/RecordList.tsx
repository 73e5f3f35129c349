import type { BaseRecord, RecordKind } from './recordKinds';
import { RecordListItem } from './RecordListItem';
import styles from './Records.module.css';

interface Props<R extends BaseRecord, I> {
  kind: RecordKind<R, I>;
  items: readonly R[];
  editId: (record: R) => string;
  deleteId: (record: R) => string;
  onEdit: (record: R) => void;
  onDelete: (record: R) => void;
}

/** The member's entries of one kind, or the spec's empty sentence. */
export function RecordList<R extends BaseRecord, I>({ kind, items, editId, deleteId, onEdit, onDelete }: Props<R, I>) {
  if (items.length === 0) return <p className={styles.empty}>{kind.messages.empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((record) => (
        <RecordListItem
          key={record.id}
          kind={kind}
          record={record}
          editId={editId(record)}
          deleteId={deleteId(record)}
          onEdit={() => onEdit(record)}
          onDelete={() => onDelete(record)}
        />
      ))}
    </ul>
  );
}
