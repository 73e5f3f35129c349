import { useId, useState } from 'react';
import { Link, useSearchParams } from '@sciexperts/shared/router';
import { authStore, updateStoredUser, type User } from '@sciexperts/shared';
import { ACCOUNT_SETTINGS_PAGE_PATH, userApi } from '@sciexperts/shared/member';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import formStyles from '../forms/Form.module.css';
import styles from '../password/ResetPasswordPage.module.css';

export interface EmailLinkPageProps {
  title: string;
  explanation: string;
  buttonLabel: string;
  busyLabel: string;
  /** What the link's token does at the API; answers the server's sentence. */
  send: (token: string) => Promise<{ message: string }>;
  /** Said when the link has no token, or the server refuses it without a message. */
  invalid: string;
  /** Where the page leads afterwards. */
  back?: { to: string; label: string };
  /** Whether the change shows in the member's own data (their address): then a signed-in member is read again. */
  changesMember?: boolean;
}

/**
 * A page an e-mail's link opens with `?token=…` (confirming an address, stopping an e-mail). It asks before it changes anything (mail scanners open links),
 * works signed out or on another device, and when the member is signed in here, refreshes the stored member so the
 * change shows at once.
 */
export function EmailLinkPage({ title, explanation, buttonLabel, busyLabel, send, invalid, back = { to: ACCOUNT_SETTINGS_PAGE_PATH, label: 'Account settings' }, changesMember = true }: EmailLinkPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : invalid);
  const { busy, run } = useSubmitGuard();

  const confirm = () =>
    void run(async () => {
      setError(null);
      try {
        setDone((await send(token)).message);
        const me = changesMember ? authStore.getState().user : null;
        if (me) {
          // The stored member is from before the change; a failure here only delays showing it.
          const fresh = await userApi.getById(me.id).catch(() => null);
          if (fresh && 'email' in fresh) updateStoredUser(fresh as User);
        }
      } catch (caught) {
        setError(caught instanceof Error && caught.message ? caught.message : invalid);
      }
    });

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {done ? (
        <p role="status" className={formStyles.status}>
          {done}
        </p>
      ) : (
        <div className={formStyles.form}>
          <p>{explanation}</p>
          <p role="alert" className={formStyles.error}>
            {error}
          </p>
          {token ? (
            <button type="button" className={formStyles.submit} onClick={confirm} aria-disabled={busy || undefined}>
              {busy ? busyLabel : buttonLabel}
            </button>
          ) : null}
        </div>
      )}
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </section>
  );
}
