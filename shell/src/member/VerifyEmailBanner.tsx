import { useState } from 'react';
import { useAuth } from '@sciexperts/shared';
import { accountSettingsApi } from '@sciexperts/shared/member';
import { LiveMessage } from '@sciexperts/ui';
import styles from './VerifyEmailBanner.module.css';

/**
 * Above every member page while the member has not confirmed their e-mail address: why it matters (publishing,
 * proposals and escrow need it) and the link sent again on request (the server limits how often).
 */
export function VerifyEmailBanner() {
  const unconfirmed = useAuth((state) => state.user?.emailVerified === false);
  const email = useAuth((state) => state.user?.email ?? '');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  if (!unconfirmed) return null;

  async function resend() {
    if (sending) return;
    setSending(true);
    try {
      setResult((await accountSettingsApi.resendVerification()).message);
    } catch (error) {
      setResult(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={styles.banner} aria-label="Confirm your e-mail address">
      <p className={styles.text}>
        Please confirm your e-mail address: open the link we sent to <strong>{email}</strong>. You need it to publish a project, send a proposal or pay into
        escrow.
      </p>
      <button type="button" className={styles.button} aria-disabled={sending || undefined} onClick={() => void resend()}>
        {sending ? 'Sending…' : 'Send the link again'}
      </button>
      <LiveMessage role="status" className={styles.result} message={result ?? ''} />
    </section>
  );
}
