import { useId, useState, type FormEvent } from 'react';
import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { BUDGET_TYPES, PROJECT_LIMITS } from '@sciexperts/shared/member';
import { inputFromCents } from '../format';
import { BUDGET_TYPE_LABELS, budgetCents, POSTED_LABELS, POSTED_WITHIN, type BudgetTypeFilter, type ListState, type PostedWithin } from './listState';
import styles from './List.module.css';

interface Draft {
  q: string;
  minBudget: string;
  maxBudget: string;
}

const draftOf = (state: ListState): Draft => ({ q: state.q, minBudget: inputFromCents(state.minBudget), maxBudget: inputFromCents(state.maxBudget) });

export const BUDGET_FORMAT_ERROR = 'Enter budgets in US dollars, like 500 or 1,250.50.';
export const BUDGET_ORDER_ERROR = 'The lowest budget must not be higher than the highest.';

/** 'Matching my services', offered where the list can narrow to the member's own services. */
export interface MatchingControl {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The search box and the filters. Lists and the checkbox apply as soon as they change; typed values (the words,
 * the budget range) apply on Search, Apply or Enter. The URL is the state: the form only mirrors it, so Back and a
 * shared link show the same form.
 */
export function ProjectFilters({ state, onChange, matching }: { state: ListState; onChange: (change: Partial<ListState>) => void; matching?: MatchingControl }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  const [budgetError, setBudgetError] = useState<string | null>(null);

  // A new URL (Back, a link, Clear filters) replaces what was typed.
  const [shown, setShown] = useState(state);
  if (shown !== state) {
    setShown(state);
    setDraft(draftOf(state));
    setBudgetError(null);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minBudget = draft.minBudget.trim() ? budgetCents(draft.minBudget) : null;
    const maxBudget = draft.maxBudget.trim() ? budgetCents(draft.maxBudget) : null;
    if ((draft.minBudget.trim() && minBudget === null) || (draft.maxBudget.trim() && maxBudget === null)) {
      setBudgetError(BUDGET_FORMAT_ERROR);
      return;
    }
    if (minBudget !== null && maxBudget !== null && minBudget > maxBudget) {
      setBudgetError(BUDGET_ORDER_ERROR);
      return;
    }
    setBudgetError(null);
    onChange({ q: draft.q.trim().replace(/\s+/g, ' '), minBudget, maxBudget });
  };

  const budgetErrorId = `${id}-budget-error`;
  const invalid = budgetError ? styles.invalid : undefined;

  return (
    <form role="search" aria-label="Project search" className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.queryRow}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          Search projects
        </label>
        <div className={styles.queryControls}>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            className={styles.queryInput}
            value={draft.q}
            placeholder="e.g. survival analysis, EU MDR"
            autoComplete="off"
            maxLength={PROJECT_LIMITS.queryMax}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          <button type="submit" className={styles.primaryButton}>
            Search
          </button>
        </div>
      </div>

      <fieldset className={styles.filters}>
        <legend className={styles.legend}>Filters</legend>
        {matching ? (
          <label className={styles.checkbox}>
            <input type="checkbox" checked={matching.checked} onChange={(event) => matching.onChange(event.target.checked)} />
            Matching my services
          </label>
        ) : null}
        <div className={styles.field}>
          <label htmlFor={`${id}-service`}>Service</label>
          <select id={`${id}-service`} value={state.service} onChange={(event) => onChange({ service: event.target.value })}>
            <option value="">Any service</option>
            {SERVICE_CATALOGUE.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-budget-type`}>Budget type</label>
          <select id={`${id}-budget-type`} value={state.budgetType} onChange={(event) => onChange({ budgetType: event.target.value as BudgetTypeFilter | '' })}>
            <option value="">Any budget type</option>
            {BUDGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {BUDGET_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.budgetRange}>
          <legend className={styles.legend}>Budget (USD)</legend>
          <div className={styles.budgetInputs}>
            <div className={styles.field}>
              <label htmlFor={`${id}-min`}>From</label>
              <input
                id={`${id}-min`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className={invalid}
                value={draft.minBudget}
                aria-invalid={budgetError ? true : undefined}
                aria-describedby={budgetError ? budgetErrorId : undefined}
                onChange={(event) => setDraft({ ...draft, minBudget: event.target.value })}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-max`}>To</label>
              <input
                id={`${id}-max`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className={invalid}
                value={draft.maxBudget}
                aria-invalid={budgetError ? true : undefined}
                aria-describedby={budgetError ? budgetErrorId : undefined}
                onChange={(event) => setDraft({ ...draft, maxBudget: event.target.value })}
              />
            </div>
            <button type="submit" className={styles.secondaryButton}>
              Apply
            </button>
          </div>
          {budgetError ? (
            <p id={budgetErrorId} className={styles.fieldError} role="alert">
              {budgetError}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-posted`}>Posted</label>
          <select id={`${id}-posted`} value={state.posted} onChange={(event) => onChange({ posted: event.target.value as PostedWithin | '' })}>
            <option value="">Any time</option>
            {POSTED_WITHIN.map((days) => (
              <option key={days} value={days}>
                {POSTED_LABELS[days]}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </form>
  );
}
