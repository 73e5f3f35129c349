import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import { fieldId, inputClass } from './fieldIds';
import type { BudgetType, FieldErrors, FieldKey, ProjectFormValues } from './projectForm';
import styles from './CreateProject.module.css';

interface Props {
  idBase: string;
  values: Pick<ProjectFormValues, 'budgetType' | 'amount' | 'minRate' | 'maxRate'>;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (patch: Partial<ProjectFormValues>) => void;
}

const TYPES: ReadonlyArray<{ value: BudgetType; label: string }> = [
  { value: 'fixed', label: 'Fixed price' },
  { value: 'hourly', label: 'Hourly' },
];

/** Fixed price with one amount, or hourly with a range; US dollars as typed, cents only when sent. */
export function BudgetFields({ idBase, values, errors, disabled, onChange }: Props) {
  const money = (field: Extract<FieldKey, 'amount' | 'minRate' | 'maxRate'>, label: string) => {
    const id = fieldId(idBase, field);
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        <span className={styles.money}>
          <span aria-hidden="true">$</span>
          <input
            {...fieldErrorProps(id, errors[field])}
            name={field}
            className={inputClass(styles.input, styles.invalid, errors[field])}
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            value={values[field]}
            aria-required="true"
            onChange={(event) => onChange({ [field]: event.target.value })}
          />
        </span>
        <FieldError controlId={id} error={errors[field]} className={styles.error} />
      </div>
    );
  };
  return (
    <fieldset className={styles.group} disabled={disabled} id={fieldId(idBase, 'budgetType')}>
      <legend className={styles.legend}>Budget (US dollars)</legend>
      <div className={styles.choices}>
        {TYPES.map(({ value, label }) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="budgetType" value={value} checked={values.budgetType === value} onChange={() => onChange({ budgetType: value })} />
            {label}
          </label>
        ))}
      </div>
      {values.budgetType === 'fixed' ? (
        money('amount', 'Fixed price (USD)')
      ) : (
        <div className={styles.pair}>
          {money('minRate', 'Lowest hourly rate (USD)')}
          {money('maxRate', 'Highest hourly rate (USD)')}
        </div>
      )}
    </fieldset>
  );
}
