import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PASSWORD_RULES_TEXT, loadCommonPasswords, passwordProblem } from '@sciexperts/shared';
import { ADMIN_MESSAGES as M, ADMIN_REFUSALS } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { setSession, useSession } from './session';
import css from './console.module.css';

type Field = 'currentPassword' | 'newPassword' | 'confirmation' | 'code';

/**
 * The operator chooses their password. `forced`: the first sign-in with the one-time password from create-operator,
 * where the console shows nothing else until it is done. Later the server asks for a code (the step-up) unless the
 * operator signed in minutes ago; the code field appears only then, so the usual change is three fields.
 */
export function ChangePassword({ forced }: { forced: boolean }) {
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState(false);
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { current: useId(), next: useId(), rules: useId(), confirmation: useId(), code: useId(), error: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const inputs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

  // The common-password list is fetched when the form opens (the server checks it too).
  useEffect(() => {
    void loadCommonPasswords();
    heading.current?.focus();
  }, []);
  // Focus goes to the field that needs attention, so a keyboard or screen reader user lands on it.
  useEffect(() => {
    if (error?.field) inputs[error.field].current?.focus();
  }, [error]); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(next, { email: session?.operator.email ?? '' });
    const refusal: { field: Field; message: string } | null = problem
      ? { field: 'newPassword', message: problem }
      : next === current
        ? { field: 'newPassword', message: M.samePassword }
        : next !== confirmation
          ? { field: 'confirmation', message: M.passwordsDiffer }
          : null;
    if (refusal) {
      setError(refusal);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await adminApi.changePassword({ currentPassword: current, newPassword: next, ...(codeAsked && code.trim() ? { code: code.trim() } : {}) });
      if (session) setSession({ ...session, passwordChangeRequired: false });
      // Forced: the console opens now in place of this form; nothing more to show here.
      if (forced) return;
      setCurrent('');
      setNext('');
      setConfirmation('');
      setCode('');
      setCodeAsked(false);
      setDone(true);
    } catch (err) {
      if (err instanceof AdminApiError && err.reason === ADMIN_REFUSALS.stepUp) {
        setCodeAsked(true);
        setError({ field: 'code', message: err.message });
      } else if (err instanceof AdminApiError) {
        const field = err.details[0]?.field;
        setError({ field: field === 'currentPassword' || field === 'newPassword' || field === 'code' ? field : null, message: err.message });
        setCode('');
      } else {
        setError({ field: null, message: 'Changing the password failed. Try again.' });
      }
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: Field, extra?: string) => [extra, error?.field === field ? ids.error : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <section aria-labelledby="password-title">
      <h1 id="password-title" ref={heading} tabIndex={-1}>
        {forced ? 'Choose your own password' : 'Change your password'}
      </h1>
      {forced && <p>{M.passwordChangeRequired}</p>}
      {done && (
        <p role="status" className={css.section}>
          {M.passwordChanged}
        </p>
      )}
      <form className={css.form} onSubmit={submit} noValidate>
        <div className={css.field}>
          <label htmlFor={ids.current}>{forced ? 'The password you were given' : 'Current password'}</label>
          <input
            id={ids.current}
            ref={inputs.currentPassword}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            aria-invalid={error?.field === 'currentPassword' || undefined}
            aria-describedby={describedBy('currentPassword')}
          />
        </div>
        <div className={css.field}>
          <label htmlFor={ids.next}>New password</label>
          <input
            id={ids.next}
            ref={inputs.newPassword}
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.target.value)}
            aria-invalid={error?.field === 'newPassword' || undefined}
            aria-describedby={describedBy('newPassword', ids.rules)}
          />
          <small id={ids.rules}>{PASSWORD_RULES_TEXT}</small>
        </div>
        <div className={css.field}>
          <label htmlFor={ids.confirmation}>New password again</label>
          <input
            id={ids.confirmation}
            ref={inputs.confirmation}
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            aria-invalid={error?.field === 'confirmation' || undefined}
            aria-describedby={describedBy('confirmation')}
          />
        </div>
        {codeAsked && (
          <div className={css.field}>
            <label htmlFor={ids.code}>Code from your authenticator app (or a recovery code)</label>
            <input
              id={ids.code}
              ref={inputs.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={error?.field === 'code' || undefined}
              aria-describedby={describedBy('code')}
            />
          </div>
        )}
        {error && (
          <p id={ids.error} role="alert" className={css.error}>
            {error.message}
          </p>
        )}
        <button type="submit" className={css.button} disabled={busy}>
          Change password
        </button>
      </form>
    </section>
  );
}
