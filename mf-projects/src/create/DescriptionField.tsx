import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import { PROJECT_LIMITS } from '@sciexperts/shared/member';
import { fieldId, inputClass } from './fieldIds';
import { descriptionLength } from './projectForm';
import styles from './CreateProject.module.css';

interface Props {
  idBase: string;
  value: string;
  error: string | undefined;
  onChange: (description: string) => void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Plain text with line breaks; the limits are said before typing and the count follows as one types. */
export function DescriptionField({ idBase, value, error, onChange }: Props) {
  const id = fieldId(idBase, 'description');
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        Description
      </label>
      <p id={hintId} className={styles.hint}>
        What you need done, what you have already and what you expect to receive. Plain text, at least {PROJECT_LIMITS.descriptionMin} characters; line breaks are
        kept.
      </p>
      <textarea
        {...fieldErrorProps(id, error, `${hintId} ${counterId}`)}
        name="description"
        className={inputClass(styles.textarea, styles.invalid, error)}
        rows={8}
        value={value}
        aria-required="true"
        onChange={(event) => onChange(event.target.value)}
      />
      {/* Not a live region: a count read out on every keystroke would drown what the person types. */}
      <p id={counterId} className={styles.counter}>
        {count(descriptionLength(value))} / {count(PROJECT_LIMITS.descriptionMax)}
      </p>
      <FieldError controlId={id} error={error} className={styles.error} />
    </div>
  );
}
