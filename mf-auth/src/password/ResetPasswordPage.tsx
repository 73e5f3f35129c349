import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@sciexperts/shared/router';
import { ACCOUNT_MESSAGES, PASSWORD_RULES_TEXT, accountApi, openLoginModal, loadCommonPasswords, passwordProblem, type PasswordResetAnswer } from '@sciexperts/shared';
import { FormMessages } from '../forms/FormMessages';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import formStyles from '../forms/Form.module.css';
import styles from './ResetPasswordPage.module.css';
import { RecoveryFactorList } from './RecoveryFactorList';

// The server's wording for a bad token, used too when the link has no token at all.
export const INVALID_LINK_MESSAGE = ACCOUNT_MESSAGES.resetLinkInvalid;
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';
const CHANGED_FALLBACK = ACCOUNT_MESSAGES.passwordChanged;

/**
 * /reset-password?token=… — the page the reset e-mail (and a sign-in alert's "This was not me") links to. Once the new
 * password is saved it lists the account's passkeys and authenticator app for removal (RecoveryFactorList).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const headingId = useId();
  // The common-password list is fetched when the form opens, not with every page (the server checks it too).
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
  const passwordId = useId();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<PasswordResetAnswer['recovery']>(null);
  const { busy, run } = useSubmitGuard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password) ?? (password === confirmation ? null : PASSWORDS_DIFFER_MESSAGE);
    if (problem) {
      setError(problem);
      return;
    }
    void run(async () => {
      setError(null);
      try {
        const answer = await accountApi.resetPassword({ token, password });
        setRecovery(answer?.recovery ?? null);
        setChanged(answer?.message || CHANGED_FALLBACK);
      } catch (caught) {
        setError(caught instanceof Error && caught.message ? caught.message : INVALID_LINK_MESSAGE);
      }
    });
  };

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h1 id={headingId}>Choose a new password</h1>
      {changed && recovery ? (
        <RecoveryFactorList grant={recovery.grant} factors={recovery.factors} />
      ) : changed ? (
        <div className={formStyles.form}>
          <p role="status" className={formStyles.status}>
            {changed}
          </p>
          <button type="button" className={formStyles.submit} onClick={() => openLoginModal('login')}>
            Login
          </button>
        </div>
      ) : !token ? (
        <p role="alert" className={formStyles.error}>
          {INVALID_LINK_MESSAGE}
        </p>
      ) : (
        <form onSubmit={submit} className={formStyles.form} aria-busy={busy} noValidate>
          <div className={formStyles.field}>
            <label htmlFor={passwordId}>New password</label>
            <input
              id={passwordId}
              type="password"
              name="newPassword"
              required
              autoComplete="new-password"
              aria-describedby={rulesId}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id={rulesId} className={formStyles.hint}>
              {PASSWORD_RULES_TEXT}
            </p>
          </div>
          <label className={formStyles.field}>
            Confirm new password
            <input
              type="password"
              name="confirmPassword"
              required
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
            />
          </label>
          <FormMessages error={error} />
          <button type="submit" className={formStyles.submit} disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      )}
    </section>
  );
}
