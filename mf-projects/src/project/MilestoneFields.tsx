import { useId } from 'react';
import { PROJECT_LIMITS } from '@sciexperts/shared/member';
import { FieldError, fieldErrorProps, LiveMessage, VisuallyHidden } from '@sciexperts/ui';
import ui from '../ui/Ui.module.css';
import type { MilestoneValues, ProposalErrors } from './proposalValues';
import styles from './Project.module.css';

interface Props {
  milestones: readonly MilestoneValues[];
  errors: ProposalErrors;
  /** The live line: the difference from the total, or that the amounts add up. */
  sumLine: string;
  /** The fee line's id (under the price), which each amount's description names too; null without payments. */
  feeId: string | null;
  /** The id of a field's control, by its API name ('milestones.0.title'). */
  controlIdOf: (field: string) => string;
  /** The earliest due date the picker offers ('YYYY-MM-DD'). */
  minDate: string;
  onChange: (index: number, patch: Partial<Omit<MilestoneValues, 'key'>>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  registerTitle: (key: number, element: HTMLInputElement | null) => void;
}

/** A fixed-price proposal's plan: rows of title, amount and due date, and a running check against the total. */
export function MilestoneFields({ milestones, errors, sumLine, feeId, controlIdOf, minDate, onChange, onAdd, onRemove, registerTitle }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const sumId = `${id}-sum`;
  const planError = errors.milestones;
  // The sum line already says what a mismatch is; another message (none at all, too many) is said apart.
  const otherPlanError = planError && planError !== sumLine ? planError : null;
  const planErrorId = `${id}-error`;
  const full = milestones.length >= PROJECT_LIMITS.milestonesMax;

  return (
    <fieldset className={styles.fieldset} aria-describedby={hintId}>
      <legend className={styles.legend}>Milestone plan</legend>
      <p id={hintId} className={styles.hint}>
        Split the total into milestones: what you deliver, for how much and by when. The amounts must add up to the total price.
      </p>
      <ol className={styles.milestoneRows}>
        {milestones.map((milestone, index) => {
          const titleId = controlIdOf(`milestones.${index}.title`);
          const amountId = controlIdOf(`milestones.${index}.amountCents`);
          const dueId = controlIdOf(`milestones.${index}.dueDate`);
          const titleError = errors[`milestones.${index}.title`];
          const amountError = errors[`milestones.${index}.amountCents`];
          const dueError = errors[`milestones.${index}.dueDate`];
          return (
            <li key={milestone.key}>
              <fieldset className={styles.milestoneRow}>
                <legend className={styles.rowLegend}>Milestone {index + 1}</legend>
                <div className={styles.rowTitle}>
                  <label htmlFor={titleId} className={styles.label}>
                    Title
                  </label>
                  <input
                    ref={(element) => registerTitle(milestone.key, element)}
                    {...fieldErrorProps(titleId, titleError)}
                    className={styles.input}
                    type="text"
                    maxLength={PROJECT_LIMITS.milestoneTitleMax}
                    value={milestone.title}
                    onChange={(event) => onChange(index, { title: event.target.value })}
                  />
                  <FieldError controlId={titleId} error={titleError} className={styles.fieldError} />
                </div>
                <div className={styles.rowAmount}>
                  <label htmlFor={amountId} className={styles.label}>
                    Amount (USD)
                  </label>
                  <input
                    id={amountId}
                    // A plan that does not add up makes every amount suspect; the sum line says by how much.
                    aria-invalid={amountError || planError ? true : undefined}
                    aria-describedby={[amountError ? `${amountId}-error` : null, otherPlanError ? planErrorId : null, sumId, feeId].filter(Boolean).join(' ')}
                    className={styles.input}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={milestone.amount}
                    onChange={(event) => onChange(index, { amount: event.target.value })}
                  />
                  <FieldError controlId={amountId} error={amountError} className={styles.fieldError} />
                </div>
                <div className={styles.rowDate}>
                  <label htmlFor={dueId} className={styles.label}>
                    Due date
                  </label>
                  <input
                    {...fieldErrorProps(dueId, dueError)}
                    className={styles.input}
                    type="date"
                    min={minDate}
                    value={milestone.dueDate}
                    onChange={(event) => onChange(index, { dueDate: event.target.value })}
                  />
                  <FieldError controlId={dueId} error={dueError} className={styles.fieldError} />
                </div>
                {milestones.length > 1 ? (
                  <button type="button" className={`${ui.quiet} ${styles.rowRemove}`} onClick={() => onRemove(index)}>
                    Remove<VisuallyHidden> milestone {index + 1}</VisuallyHidden>
                  </button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className={styles.planFooter}>
        <button type="button" className={ui.secondary} disabled={full} onClick={onAdd}>
          Add milestone
        </button>
        {full ? <span className={ui.muted}>A plan has at most {PROJECT_LIMITS.milestonesMax} milestones.</span> : null}
      </div>
      <LiveMessage id={sumId} className={planError && !otherPlanError ? styles.sumMismatch : styles.sum} message={sumLine} />
      {otherPlanError ? (
        <p id={planErrorId} className={styles.fieldError}>
          {otherPlanError}
        </p>
      ) : null}
    </fieldset>
  );
}
