import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accountApi } from '@sciexperts/shared';
import { FormMessages } from '../forms/FormMessages';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import styles from '../forms/Form.module.css';

// Neutral on purpose: the answer must not reveal whether an account exists for the address.
export const RESET_LINK_SENT_MESSAGE = 'If an account exists for that e-mail, we have sent a link to reset your password.';

interface Props {
  onBack: () => void;
}

export function ForgotPasswordForm({ onBack }: Props) {
  const emailInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitGuard();

  // The form replaces the login form under the member's focus; keep the focus in the new form.
  useEffect(() => emailInput.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setStatus(null);
      setError(null);
      try {
        await accountApi.requestPasswordReset({ email: email.trim() });
        setStatus(RESET_LINK_SENT_MESSAGE);
      } catch (caught) {
        setError(caught instanceof Error && caught.message ? caught.message : 'We could not send the reset link. Please try again.');
      }
    });
  };

  return (
    <form onSubmit={submit} className={styles.form} aria-busy={busy}>
      <h3>Reset your password</h3>
      <p className={styles.hint}>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <label className={styles.field}>
        Email
        <input ref={emailInput} type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <FormMessages status={status} error={error} />
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
      <button type="button" className={styles.linkButton} onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}
