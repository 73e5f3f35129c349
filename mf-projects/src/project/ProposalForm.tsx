import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type ApiError } from '@sciexperts/shared';
import { PROJECT_DURATIONS, PROJECT_LIMITS, type Project, type Proposal, type ProposalInput } from '@sciexperts/shared/member';
import { FieldError, fieldErrorProps, LiveMessage } from '@sciexperts/ui';
import { DURATION_LABELS } from '../format';
import ui from '../ui/Ui.module.css';
import { FeeSummary } from './FeeSummary';
import { MilestoneFields } from './MilestoneFields';
import {
  buildProposalInput,
  emptyMilestone,
  errorsFromApi,
  initialValues,
  milestoneSumLine,
  proposalFeeLine,
  valuesFromProposal,
  type MilestoneValues,
  type PriceType,
  type ProposalErrors,
  type ProposalFormValues,
} from './proposalValues';
import { useAction } from './useAction';
import styles from './Project.module.css';

interface Props {
  project: Project;
  /** The proposal being edited; a new one otherwise. */
  initial?: Proposal;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (input: ProposalInput) => Promise<Proposal>;
  onSaved: (proposal: Proposal) => void;
  /** 409: a live proposal exists already, the project closed, the proposal was decided meanwhile. */
  onConflict: (error: ApiError) => void;
  /** Editing: leave the form unchanged. */
  onCancel?: () => void;
  /** Opened by a button (a new proposal after a decline): start in the cover letter, as editing does. */
  focusOnStart?: boolean;
}

type FocusTarget = { kind: 'firstInvalid' } | { kind: 'milestone'; key: number } | { kind: 'coverLetter' };

/** Today on the member's calendar, 'YYYY-MM-DD' (the earliest due date worth offering). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * A proposal: cover letter, price (fixed total or hourly rate), estimated duration, and for a fixed price the
 * milestone plan, whose sum is checked against the total as the expert types.
 */
export function ProposalForm({ project, initial, submitLabel, busyLabel, onSubmit, onSaved, onConflict, onCancel, focusOnStart = false }: Props) {
  const id = useId();
  const controlIdOf = useCallback((field: string) => `${id}-${field.replace(/\./g, '-')}`, [id]);
  const keys = useRef(0);
  const [values, setValues] = useState<ProposalFormValues>(() => {
    const nextKey = () => ++keys.current;
    return initial ? valuesFromProposal(initial, nextKey) : initialValues(project, nextKey);
  });
  const [errors, setErrors] = useState<ProposalErrors>({});
  // The fee line as last announced: it changes when a field is left, not at every keystroke (FeeSummary). It starts
  // as the first line, which a status region does not read out, so leaving a field that changed nothing says nothing.
  const [announcedFee, setAnnouncedFee] = useState<string | null>(() => proposalFeeLine(values, project.fee));
  const [message, setMessage] = useState<string | null>(null);
  const { busy, run } = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const titleInputs = useRef(new Map<number, HTMLInputElement>());
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(initial || focusOnStart ? { kind: 'coverLetter' } : null);

  // Focus moves after the commit that rendered its target: a new row, the first field to fix.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'milestone') titleInputs.current.get(focusTarget.key)?.focus();
    else if (focusTarget.kind === 'coverLetter') document.getElementById(controlIdOf('coverLetter'))?.focus();
    else (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? messageRef.current)?.focus();
  }, [focusTarget, controlIdOf]);

  const registerTitle = useCallback((key: number, element: HTMLInputElement | null) => {
    if (element) titleInputs.current.set(key, element);
    else titleInputs.current.delete(key);
  }, []);

  /** Changes values and forgets the errors the change may have fixed. */
  const update = (patch: Partial<ProposalFormValues>, fixes: readonly string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      if (!fixes.some((field) => field in e)) return e;
      const rest = { ...e };
      for (const field of fixes) delete rest[field];
      return rest;
    });
  };

  const changeMilestone = (index: number, patch: Partial<Omit<MilestoneValues, 'key'>>) => {
    const field = patch.title !== undefined ? 'title' : patch.amount !== undefined ? 'amountCents' : 'dueDate';
    const milestones = values.milestones.map((m, i) => (i === index ? { ...m, ...patch } : m));
    update({ milestones }, field === 'amountCents' ? [`milestones.${index}.amountCents`, 'milestones'] : [`milestones.${index}.${field}`]);
  };

  const addMilestone = () => {
    if (values.milestones.length >= PROJECT_LIMITS.milestonesMax) return;
    const row = emptyMilestone(++keys.current);
    update({ milestones: [...values.milestones, row] }, ['milestones']);
    setFocusTarget({ kind: 'milestone', key: row.key });
  };

  const removeMilestone = (index: number) => {
    const milestones = values.milestones.filter((_, i) => i !== index);
    // Errors name rows by position, which has just changed for the rows below.
    setValues((v) => ({ ...v, milestones }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !field.startsWith('milestones'))));
    const neighbour = milestones[Math.max(0, index - 1)];
    if (neighbour) setFocusTarget({ kind: 'milestone', key: neighbour.key });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const built = buildProposalInput(values);
    if (!built.ok) {
      setErrors(built.errors);
      setFocusTarget({ kind: 'firstInvalid' });
      return;
    }
    setErrors({});
    const result = await run(() => onSubmit(built.input));
    if (!result) return;
    if (result.ok) {
      onSaved(result.value);
      return;
    }
    if (result.error.status === 409) {
      onConflict(result.error);
      return;
    }
    const refused = errorsFromApi(result.error, values.milestones.length);
    setErrors(refused.errors);
    setMessage(refused.message);
    setFocusTarget({ kind: 'firstInvalid' });
  };

  const fixed = values.priceType === 'fixed';
  const coverId = controlIdOf('coverLetter');
  const priceId = controlIdOf('priceCents');
  const durationId = controlIdOf('duration');
  const priceTypeErrorId = `${controlIdOf('priceType')}-error`;
  const sumLine = milestoneSumLine(values);
  const feeLine = proposalFeeLine(values, project.fee);
  const feeId = controlIdOf('fee');

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)} onBlur={() => setAnnouncedFee(feeLine)}>
      <div className={styles.field}>
        <label htmlFor={coverId} className={styles.label}>
          Cover letter
        </label>
        <p id={`${coverId}-hint`} className={styles.hint}>
          Why you are a good fit, and how you would approach the work.
        </p>
        <textarea
          {...fieldErrorProps(coverId, errors.coverLetter, `${coverId}-hint ${coverId}-count`)}
          className={styles.textarea}
          rows={10}
          maxLength={PROJECT_LIMITS.coverLetterMax}
          value={values.coverLetter}
          onChange={(event) => update({ coverLetter: event.target.value }, ['coverLetter'])}
        />
        <p id={`${coverId}-count`} className={styles.hint}>
          {values.coverLetter.length.toLocaleString('en-US')} of {PROJECT_LIMITS.coverLetterMax.toLocaleString('en-US')} characters
        </p>
        <FieldError controlId={coverId} error={errors.coverLetter} className={styles.fieldError} />
      </div>

      <fieldset className={styles.fieldset} aria-describedby={errors.priceType ? priceTypeErrorId : undefined}>
        <legend className={styles.legend}>Price</legend>
        <div className={styles.choices}>
          {(['fixed', 'hourly'] as const satisfies readonly PriceType[]).map((type) => (
            <label key={type} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-priceType`}
                value={type}
                checked={values.priceType === type}
                onChange={() => update({ priceType: type }, ['priceType', 'priceCents', 'milestones'])}
              />
              {type === 'fixed' ? 'Fixed price' : 'Hourly rate'}
            </label>
          ))}
        </div>
        {errors.priceType ? (
          <p id={priceTypeErrorId} className={styles.fieldError}>
            {errors.priceType}
          </p>
        ) : null}
        <div className={styles.field}>
          <label htmlFor={priceId} className={styles.label}>
            {fixed ? 'Total price (USD)' : 'Hourly rate (USD)'}
          </label>
          <input
            {...fieldErrorProps(priceId, errors.priceCents, feeLine ? feeId : undefined)}
            className={`${styles.input} ${styles.moneyInput}`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={values.price}
            onChange={(event) => update({ price: event.target.value }, ['priceCents', 'milestones'])}
          />
          <FieldError controlId={priceId} error={errors.priceCents} className={styles.fieldError} />
          {feeLine ? <FeeSummary id={feeId} line={feeLine} announced={announcedFee} /> : null}
        </div>
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={durationId} className={styles.label}>
          Estimated duration
        </label>
        <select
          {...fieldErrorProps(durationId, errors.duration)}
          className={styles.select}
          value={values.duration}
          onChange={(event) => update({ duration: event.target.value }, ['duration'])}
        >
          <option value="">Choose a duration</option>
          {PROJECT_DURATIONS.map((duration) => (
            <option key={duration} value={duration}>
              {DURATION_LABELS[duration] ?? duration}
            </option>
          ))}
        </select>
        <FieldError controlId={durationId} error={errors.duration} className={styles.fieldError} />
      </div>

      {fixed ? (
        <MilestoneFields
          milestones={values.milestones}
          errors={errors}
          sumLine={sumLine}
          feeId={feeLine ? feeId : null}
          controlIdOf={controlIdOf}
          minDate={localToday()}
          onChange={changeMilestone}
          onAdd={addMilestone}
          onRemove={removeMilestone}
          registerTitle={registerTitle}
        />
      ) : null}

      <div ref={messageRef} tabIndex={-1}>
        <LiveMessage role="alert" className={styles.inlineError} message={message} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={ui.quiet} disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
