import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import { PROJECT_DURATIONS } from '@sciexperts/shared/member';
import { DURATION_LABELS } from '../format';
import { fieldId, inputClass } from './fieldIds';
import type { FieldErrors, ProjectDuration, ProjectFormValues, Timing } from './projectForm';
import styles from './CreateProject.module.css';

interface Props {
  idBase: string;
  values: Pick<ProjectFormValues, 'timing' | 'duration' | 'deadline'>;
  errors: FieldErrors;
  today: string;
  disabled: boolean;
  onChange: (patch: Partial<ProjectFormValues>) => void;
}

const CHOICES: ReadonlyArray<{ value: Timing; label: string }> = [
  { value: 'duration', label: 'Expected duration' },
  { value: 'deadline', label: 'Deadline' },
];

/** Either how long the work should take or the day it is due (never both, as the server requires). */
export function TimingFields({ idBase, values, errors, today, disabled, onChange }: Props) {
  const durationId = fieldId(idBase, 'duration');
  const deadlineId = fieldId(idBase, 'deadline');
  return (
    <fieldset className={styles.group} disabled={disabled} id={fieldId(idBase, 'timing')}>
      <legend className={styles.legend}>Timing</legend>
      <div className={styles.choices}>
        {CHOICES.map(({ value, label }) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="timing" value={value} checked={values.timing === value} onChange={() => onChange({ timing: value })} />
            {label}
          </label>
        ))}
      </div>
      {values.timing === 'duration' ? (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={durationId}>
            Duration
          </label>
          <select
            {...fieldErrorProps(durationId, errors.duration)}
            name="duration"
            className={`${inputClass(styles.input, styles.invalid, errors.duration)} ${styles.short}`}
            value={values.duration}
            onChange={(event) => onChange({ duration: event.target.value as ProjectDuration })}
          >
            {PROJECT_DURATIONS.map((duration) => (
              <option key={duration} value={duration}>
                {DURATION_LABELS[duration] ?? duration}
              </option>
            ))}
          </select>
          <FieldError controlId={durationId} error={errors.duration} className={styles.error} />
        </div>
      ) : (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={deadlineId}>
            Finish by
          </label>
          <input
            {...fieldErrorProps(deadlineId, errors.deadline)}
            type="date"
            name="deadline"
            className={`${inputClass(styles.input, styles.invalid, errors.deadline)} ${styles.short}`}
            min={today}
            value={values.deadline}
            aria-required="true"
            onChange={(event) => onChange({ deadline: event.target.value })}
          />
          <FieldError controlId={deadlineId} error={errors.deadline} className={styles.error} />
        </div>
      )}
    </fieldset>
  );
}
