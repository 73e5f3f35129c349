import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SECURITY_MESSAGES, securityApi, type User } from '@sciexperts/shared';
import formStyles from '../forms/Form.module.css';

/**
 * The code step of a sign-in through the identity provider (docs/decisions/0042): the member turned two-step
 * verification on, so the provider's word alone is one factor. The same code (or recovery code) as after a password;
 * a wrong one is said here and may be corrected with the same token until it expires.
 */
export function IdentityCodeStep({ challengeToken, onSignedIn }: { challengeToken: string; onSignedIn: (session: { token: string; user: User }) => void }) {
  const hintId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The screen changed under the member from "Signing you in…": the field they must fill takes the focus.
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    securityApi.loginWithCode(challengeToken, code.trim()).then(
      (session) => onSignedIn(session),
      (caught: unknown) => {
        setError((caught as Error).message);
        setBusy(false);
      },
    );
  };

  return (
    <form onSubmit={submit} className={formStyles.form} aria-busy={busy} aria-label="Two-step verification">
      <p id={hintId}>{SECURITY_MESSAGES.secondFactorRequired}</p>
      <label className={formStyles.field}>
        Authentication code
        <input ref={input} name="code" required autoComplete="one-time-code" maxLength={32} aria-describedby={hintId} value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <p role="alert" className={formStyles.error}>
        {error}
      </p>
      <button type="submit" className={formStyles.submit} disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
    </form>
  );
}
