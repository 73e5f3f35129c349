import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SECURITY_MESSAGES, cancelPasskeyRequest, passkeyAutofillSupported, passkeysSupported } from '@sciexperts/shared';
import { FormMessages } from '../forms/FormMessages';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import { LinkedInButton } from './LinkedInButton';
import { describeLoginFailure, signInWithCode, signInWithPasskey, signInWithPassword } from './signInWithPassword';
import styles from '../forms/Form.module.css';

interface Props {
  onSignedIn: () => void;
  onForgotPassword: () => void;
}

/** A passkey prompt the member closed is not an error worth a red message. */
const cancelled = (caught: unknown) => caught instanceof Error && (caught.name === 'NotAllowedError' || caught.name === 'AbortError');

export function LoginForm({ onSignedIn, onForgotPassword }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Set once the password was right and the second factor is on: the code step's token. */
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const { busy, run } = useSubmitGuard();
  const [withPasskeys] = useState(() => passkeysSupported());

  // Conditional UI: where the browser can, it offers this site's passkeys in the e-mail field's suggestions.
  useEffect(() => {
    if (!withPasskeys) return undefined;
    let live = true;
    void passkeyAutofillSupported().then((supported) => {
      if (!live || !supported) return;
      signInWithPasskey(true).then(
        () => live && onSignedIn(),
        (caught: unknown) => live && !cancelled(caught) && setError(describeLoginFailure(caught)),
      );
    });
    return () => {
      live = false;
      cancelPasskeyRequest();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening of the form
  }, []);

  useEffect(() => {
    if (challengeToken) codeInput.current?.focus();
  }, [challengeToken]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError(null);
      try {
        const step = await signInWithPassword(email.trim(), password);
        if (!step.signedIn) {
          setChallengeToken(step.challengeToken);
          return;
        }
      } catch (caught) {
        setError(describeLoginFailure(caught));
        return;
      }
      onSignedIn();
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!challengeToken) return;
    void run(async () => {
      setError(null);
      if (!code.trim()) {
        setError(SECURITY_MESSAGES.codeRequired);
        return;
      }
      try {
        await signInWithCode(challengeToken, code);
      } catch (caught) {
        setError(describeLoginFailure(caught));
        return;
      }
      onSignedIn();
    });
  };

  const withPasskey = () => {
    void run(async () => {
      setError(null);
      // The conditional request holds the authenticator: end it before asking outright.
      cancelPasskeyRequest();
      try {
        await signInWithPasskey(false);
      } catch (caught) {
        if (!cancelled(caught)) setError(describeLoginFailure(caught));
        return;
      }
      onSignedIn();
    });
  };

  if (challengeToken) {
    return (
      <form onSubmit={submitCode} className={styles.form} aria-busy={busy} aria-labelledby="login-second-factor">
        <h3 id="login-second-factor" className={styles.divider}>
          Two-step verification
        </h3>
        <p className={styles.hint} id="login-second-factor-hint">
          {SECURITY_MESSAGES.secondFactorRequired}
        </p>
        <label className={styles.field}>
          Authentication code
          <input
            ref={codeInput}
            name="code"
            required
            autoComplete="one-time-code"
            inputMode="text"
            aria-describedby="login-second-factor-hint"
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <FormMessages error={error} />
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setChallengeToken(null);
            setCode('');
            setPassword('');
            setError(null);
          }}
        >
          Back to e-mail and password
        </button>
      </form>
    );
  }

  return (
    <div className={styles.form}>
      <LinkedInButton onError={setError} />
      {withPasskeys && (
        <button type="button" className={styles.secondary} onClick={withPasskey} disabled={busy}>
          Sign in with a passkey
        </button>
      )}
      <p className={styles.divider}>or log in with your e-mail</p>
      <form onSubmit={submit} className={styles.form} aria-busy={busy}>
        <label className={styles.field}>
          Email
          <input type="email" name="email" required autoComplete="username webauthn" value={email} onChange={(e) => setEmail(e.target.value)} />
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
