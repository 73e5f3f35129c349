import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@sciexperts/ui';
import { Icon } from '../../ui/Icon';
import { StatusMessage, type StatusTone } from '../../ui/StatusMessage';
import utilities from '../../ui/utilities.module.css';
import { headingId } from '../sections';
import { controlId, RecordForm, type SaveOutcome } from './RecordForm';
import { buildRecordBody, emptyValues, errorsFromServer, valuesFromRecord, type RecordFormValues } from './recordValues';
import {
  ADDED_MESSAGE,
  DELETE_FAILED_MESSAGE,
  DELETED_MESSAGE,
  SAVE_FAILED_MESSAGE,
  UPDATED_MESSAGE,
  type BaseRecord,
  type RecordKey,
  type RecordKind,
} from './recordKinds';
import { RecordList } from './RecordList';
import { dangerConfirmClassNames } from './dangerConfirmClassNames';
import styles from './Records.module.css';


interface Props<R extends BaseRecord, I> {
  kind: RecordKind<R, I>;
  userId: number;
  /** The list as the editor loaded it, or null when that call failed. */
  initialItems: R[] | null;
  /** Keeps the completion chips in step with adds and deletes. */
  onCountChange: (key: RecordKey, count: number) => void;
}

type FormState<R> = { mode: 'add' } | { mode: 'edit'; record: R };

/**
 * The list-and-form mechanism every record kind shares: the form opens by itself while the
 * list is empty, Add More opens an empty one, a pencil a prefilled one; Save returns to the reloaded list,
 * Cancel closes the form; a bin asks in a dialog first. Focus always lands somewhere that makes sense.
 */
export function RecordSection<R extends BaseRecord, I>({ kind, userId, initialItems, onCountChange }: Props<R, I>) {
  const prefix = useId();
  const [items, setItems] = useState<R[] | null>(initialItems);
  const [form, setForm] = useState<FormState<R> | null>(initialItems?.length === 0 ? { mode: 'add' } : null);
  const [formKey, setFormKey] = useState(0);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  const [confirming, setConfirming] = useState<R | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [reloading, setReloading] = useState(false);
  const focusNext = useRef<string | null>(null);

  const addId = `${prefix}-add`;
  const formPrefix = `${prefix}-form`;
  const editId = (record: R) => `${prefix}-edit-${record.id}`;
  const deleteId = (record: R) => `${prefix}-delete-${record.id}`;

  useEffect(() => {
    if (items) onCountChange(kind.key, items.length);
  }, [items, kind.key, onCountChange]);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  /** A new list; an empty one opens the add form by itself (without taking focus: nobody asked for it). */
  const show = (next: R[], closeForm: boolean) => {
    setItems(next);
    if (next.length === 0 && (closeForm || form === null)) {
      setForm({ mode: 'add' });
      setFormKey((key) => key + 1);
    } else if (closeForm) {
      setForm(null);
    }
  };

  /** After a save or delete the list is read again; should that fail, what we know changed is shown. */
  const reloaded = async (fallback: R[]) => {
    try {
      return await kind.client.list(userId);
    } catch {
      return fallback;
    }
  };

  const openForm = (next: FormState<R>) => {
    setForm(next);
    setFormKey((key) => key + 1);
    setStatus(null);
    const first = kind.fields[0];
    if (first) focusNext.current = controlId(formPrefix, first.name);
  };

  const cancelForm = () => {
    focusNext.current = form?.mode === 'edit' ? editId(form.record) : addId;
    setForm(null);
  };

  const save = async (values: RecordFormValues): Promise<SaveOutcome> => {
    const editing = form?.mode === 'edit' ? form.record : null;
    const body = buildRecordBody(kind, values);
    try {
      const saved = editing ? await kind.client.update(editing.id, { ...body, id: editing.id }) : await kind.client.add(userId, body);
      const known = items ?? [];
      const next = await reloaded(editing ? known.map((record) => (record.id === saved.id ? saved : record)) : [saved, ...known]);
      show(next, true);
      setStatus({ text: editing ? UPDATED_MESSAGE : ADDED_MESSAGE, tone: 'success' });
      // The saved entry's pencil: it names the entry, so the member hears what was saved.
      focusNext.current = next.some((record) => record.id === saved.id) ? editId(saved) : addId;
      return { saved: true };
    } catch (error) {
      setStatus({ text: SAVE_FAILED_MESSAGE, tone: 'error' });
      return { saved: false, errors: errorsFromServer(kind, error) };
    }
  };

  const remove = async (record: R) => {
    setDeleting(true);
    try {
      await kind.client.remove(record.id);
      const next = await reloaded((items ?? []).filter((entry) => entry.id !== record.id));
      // An open form editing the deleted entry has nothing left to edit.
      show(next, form?.mode === 'edit' && form.record.id === record.id);
      setStatus({ text: DELETED_MESSAGE, tone: 'success' });
    } catch {
      setStatus({ text: DELETE_FAILED_MESSAGE, tone: 'error' });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  const retryLoad = async () => {
    setReloading(true);
    try {
      show(await kind.client.list(userId), false);
    } catch {
      setItems(null);
    } finally {
      setReloading(false);
    }
  };

  if (items === null) {
    return (
      <div className={styles.section}>
        <p role="alert" className={styles.loadError}>
          {kind.messages.loadFailed}
        </p>
        <button type="button" className={styles.secondary} disabled={reloading} onClick={() => void retryLoad()}>
          {reloading ? 'Loading...' : 'Retry'}
          <span className={utilities.srOnly}> loading {kind.noun}</span>
        </button>
      </div>
    );
  }

  return (
    <div className={styles.section}>
      <RecordList
        kind={kind}
        items={items}
        editId={editId}
        deleteId={deleteId}
        onEdit={(record) => openForm({ mode: 'edit', record })}
        onDelete={(record) => {
          setStatus(null);
          setConfirming(record);
        }}
      />
      {form ? (
        <RecordForm
          key={formKey}
          kind={kind}
          idPrefix={formPrefix}
          mode={form.mode}
          initial={form.mode === 'edit' ? valuesFromRecord(kind, form.record) : emptyValues(kind)}
          onSave={save}
          onCancel={cancelForm}
        />
      ) : (
        <button id={addId} type="button" className={styles.addMore} onClick={() => openForm({ mode: 'add' })}>
          <Icon name="plus" size={18} />
          Add More<span className={utilities.srOnly}> {kind.noun}</span>
        </button>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
      {confirming && (
        <ConfirmDialog
          message={kind.messages.confirmDelete}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleting}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
          onFocusLost={() => document.getElementById(headingId(kind.sectionId))?.focus()}
          classNames={dangerConfirmClassNames}
        />
      )}
    </div>
  );
}
