import { memo } from 'react';
import { MONTHS, type MonthYear } from './dates';
import styles from './Records.module.css';

interface Props {
  legend: string;
  /** 'Start' or 'End': names the two selects ('Start month', 'Start year') so each is clear on its own. */
  which: 'Start' | 'End';
  monthId: string;
  yearId: string;
  value: MonthYear;
  years: readonly string[];
  error: string | undefined;
  monthInvalid: boolean;
  yearInvalid: boolean;
  disabled: boolean;
  onChange: (value: MonthYear) => void;
}

/**
 * A month and a year select, grouped under one legend with the group's message beneath. Memoized: its props change
 * only with its own value, message or state, so typing elsewhere in the form does not re-render its options.
 */
export const MonthYearField = memo(function MonthYearField({ legend, which, monthId, yearId, value, years, error, monthInvalid, yearInvalid, disabled, onChange }: Props) {
  const errorId = `${monthId}-error`;
  const describedBy = error ? errorId : undefined;
  const className = (bad: boolean) => (bad ? `${styles.input} ${styles.inputInvalid}` : styles.input);
  return (
    <fieldset className={styles.dates} disabled={disabled}>
      <legend>{legend}</legend>
      <div className={styles.dateRow}>
        <div className={styles.field}>
          <label htmlFor={monthId}>{which} month</label>
          <select
            id={monthId}
            className={className(monthInvalid)}
            value={value.month}
            aria-invalid={monthInvalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, month: event.target.value })}
          >
            <option value="">Month</option>
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {month}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={yearId}>{which} year</label>
          <select
            id={yearId}
            className={className(yearInvalid)}
            value={value.year}
            aria-invalid={yearInvalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, year: event.target.value })}
          >
            <option value="">Year</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
});
