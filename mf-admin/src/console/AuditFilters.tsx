import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditQueryInput } from '@sciexperts/shared/member';
import { objectName } from './AuditObject';
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
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));
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
      <div className={css.field}>
        <label htmlFor="audit-operator">Operator</label>
        <select id="audit-operator" value={draft.operatorId} onChange={set('operatorId')}>
          <option value="">Any operator</option>
          {operators.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.email}
            </option>
          ))}
        </select>
      </div>
      <div className={css.field}>
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" value={draft.action} onChange={set('action')}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <div className={css.field}>
        <label htmlFor="audit-object-type">Object</label>
        <select id="audit-object-type" value={draft.objectType} onChange={set('objectType')}>
          <option value="">Any object</option>
          {AUDIT_OBJECT_TYPES.map((t) => (
            <option key={t} value={t}>
              {objectName(t, null)}
            </option>
          ))}
        </select>
      </div>
      <div className={css.field}>
        <label htmlFor="audit-object-id">Object number</label>
        <input id="audit-object-id" value={draft.objectId} onChange={set('objectId')} inputMode="numeric" maxLength={100} />
      </div>
      <div className={css.field}>
        <label htmlFor="audit-from">From (UTC)</label>
        <input id="audit-from" type="date" value={draft.from} onChange={set('from')} max={draft.to || undefined} />
      </div>
      <div className={css.field}>
        <label htmlFor="audit-to">To (UTC)</label>
        <input id="audit-to" type="date" value={draft.to} onChange={set('to')} min={draft.from || undefined} />
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
