import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import type { FieldDef } from './recordKinds';
import styles from './Records.module.css';

interface Props<R> {
  field: FieldDef<R>;
  id: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One text, long text, choice or link field of a record form, with its message next to it. */
export function RecordField<R>({ field, id, value, error, disabled, onChange }: Props<R>) {
  // Required fields say so to assistive technology; the visible '(optional)' marks the others.
  const required = field.type === 'text' || field.type === 'select';
  const common = {
    ...fieldErrorProps(id, error),
    name: field.name,
    className: error ? `${styles.input} ${styles.inputInvalid}` : styles.input,
    value,
    disabled,
    'aria-required': required || undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{field.label}</label>
      {field.type === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{field.placeholder}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea {...common} rows={4} maxLength={field.maxLength} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={field.type === 'url' ? 'url' : 'text'}
          inputMode={field.type === 'url' ? 'url' : undefined}
          maxLength={field.maxLength}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldError controlId={id} error={error} className={styles.error} />
    </div>
  );
}
