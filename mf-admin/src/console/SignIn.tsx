import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminSessionView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { setSession } from './session';
import css from './console.module.css';

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'setup'; enrolment: NonNullable<AdminSessionView['enrolment']> } | { kind: 'codes'; session: AdminSessionView };

/** E-mail and password, then the authenticator's code (at the first sign-in: its setup first). */
export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step.kind === 'code' || step.kind === 'setup') codeInput.current?.focus();
    else heading.current?.focus();
  }, [step.kind]);

  const finish = (session: AdminSessionView) => {
    if (session.token && session.expiresAt && session.operator) {
      setSession({ token: session.token, expiresAt: session.expiresAt, operator: session.operator, ...(session.passwordChangeRequired ? { passwordChangeRequired: true } : {}) });
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.signIn({ email, password, ...(step.kind === 'password' ? {} : { code }) });
      if (answer.status === 'code-required') setStep({ kind: 'code' });
      else if (answer.status === 'setup-required' && answer.enrolment) setStep({ kind: 'setup', enrolment: answer.enrolment });
      else if (answer.recoveryCodes) setStep({ kind: 'codes', session: answer });
      else finish(answer);
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'Signing in failed. Try again.');
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'codes') {
    return (
      <section aria-labelledby="codes-title">
        <h1 id="codes-title" ref={heading} tabIndex={-1}>
          Your recovery codes
        </h1>
        <p>Each code signs you in once if your authenticator is not at hand. Keep them somewhere safe: they are shown only now.</p>
        <ul className={css.codes} aria-label="Recovery codes">
          {step.session.recoveryCodes?.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button type="button" className={css.button} onClick={() => finish(step.session)}>
          I have kept them — continue
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="signin-title">
      <h1 id="signin-title" ref={heading} tabIndex={-1}>
        Operator sign-in
      </h1>
      <form className={css.form} onSubmit={submit} noValidate>
        <div className={css.field}>
          <label htmlFor="op-email">E-mail</label>
          <input id="op-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} readOnly={step.kind !== 'password'} />
        </div>
        <div className={css.field}>
          <label htmlFor="op-password">Password</label>
          <input id="op-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} readOnly={step.kind !== 'password'} />
        </div>
        {step.kind === 'setup' && (
          <div className={css.section}>
            <p>Set up the second factor: scan this code with an authenticator app, or type the key by hand, then enter the 6-digit code it shows.</p>
            <img className={css.qr} src={step.enrolment.qrCodeDataUrl} alt="QR code for your authenticator app" />
            <p>
              Key: <code data-testid="totp-secret">{step.enrolment.secret}</code>
            </p>
          </div>
        )}
        {step.kind !== 'password' && (
          <div className={css.field}>
            <label htmlFor="op-code">Code from your authenticator app (or a recovery code)</label>
            <input id="op-code" ref={codeInput} inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
        )}
        {error && (
          <p role="alert" className={css.error}>
            {error}
          </p>
        )}
        <button type="submit" className={css.button} disabled={busy}>
          {step.kind === 'password' ? 'Continue' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
