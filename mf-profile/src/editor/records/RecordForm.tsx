import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import utilities from '../../ui/utilities.module.css';
import { yearOptions, type MonthYear } from './dates';
import { MonthYearField } from './MonthYearField';
import { RecordField } from './RecordField';
import { dateControls, invalidControls, validateRecordForm, type RecordFormErrors, type RecordFormValues } from './recordValues';
import type { BaseRecord, RecordKind } from './recordKinds';
import styles from './Records.module.css';

interface Props<R extends BaseRecord, I> {
  kind: RecordKind<R, I>;
  /** Unique per section, so the ids of two open forms never clash. */
  idPrefix: string;
  mode: 'add' | 'edit';
  initial: RecordFormValues;
  /** Saves; on failure may name the fields the server refused (shown like the form's own messages). */
  onSave: (values: RecordFormValues) => Promise<SaveOutcome>;
  onCancel: () => void;
}

export type SaveOutcome = { saved: true } | { saved: false; errors: RecordFormErrors | null };

export const controlId = (idPrefix: string, control: string) => `${idPrefix}-${control}`;

/**
 * The add / edit form of any record kind: the kind's fields, the two month-year pickers and the
 * "no end date" flag. Messages appear next to their fields once the member tries to save, follow the
 * member's corrections, and the first field in need receives focus.
 */
export function RecordForm<R extends BaseRecord, I>({ kind, idPrefix, mode, initial, onSave, onCancel }: Props<R, I>) {
  const [values, setValues] = useState(initial);
  // The messages last found, with the values they were found for (the form's own check, or the server's refusal).
  const [checked, setChecked] = useState<{ values: RecordFormValues; errors: RecordFormErrors }>({ values: initial, errors: {} });
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const savingRef = useRef(false);
  const focusNext = useRef<string | null>(null);
  const titleId = `${idPrefix}-title`;
  // Years of the entry being edited stay selectable even when older than the 50-year window.
  const [years] = useState(() => yearOptions(new Date(), [initial.start.year, initial.end.year]));

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  // After a first attempt the messages follow the corrections instead of waiting for the next Save.
  const errors = attempted && checked.values !== values ? validateRecordForm(kind, values) : checked.errors;

  // Changes are applied to the newest values, so the handlers never change and the date pickers (about 130 options
  // between them) re-render only when their own value does, not on every keystroke in a text field.
  const setStart = useCallback((start: MonthYear) => setValues((current) => ({ ...current, start })), []);
  const setEnd = useCallback((end: MonthYear) => setValues((current) => ({ ...current, end })), []);

  const showErrors = (found: RecordFormErrors, current: RecordFormValues) => {
    setChecked({ values: current, errors: found });
    setAttempted(true);
    // Moving focus reads the first field's message; the live region reads them all.
    setAnnouncement(Object.values(found).join(' '));
    const first = invalidControls(kind, current, found)[0];
    focusNext.current = first ? controlId(idPrefix, first) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingRef.current) return;
    const found = validateRecordForm(kind, values);
    if (Object.keys(found).length > 0) {
      showErrors(found, values);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    setChecked({ values, errors: {} });
    setAnnouncement('');
    const outcome = await onSave(values);
    savingRef.current = false;
    // Saved: the section closes this form and moves focus itself.
    if (outcome.saved) return;
    setSaving(false);
    if (outcome.errors) showErrors(outcome.errors, values);
    // A general failure (the section shows it): the re-enabled Save button takes back the focus it lost while disabled.
    else focusNext.current = controlId(idPrefix, 'save');
  };

  const setField = (name: string) => (text: string) => setValues((current) => ({ ...current, fields: { ...current.fields, [name]: text } }));
  const invalid = new Set(invalidControls(kind, values, errors));
  const field = (afterDates: boolean) =>
    kind.fields
      .filter((def) => Boolean(def.afterDates) === afterDates)
      .map((def) => (
        <RecordField
          key={def.name}
          field={def}
          id={controlId(idPrefix, def.name)}
          value={values.fields[def.name] ?? ''}
          error={errors[def.name]}
          disabled={saving}
          onChange={setField(def.name)}
        />
      ));

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={titleId} className={styles.formTitle}>
        {mode === 'add' ? kind.formTitle.add : kind.formTitle.edit}
      </h3>
      {field(false)}
      <MonthYearField
        legend={kind.dateLegends.start}
        which="Start"
        monthId={controlId(idPrefix, dateControls.startMonth)}
        yearId={controlId(idPrefix, dateControls.startYear)}
        value={values.start}
        years={years}
        error={errors.startTime}
        monthInvalid={invalid.has(dateControls.startMonth)}
        yearInvalid={invalid.has(dateControls.startYear)}
        disabled={saving}
        onChange={setStart}
      />
      <div className={styles.flag}>
        <input
          id={controlId(idPrefix, kind.flag.name)}
          type="checkbox"
          checked={values.flag}
          disabled={saving}
          // Ticking it means "no end date": the end month is cleared and its selects disabled (endTime null).
          onChange={(event) => {
            const flag = event.target.checked;
            setValues((current) => ({ ...current, flag, end: flag ? { month: '', year: '' } : current.end }));
          }}
        />
        <label htmlFor={controlId(idPrefix, kind.flag.name)}>{kind.flag.label}</label>
      </div>
      <MonthYearField
        legend={kind.dateLegends.end}
        which="End"
        monthId={controlId(idPrefix, dateControls.endMonth)}
        yearId={controlId(idPrefix, dateControls.endYear)}
        value={values.end}
        years={years}
        error={errors.endTime}
        monthInvalid={invalid.has(dateControls.endMonth)}
        yearInvalid={invalid.has(dateControls.endYear)}
        disabled={saving || values.flag}
        onChange={setEnd}
      />
      {field(true)}
      <div className={styles.actions}>
        <button id={controlId(idPrefix, 'save')} type="submit" className={styles.primary} disabled={saving}>
          {saving ? (
            'Saving...'
          ) : (
            <>
              Save<span className={utilities.srOnly}> {kind.noun}</span>
            </>
          )}
        </button>
        <button type="button" className={styles.secondary} disabled={saving} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className={utilities.srOnly} aria-live="polite">
        {announcement}
      </p>
    </form>
  );
}
