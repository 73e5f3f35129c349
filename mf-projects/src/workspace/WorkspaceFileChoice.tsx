import type { ReactNode } from 'react';
import styles from './Workspace.module.css';

export interface WorkspaceFileChoiceProps {
  legend: string;
  files: ReadonlyArray<{ id: number; name: string }>;
  chosen: ReadonlySet<number>;
  onChange: (chosen: ReadonlySet<number>) => void;
  /** How many may be chosen: the other boxes are disabled once that many are checked. */
  max: number;
  hint: ReactNode;
}

/** Files already shared in the workspace, checked to go with a delivery or a statement (up to `max`). */
export function WorkspaceFileChoice({ legend, files, chosen, onChange, max, hint }: WorkspaceFileChoiceProps) {
  return (
    <fieldset className={styles.deliveryFiles}>
      <legend>{legend}</legend>
      {files.map((file) => (
        <label key={file.id} className={styles.choice}>
          <input
            type="checkbox"
            checked={chosen.has(file.id)}
            disabled={!chosen.has(file.id) && chosen.size >= max}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(file.id);
              else next.delete(file.id);
              onChange(next);
            }}
          />
          {file.name}
        </label>
      ))}
      <p className={styles.hint}>{hint}</p>
    </fieldset>
  );
}
