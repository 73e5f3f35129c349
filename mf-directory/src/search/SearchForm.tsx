import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { EXPERT_SORTS, type ExpertSort } from '@sciexperts/shared';
import { COUNTRIES } from '@sciexperts/shared/countries';
import { useEarlyInput } from '@sciexperts/ui';
import { practiceAreasFor, SERVICE_CATALOGUE } from '../catalogue';
import { SORT_LABELS, type SearchState } from './searchState';
import styles from './Search.module.css';

interface Draft {
  q: string;
  minFee: string;
  maxFee: string;
}

const draftOf = (state: SearchState): Draft => ({ q: state.q, minFee: state.minFee === null ? '' : String(state.minFee), maxFee: state.maxFee === null ? '' : String(state.maxFee) });

/** The draft after the URL moved from `before` to `after`: a value the URL changed replaces what was typed there. */
function redraft(draft: Draft, before: SearchState, after: SearchState): Draft {
  const was = draftOf(before);
  const now = draftOf(after);
  return {
    q: now.q !== was.q ? now.q : draft.q,
    minFee: now.minFee !== was.minFee ? now.minFee : draft.minFee,
    maxFee: now.maxFee !== was.maxFee ? now.maxFee : draft.maxFee,
  };
}

const isSort = (value: string): value is ExpertSort => (EXPERT_SORTS as readonly string[]).includes(value);

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

  // A new URL (Back, a link, Clear filters) replaces what was typed in the fields it changes; the others keep
  // their text (words typed before a filter was chosen stay in the box).
  const [shown, setShown] = useState(state);
  // Filters chosen before the page was hydrated, shown until the URL has them.
  const [earlyFilters, setEarlyFilters] = useState<Partial<SearchState> | null>(null);
  // The checkbox shows the member's choice at once; the URL (the state) follows in a transition.
  const [verifiedChoice, setVerifiedChoice] = useState<boolean | null>(null);
  if (shown !== state) {
    setShown(state);
    setVerifiedChoice(null);
    setDraft((current) => redraft(current, shown, state));
    setFeeError(null);
    setEarlyFilters(null);
  }

  // A server-rendered form may have been filled in before the page was hydrated: typed values go to the draft,
  // chosen filters apply as if chosen now (so a search sent then or later carries them all). Filters change the
  // URL, which the router accepts from an effect, not from the commit where the fields are adopted.
  const chooseEarly = (change: Partial<SearchState>) => setEarlyFilters((current) => ({ ...current, ...change }));
  const appliedEarly = useRef<Partial<SearchState> | null>(null);
  useEffect(() => {
    if (!earlyFilters || appliedEarly.current === earlyFilters) return;
    appliedEarly.current = earlyFilters;
    onChange(earlyFilters);
  }, [earlyFilters, onChange]);
  const queryRef = useRef<HTMLInputElement>(null);
  const serviceRef = useRef<HTMLSelectElement>(null);
  const areaRef = useRef<HTMLSelectElement>(null);
  const countryRef = useRef<HTMLSelectElement>(null);
  const minFeeRef = useRef<HTMLInputElement>(null);
  const maxFeeRef = useRef<HTMLInputElement>(null);
  const sortRef = useRef<HTMLSelectElement>(null);
  const verifiedRef = useRef<HTMLInputElement>(null);
  useEarlyInput(queryRef, draft.q, (q) => setDraft((current) => ({ ...current, q })));
  useEarlyInput(serviceRef, state.service, (service) => chooseEarly({ service }));
  useEarlyInput(areaRef, state.area, (area) => chooseEarly({ area }));
  useEarlyInput(countryRef, state.country, (country) => chooseEarly({ country }));
  useEarlyInput(minFeeRef, draft.minFee, (minFee) => setDraft((current) => ({ ...current, minFee })));
  useEarlyInput(maxFeeRef, draft.maxFee, (maxFee) => setDraft((current) => ({ ...current, maxFee })));
  useEarlyInput(sortRef, state.sort, (sort) => {
    if (isSort(sort)) chooseEarly({ sort });
  });

  // A checkbox ticked before the page was hydrated applies like the other filters chosen early (useEarlyInput reads
  // values; a checkbox's choice is its checked state). Once per mount, in the hydrating commit.
  const lookedAtVerified = useRef(false);
  const renderedVerified = useRef(state.verified);
  useLayoutEffect(() => {
    if (lookedAtVerified.current) return;
    lookedAtVerified.current = true;
    const box = verifiedRef.current;
    if (box && box.checked !== renderedVerified.current) chooseEarly({ verified: box.checked });
  }, []);

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

  const filters = earlyFilters ? { ...state, ...earlyFilters } : state;
  const service = lockedService ?? filters.service;
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
            ref={queryRef}
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
            <select ref={serviceRef} id={`${id}-service`} value={filters.service} onChange={(event) => onChange({ service: event.target.value })}>
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
          <select ref={areaRef} id={`${id}-area`} value={filters.area} onChange={(event) => onChange({ area: event.target.value })}>
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
          <select ref={countryRef} id={`${id}-country`} value={filters.country} onChange={(event) => onChange({ country: event.target.value })}>
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
                ref={minFeeRef}
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
                ref={maxFeeRef}
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
        <div className={styles.checkField}>
          <input
            ref={verifiedRef}
            id={`${id}-verified`}
            type="checkbox"
            checked={verifiedChoice ?? filters.verified}
            onChange={(event) => {
              setVerifiedChoice(event.target.checked);
              onChange({ verified: event.target.checked });
            }}
          />
          <label htmlFor={`${id}-verified`}>Verified experts only</label>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select ref={sortRef} id={`${id}-sort`} value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as ExpertSort })}>
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
