import { forwardRef, useId } from 'react';
import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import styles from './Workspace.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  error: string | null;
  required?: boolean;
  /** Said before the field (what the text is for, who sees it). */
  hint?: string;
  /** Said after the count ("You can reply once"). */
  after?: string;
}

const count = (n: number, max: number) => `${n.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`;

/** A labelled text area with its hint, its error and a live character count, all tied to it for assistive technology. */
export const CountedTextArea = forwardRef<HTMLTextAreaElement, Props>(function CountedTextArea(
  { label, value, onChange, maxLength, rows, error, required = false, hint, after },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <textarea
        ref={ref}
        {...fieldErrorProps(id, error, hint ? `${hintId} ${countId}` : countId)}
        className={styles.textarea}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError controlId={id} error={error} className={styles.fieldError} />
      <p id={countId} className={styles.hint}>
        {count(value.length, maxLength)}
        {after ? `. ${after}` : ''}
      </p>
    </div>
  );
});
