import { forwardRef, useId } from 'react';
import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import styles from './Settings.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  hint?: string;
  error?: string;
}

/** A labelled input with its hint and its error, tied together for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, value, onChange, type = 'text', autoComplete, hint, error }, ref) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input ref={ref} className={styles.input} type={type} autoComplete={autoComplete} value={value} onChange={(event) => onChange(event.target.value)} {...fieldErrorProps(id, error, hintId)} />
      <FieldError controlId={id} error={error} className={styles.fieldError} />
    </div>
  );
});
