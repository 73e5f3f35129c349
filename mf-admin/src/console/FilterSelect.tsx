import css from './console.module.css';

/** One of the audit log's filters: a labelled select whose first choice, "Any …", means no filter. */
export function FilterSelect({ id, label, anyLabel, value, options, onChange }: { id: string; label: string; anyLabel: string; value: string; options: ReadonlyArray<{ value: string; label: string }>; onChange: (value: string) => void }) {
  return (
    <div className={css.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
