import { useId, useState, type FormEvent } from 'react';
import { COUNTRIES, EXPERT_SORTS, type ExpertSort } from '@sciexperts/shared';
import { practiceAreasFor, SERVICE_CATALOGUE } from '../catalogue';
import { SORT_LABELS, type SearchState } from './searchState';
import styles from './Search.module.css';

interface Draft {
  q: string;
  minFee: string;
  maxFee: string;
}

const draftOf = (state: SearchState): Draft => ({ q: state.q, minFee: state.minFee === null ? '' : String(state.minFee), maxFee: state.maxFee === null ? '' : String(state.maxFee) });

function feeValue(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The search box and the filters. Lists (service, practice area, country, sort) apply as soon as they change;
 * typed values (the words, the fee range) apply on Search or Enter. The URL is the state: the form only
 * mirrors it, so Back and a shared link show the same form.
 */
export function SearchForm({ state, onChange, lockedService }: { state: SearchState; onChange: (change: Partial<SearchState>) => void; lockedService?: string }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  const [feeError, setFeeError] = useState<string | null>(null);

  // A new URL (Back, a link, Clear filters) replaces what was typed.
  const [shown, setShown] = useState(state);
  if (shown !== state) {
    setShown(state);
    setDraft(draftOf(state));
    setFeeError(null);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minFee = feeValue(draft.minFee);
    const maxFee = feeValue(draft.maxFee);
    if ((draft.minFee.trim() && minFee === null) || (draft.maxFee.trim() && maxFee === null)) {
      setFeeError('Fees must be whole numbers of 0 or more.');
      return;
    }
    if (minFee !== null && maxFee !== null && minFee > maxFee) {
      setFeeError('The lowest fee must not be higher than the highest fee.');
      return;
    }
    setFeeError(null);
    onChange({ q: draft.q.trim(), minFee, maxFee });
  };

  const service = lockedService ?? state.service;
  const areas = practiceAreasFor(service);
  const feeErrorId = `${id}-fee-error`;

  return (
    <form role="search" aria-label="Expert search" className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.queryRow}>
        <label htmlFor={`${id}-q`} className={styles.queryLabel}>
          Search experts
        </label>
        <div className={styles.queryControls}>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            className={styles.queryInput}
            value={draft.q}
            placeholder="e.g. biostatistics, shelf-life, EU MDR"
            autoComplete="off"
            maxLength={200}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          <button type="submit" className={styles.primaryButton}>
            Search
          </button>
        </div>
      </div>

      <fieldset className={styles.filters}>
        <legend className={styles.legend}>Filters</legend>
        {lockedService ? null : (
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
        )}
        <div className={styles.field}>
          <label htmlFor={`${id}-area`}>Practice area</label>
          <select id={`${id}-area`} value={state.area} onChange={(event) => onChange({ area: event.target.value })}>
            <option value="">Any practice area</option>
            {areas.map((area) => (
              <option key={area} value={area}>
                {area}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-country`}>Country</label>
          <select id={`${id}-country`} value={state.country} onChange={(event) => onChange({ country: event.target.value })}>
            <option value="">Any country</option>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.feeRange} aria-describedby={feeError ? feeErrorId : undefined}>
          <legend>Hourly fee (USD)</legend>
          <div className={styles.feeInputs}>
            <div className={styles.field}>
              <label htmlFor={`${id}-min`}>From</label>
              <input
                id={`${id}-min`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={draft.minFee}
                aria-invalid={feeError ? true : undefined}
                onChange={(event) => setDraft({ ...draft, minFee: event.target.value })}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-max`}>To</label>
              <input
                id={`${id}-max`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={draft.maxFee}
                aria-invalid={feeError ? true : undefined}
                onChange={(event) => setDraft({ ...draft, maxFee: event.target.value })}
              />
            </div>
            <button type="submit" className={styles.secondaryButton}>
              Apply
            </button>
          </div>
          {feeError ? (
            <p id={feeErrorId} className={styles.fieldError} role="alert">
              {feeError}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={state.sort} onChange={(event) => onChange({ sort: event.target.value as ExpertSort })}>
            {EXPERT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </form>
  );
}
