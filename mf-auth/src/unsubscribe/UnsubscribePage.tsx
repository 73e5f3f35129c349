import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NOTIFICATION_MESSAGES, NOTIFICATION_SETTINGS_PATH, notificationsApi } from '@sciexperts/shared';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import formStyles from '../forms/Form.module.css';
import styles from '../password/ResetPasswordPage.module.css';

/**
 * /unsubscribe?token=… — the page an e-mail's "Stop these e-mails" link opens. It asks before it changes anything:
 * mail scanners open links, and a GET that unsubscribed would switch e-mails off that nobody asked to stop. The
 * mail client's own one-click unsubscribe (RFC 8058) posts to the API directly and never shows this page.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : NOTIFICATION_MESSAGES.unsubscribeInvalid);
  const { busy, run } = useSubmitGuard();

  const unsubscribe = () =>
    void run(async () => {
      setError(null);
      try {
        setDone((await notificationsApi.unsubscribe(token)).message);
      } catch (caught) {
        setError(caught instanceof Error && caught.message ? caught.message : NOTIFICATION_MESSAGES.unsubscribeInvalid);
      }
    });

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h1 id={headingId}>Stop these e-mails</h1>
      {done ? (
        <p role="status" className={formStyles.status}>
          {done}
        </p>
      ) : (
        <div className={formStyles.form}>
          <p>You will still see these notifications in SciExperts; only the e-mails stop. You can switch them on again in your account settings.</p>
          <p role="alert" className={formStyles.error}>
            {error}
          </p>
          {token ? (
            <button type="button" className={formStyles.submit} onClick={unsubscribe} aria-disabled={busy || undefined}>
              {busy ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          ) : null}
        </div>
      )}
      <p>
        <Link to={NOTIFICATION_SETTINGS_PATH}>All e-mail settings</Link>
      </p>
    </section>
  );
}
