import css from './console.module.css';

/** A decision form's "Outcome" radio group (disputes, verification requests); nothing is chosen until the operator picks. */
export function OutcomeChoice<T extends string>({ name, options, value, onChange }: { name: string; options: ReadonlyArray<{ value: T; label: string }>; value: T | null; onChange: (value: T) => void }) {
  return (
    <fieldset className={css.fieldset}>
      <legend>Outcome</legend>
      {options.map((o) => (
        <label key={o.value} className={css.radio}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
