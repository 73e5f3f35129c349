import { useState, type FormEvent } from 'react';
import { FormMessages } from '../forms/FormMessages';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import { LinkedInButton } from './LinkedInButton';
import { describeLoginFailure, signInWithPassword } from './signInWithPassword';
import styles from '../forms/Form.module.css';

interface Props {
  onSignedIn: () => void;
  onForgotPassword: () => void;
}

export function LoginForm({ onSignedIn, onForgotPassword }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitGuard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError(null);
      try {
        await signInWithPassword(email.trim(), password);
      } catch (caught) {
        setError(describeLoginFailure(caught));
        return;
      }
      onSignedIn();
    });
  };

  return (
    <div className={styles.form}>
      <LinkedInButton onError={setError} />
      <p className={styles.divider}>or log in with your e-mail</p>
      <form onSubmit={submit} className={styles.form} aria-busy={busy}>
        <label className={styles.field}>
          Email
          <input type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className={styles.field}>
          Password
          <input
            type="password"
            name="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <FormMessages error={error} />
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <button type="button" className={styles.linkButton} onClick={onForgotPassword}>
        Forgot your password?
      </button>
    </div>
  );
}
