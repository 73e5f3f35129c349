import { useId, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { Link } from '@sciexperts/shared/router';
import { ApiError, request } from '@sciexperts/shared';
import { useEarlyInput, type EarlyInputElement } from '@sciexperts/ui';
import { BUDGET_OPTIONS, CONCIERGE_LIMITS, CONCIERGE_REQUEST_PATH, conciergeMessages, type ConciergeRequest } from '../content/concierge';
import { CONCIERGE_FIELDS, localIsoDate, normaliseConciergeRequest, validateConciergeField, validateConciergeRequest, type ConciergeErrors, type ConciergeField } from '@sciexperts/shared';
import styles from './ConciergeForm.module.css';

const EMPTY: ConciergeRequest = { name: '', email: '', need: '', budget: '', deadline: '' };

const isField = (field: string | undefined): field is ConciergeField => CONCIERGE_FIELDS.includes(field as ConciergeField);

/** What to say when the server refused or could not be reached; field problems go next to their fields. */
function describeFailure(error: unknown): { message: string; fields: ConciergeErrors } {
  if (error instanceof ApiError && error.status === 400) {
    const fields: ConciergeErrors = {};
    for (const detail of error.body?.details ?? []) if (isField(detail.field)) fields[detail.field] = detail.message;
    return { message: Object.keys(fields).length > 0 ? conciergeMessages.summary : error.message || conciergeMessages.summary, fields };
  }
  if (error instanceof ApiError && error.status === 429) return { message: conciergeMessages.throttled, fields: {} };
  // 404 (no route yet), 5xx and network failures: nothing the visitor can fix, and nothing they typed is lost.
  return { message: conciergeMessages.unavailable, fields: {} };
}

/**
 * The concierge request: labelled fields, messages next to the fields they concern, one submission at a
 * time, and a confirmation that takes focus. A failure keeps everything typed.
 */
export function ConciergeForm({ labelledBy }: { labelledBy: string }) {
  const id = useId();
  const [values, setValues] = useState<ConciergeRequest>(EMPTY);
  const [errors, setErrors] = useState<ConciergeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const needRef = useRef<HTMLTextAreaElement>(null);
  const budgetRef = useRef<HTMLSelectElement>(null);
  const deadlineRef = useRef<HTMLInputElement>(null);
  const fieldRefs: Record<ConciergeField, RefObject<EarlyInputElement | null>> = { name: nameRef, email: emailRef, need: needRef, budget: budgetRef, deadline: deadlineRef };
  const confirmationRef = useRef<HTMLDivElement>(null);
  const today = localIsoDate();

  // The page arrives as HTML: what was typed or chosen before it was hydrated is kept, as if entered now.
  const keep = (field: ConciergeField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  useEarlyInput(fieldRefs.name, values.name, keep('name'));
  useEarlyInput(fieldRefs.email, values.email, keep('email'));
  useEarlyInput(fieldRefs.need, values.need, keep('need'));
  useEarlyInput(fieldRefs.budget, values.budget, keep('budget'));
  useEarlyInput(fieldRefs.deadline, values.deadline, keep('deadline'));

  const fieldId = (field: ConciergeField) => `${id}-${field}`;
  const errorId = (field: ConciergeField) => `${id}-${field}-error`;

  const update = (field: ConciergeField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // A field already marked wrong is re-checked as it is corrected, so the message goes away at once.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateConciergeField(field, next, today) }));
  };

  const check = (field: ConciergeField) => () => {
    if (values[field] !== '' || errors[field]) setErrors((current) => ({ ...current, [field]: validateConciergeField(field, values, today) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const found = validateConciergeRequest(values, today);
    const firstInvalid = CONCIERGE_FIELDS.find((field) => found[field]);
    setErrors(found);
    if (firstInvalid) {
      setFormError(conciergeMessages.summary);
      fieldRefs[firstInvalid].current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setFormError(null);
    try {
      await request<unknown>('post', CONCIERGE_REQUEST_PATH, { json: normaliseConciergeRequest(values), fallbackError: conciergeMessages.unavailable });
      setSent(true);
      setValues(EMPTY);
      // After React has shown the confirmation.
      requestAnimationFrame(() => confirmationRef.current?.focus());
    } catch (caught) {
      const failure = describeFailure(caught);
      setErrors(failure.fields);
      setFormError(failure.message);
      const firstServerInvalid = CONCIERGE_FIELDS.find((field) => failure.fields[field]);
      if (firstServerInvalid) fieldRefs[firstServerInvalid].current?.focus();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div ref={confirmationRef} tabIndex={-1} role="status" className={styles.confirmation}>
        <h3 className={styles.confirmationTitle}>Request sent</h3>
        <p>{conciergeMessages.sent}</p>
        <p>
          Meanwhile, read <Link to="/blog/choose-consultant">how to choose the right scientific consultant</Link>, or{' '}
          <button type="button" className={styles.linkButton} onClick={() => setSent(false)}>
            send another request
          </button>
          .
        </p>
      </div>
    );
  }

  const describedBy = (field: ConciergeField, hintId?: string) => [hintId, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: ConciergeField) =>
    errors[field] ? (
      <p id={errorId(field)} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} aria-labelledby={labelledBy}>
      <p className={styles.required}>
        All fields are required.
      </p>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={fieldId('name')}>Your name</label>
          <input
            ref={nameRef}
            id={fieldId('name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={update('name')}
            onBlur={check('name')}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('email')}>E-mail address</label>
          <input
            ref={emailRef}
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={update('email')}
            onBlur={check('email')}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('need')}>What do you need?</label>
        <p id={`${id}-need-hint`} className={styles.hint}>
          The goal, the field, and anything already done. {CONCIERGE_LIMITS.needMin} to {CONCIERGE_LIMITS.needMax} characters; you can send documents later.
        </p>
        <textarea
          ref={needRef}
          id={fieldId('need')}
          name="need"
          rows={6}
          value={values.need}
          onChange={update('need')}
          onBlur={check('need')}
          aria-invalid={Boolean(errors.need)}
          aria-describedby={describedBy('need', `${id}-need-hint`)}
        />
        {fieldError('need')}
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={fieldId('budget')}>Budget</label>
          <select
            ref={budgetRef}
            id={fieldId('budget')}
            name="budget"
            value={values.budget}
            onChange={update('budget')}
            onBlur={check('budget')}
            aria-invalid={Boolean(errors.budget)}
            aria-describedby={describedBy('budget')}
          >
            <option value="">Choose a range</option>
            {BUDGET_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {fieldError('budget')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('deadline')}>Deadline</label>
          <input
            ref={deadlineRef}
            id={fieldId('deadline')}
            name="deadline"
            type="date"
            min={today}
            value={values.deadline}
            onChange={update('deadline')}
            onBlur={check('deadline')}
            aria-invalid={Boolean(errors.deadline)}
            aria-describedby={describedBy('deadline')}
          />
          {fieldError('deadline')}
        </div>
      </div>
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      <p className={styles.hint}>
        We use these details only to answer your request; see our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Sending...' : 'Send request'}
      </button>
    </form>
  );
}
