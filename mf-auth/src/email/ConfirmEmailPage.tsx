import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_SETTINGS_MESSAGES as M, accountSettingsApi, authStore, updateStoredUser, userApi, type User } from '@sciexperts/shared';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import formStyles from '../forms/Form.module.css';
import styles from '../password/ResetPasswordPage.module.css';

/**
 * /account/confirm-email?token=… — the page the link mailed to a new address opens. It asks before it changes
 * anything (mail scanners open links), works signed out or on another device, and when the member is signed in
 * here, shows the new address at once.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : M.emailLinkInvalid);
  const { busy, run } = useSubmitGuard();

  const confirm = () =>
    void run(async () => {
      setError(null);
      try {
        setDone((await accountSettingsApi.confirmEmail(token)).message);
        const me = authStore.getState().user;
        if (me) {
          // The stored member still has the old address; a failure here only delays showing the new one.
          const fresh = await userApi.getById(me.id).catch(() => null);
          if (fresh && 'email' in fresh) updateStoredUser(fresh as User);
        }
      } catch (caught) {
        setError(caught instanceof Error && caught.message ? caught.message : M.emailLinkInvalid);
      }
    });

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h1 id={headingId}>Confirm your new e-mail address</h1>
      {done ? (
        <p role="status" className={formStyles.status}>
          {done}
        </p>
      ) : (
        <div className={formStyles.form}>
          <p>Your SciExperts account will use this address to sign in and for every e-mail we send you.</p>
          <p role="alert" className={formStyles.error}>
            {error}
          </p>
          {token ? (
            <button type="button" className={formStyles.submit} onClick={confirm} aria-disabled={busy || undefined}>
              {busy ? 'Confirming…' : 'Confirm this address'}
            </button>
          ) : null}
        </div>
      )}
      <p>
        <Link to="/profile/settings">Account settings</Link>
      </p>
    </section>
  );
}
