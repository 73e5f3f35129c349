import { HEADLINE_MAX_LENGTH, HEADLINE_WARN_REMAINING } from '@sciexperts/shared';
import utilities from '../../ui/utilities.module.css';
import styles from './ProfileDetails.module.css';

/**
 * Headline with a live counter. The visible counter is always there (linked by aria-describedby); the
 * polite announcement starts only under 20 remaining, so typing is not narrated character by character.
 */
export function HeadlineField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const remaining = HEADLINE_MAX_LENGTH - value.length;
  const warn = remaining < HEADLINE_WARN_REMAINING;
  const counter = `${remaining} characters left`;
  return (
    <div className={styles.field}>
      <label htmlFor="profile-headline">Headline</label>
      <input
        id="profile-headline"
        className={styles.input}
        value={value}
        maxLength={HEADLINE_MAX_LENGTH}
        aria-describedby="profile-headline-counter"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="profile-headline-counter" className={warn ? `${styles.counter} ${styles.counterWarn}` : styles.counter} data-warn={warn}>
        {warn && <span aria-hidden="true">⚠ </span>}
        {counter}
      </p>
      <span className={utilities.srOnly} aria-live="polite">
        {warn ? counter : ''}
      </span>
    </div>
  );
}
