import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditQueryInput } from '@sciexperts/shared/member';
import { objectName } from './AuditObject';
import { FilterSelect } from './FilterSelect';
import css from './console.module.css';

/** The log's filters: each optional, all of them applied together. */
export type AuditFilterValues = Pick<AuditQueryInput, 'operatorId' | 'action' | 'objectType' | 'objectId' | 'from' | 'to'>;

const EMPTY = { operatorId: '', action: '', objectType: '', objectId: '', from: '', to: '' };

/**
 * The filter form. It edits its own copy and applies it on 'Show entries', so the list does not reload on every key
 * typed; the applied filters come back in `value` (they live in the page's address, so a filtered log can be linked).
 */
export function AuditFilters({ value, operators, onApply }: { value: AuditFilterValues; operators: Array<{ id: number; email: string }>; onApply: (filters: AuditFilterValues) => void }) {
  const [draft, setDraft] = useState({ ...EMPTY, ...value });
  const set = (field: keyof typeof EMPTY) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    const applied = Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])) as AuditFilterValues;
    onApply(applied);
  }
  function clear() {
    setDraft(EMPTY);
    onApply({});
  }
  return (
    <form className={css.filters} onSubmit={submit} aria-labelledby="audit-filters-title">
      <h2 id="audit-filters-title" className={css.filtersTitle}>
        Filters
      </h2>
      <FilterSelect id="audit-operator" label="Operator" anyLabel="Any operator" value={draft.operatorId} options={operators.map((o) => ({ value: String(o.id), label: o.email }))} onChange={set('operatorId')} />
      <FilterSelect id="audit-action" label="Action" anyLabel="Any action" value={draft.action} options={AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))} onChange={set('action')} />
      <FilterSelect id="audit-object-type" label="Object" anyLabel="Any object" value={draft.objectType} options={AUDIT_OBJECT_TYPES.map((t) => ({ value: t, label: objectName(t, null) }))} onChange={set('objectType')} />
      <div className={css.field}>
        <label htmlFor="audit-object-id">Object number</label>
        <input id="audit-object-id" value={draft.objectId} onChange={(event) => set('objectId')(event.target.value)} inputMode="numeric" maxLength={100} />
      </div>
      <div className={css.field}>
        <label htmlFor="audit-from">From (UTC)</label>
        <input id="audit-from" type="date" value={draft.from} onChange={(event) => set('from')(event.target.value)} max={draft.to || undefined} />
      </div>
      <div className={css.field}>
        <label htmlFor="audit-to">To (UTC)</label>
        <input id="audit-to" type="date" value={draft.to} onChange={(event) => set('to')(event.target.value)} min={draft.from || undefined} />
      </div>
      <div className={css.filterActions}>
        <button type="submit" className={css.button}>
          Show entries
        </button>
        <button type="button" className={css.secondary} onClick={clear}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
