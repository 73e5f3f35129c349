import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accountApi, signIn, type LoginModalTab } from '@sciexperts/shared';
import styles from './AuthModal.module.css';

export interface AuthModalProps {
  initialTab: LoginModalTab;
  onClose: () => void;
}

// Skeleton of the sign-in dialog: e-mail login works; the sign-in issue completes both tabs.
export function AuthModal({ initialTab, onClose }: AuthModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  const [tab, setTab] = useState<LoginModalTab>(initialTab);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const returnTo = opener.current;
    dialog.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (returnTo instanceof HTMLElement) returnTo.focus();
    };
  }, [onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await accountApi.login({ email, password });
      if (!token) throw new Error('No access token received');
      signIn(token, user);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'An Unknown error occured during login');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.backdrop}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="auth-modal-title" className={styles.dialog}>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id="auth-modal-title">{tab === 'login' ? 'Login' : 'Create Account'}</h2>
        {tab === 'login' ? (
          <form onSubmit={(event) => void submit(event)} className={styles.form}>
            <label>
              Email
              <input type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <label>
              Password
              <input type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <p role="alert" className={styles.error}>{error}</p>
            <button type="submit" className={styles.submit} disabled={busy}>
              {busy ? 'Logging in...' : 'Login'}
            </button>
            <button type="button" className={styles.switch} onClick={() => setTab('signup')}>
              Create Account
            </button>
          </form>
        ) : (
          <p>
            Account creation arrives with the sign-in issue.{' '}
            <button type="button" className={styles.switch} onClick={() => setTab('login')}>
              Login
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
