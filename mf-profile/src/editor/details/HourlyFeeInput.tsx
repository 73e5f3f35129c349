import { isFeeInput, parseFee, stepFee } from './fee';
import styles from './ProfileDetails.module.css';

/** A text field (not type=number) so that letters, signs and a second dot can be refused as typed. */
export function HourlyFeeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const atZero = (parseFee(value) ?? 0) <= 0;
  return (
    <div className={styles.field}>
      <label htmlFor="profile-hourly-fee">Hourly fee (USD)</label>
      <div className={styles.stepper}>
        <button type="button" className={styles.stepButton} aria-label="Decrease hourly fee by 1" disabled={atZero} onClick={() => onChange(stepFee(value, -1))}>
          −
        </button>
        <input
          id="profile-hourly-fee"
          className={`${styles.input} ${styles.feeInput}`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            if (isFeeInput(event.target.value)) onChange(event.target.value);
          }}
        />
        <button type="button" className={styles.stepButton} aria-label="Increase hourly fee by 1" onClick={() => onChange(stepFee(value, 1))}>
          +
        </button>
      </div>
    </div>
  );
}
