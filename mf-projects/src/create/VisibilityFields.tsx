import { fieldId } from './fieldIds';
import type { Visibility } from './projectForm';
import styles from './CreateProject.module.css';

interface Props {
  idBase: string;
  value: Visibility;
  disabled: boolean;
  onChange: (visibility: Visibility) => void;
}

const CHOICES: ReadonlyArray<{ value: Visibility; label: string }> = [
  { value: 'public', label: 'Public — any signed-in member can see it and send a proposal' },
  { value: 'invite-only', label: 'Invite-only — only experts you invite can see it' },
];

export function VisibilityFields({ idBase, value, disabled, onChange }: Props) {
  return (
    <fieldset className={styles.group} disabled={disabled} id={fieldId(idBase, 'visibility')}>
      <legend className={styles.legend}>Who can see it</legend>
      <div className={styles.stacked}>
        {CHOICES.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input type="radio" name="visibility" value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
