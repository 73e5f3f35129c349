import { useState } from 'react';
import { paymentsApi, receiptFileName } from '@sciexperts/shared/member';
import { LiveMessage, saveBlob, VisuallyHidden } from '@sciexperts/ui';
import { useAction } from '../project/useAction';
import styles from './Money.module.css';

export interface ReceiptButtonProps {
  paymentId: number;
  /** What the payment was for, so each button on the page has a name of its own. */
  milestoneTitle: string | null;
}

/**
 * A payment's PDF receipt. The API wants the member's token, which a plain link cannot send: the button fetches the
 * file and hands it to the browser as a download.
 */
export function ReceiptButton({ paymentId, milestoneTitle }: ReceiptButtonProps) {
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    const result = await run(() => paymentsApi.downloadReceipt(paymentId));
    if (!result) return;
    if (result.ok) saveBlob(result.value, receiptFileName(paymentId));
    else setError(result.error.message);
  };

  return (
    <div className={styles.receipt}>
      <button type="button" className={styles.receiptButton} disabled={busy} onClick={() => void download()}>
        {busy ? 'Downloading…' : 'Receipt (PDF)'}
        <VisuallyHidden> for {milestoneTitle ? `milestone “${milestoneTitle}”` : 'this payment'}</VisuallyHidden>
      </button>
      <LiveMessage role="alert" className={styles.rowError} message={error} />
    </div>
  );
}
