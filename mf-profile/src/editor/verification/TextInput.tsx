import { useId } from 'react';
import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import styles from './Verification.module.css';

export type Field = 'legalName' | 'identityFileId' | 'degree.title' | 'degree.institution' | 'degree.year' | 'degree.fileId' | 'affiliation.institution' | 'affiliation.role';
/** The request's errors by the field names the server's 400 details use. */
export type Errors = Partial<Record<Field, string>>;

/** A labelled one-line field of the verification request, with its error tied to it. */
export function TextInput({ field, label, value, onChange, errors, autoComplete = 'off', inputMode }: { field: Field; label: string; value: string; onChange: (v: string) => void; errors: Errors; autoComplete?: string; inputMode?: 'numeric' }) {
  const id = `${useId()}-${field}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input className={styles.input} type="text" inputMode={inputMode} autoComplete={autoComplete} value={value} maxLength={200} onChange={(event) => onChange(event.target.value)} {...fieldErrorProps(id, errors[field])} />
      <FieldError controlId={id} error={errors[field]} className={styles.fieldError} />
    </div>
  );
}
