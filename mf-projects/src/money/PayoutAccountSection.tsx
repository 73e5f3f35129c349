import { useState } from 'react';
import { ApiError } from '@sciexperts/shared';
import { paymentsApi, type PayoutAccount } from '@sciexperts/shared/member';
import { LiveMessage } from '@sciexperts/ui';
import { browser } from '../ui/browser';
import styles from './Money.module.css';

const ACTION: Record<PayoutAccount['status'], string> = {
  none: 'Connect a payout account',
  pending: 'Finish connecting your payout account',
  ready: 'Change payout account',
};

export interface PayoutAccountSectionProps {
  account: PayoutAccount;
}

/**
 * Where payouts go. The bank details are given on the payment provider's own page (SciExperts never sees them):
 * the button asks the API for a fresh link to it and leaves the site; the provider sends the member back here.
 */
export function PayoutAccountSection({ account }: PayoutAccountSectionProps) {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    if (opening) return;
    setOpening(true);
    setError(null);
    try {
      const { url } = await paymentsApi.linkPayoutAccount();
      // The button stays busy while the browser leaves.
      browser.goTo(url);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setOpening(false);
    }
  }

  return (
    <>
      {account.status === 'ready' ? (
        <p className={styles.text}>
          Payouts go to <strong>{account.label ?? 'your account at the payment provider'}</strong>.
        </p>
      ) : account.status === 'pending' ? (
        <p className={styles.text}>Your payout account is not ready to receive money yet: the payment provider needs a few more details.</p>
      ) : (
        <p className={styles.text}>Payouts go to a bank account you connect at our payment provider. SciExperts never sees your bank details.</p>
      )}
      <div>
        <button type="button" className={account.status === 'ready' ? styles.secondaryButton : styles.primaryButton} onClick={open} disabled={opening}>
          {opening ? 'Opening the payment provider…' : ACTION[account.status]}
        </button>
      </div>
      <LiveMessage role="alert" className={styles.fieldError} message={error} />
    </>
  );
}
