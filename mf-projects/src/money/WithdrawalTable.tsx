import { useId } from 'react';
import type { Withdrawal } from '@sciexperts/shared/member';
import { formatDate, formatMoney } from '../format';
import { WITHDRAWAL_STATUS_LABELS } from './statementText';
import styles from './Money.module.css';

/** The member's withdrawals, newest first (the server's order), with each status in words and a failure's reason. */
export function WithdrawalTable({ withdrawals }: { withdrawals: readonly Withdrawal[] }) {
  const captionId = useId();
  if (withdrawals.length === 0) return <p className={styles.empty}>No withdrawals yet.</p>;
  return (
    <div className={styles.tableWrap} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId}>Your withdrawals, newest first.</caption>
        <thead>
          <tr>
            <th scope="col">Requested on</th>
            <th scope="col" className={styles.amount}>
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((withdrawal) => (
            <tr key={withdrawal.id}>
              <td>{formatDate(withdrawal.createdAt)}</td>
              <td className={styles.amount}>{formatMoney(withdrawal.amountCents)}</td>
              <td>
                {WITHDRAWAL_STATUS_LABELS[withdrawal.status]}
                {withdrawal.status === 'failed' ? (
                  <span className={styles.secondLine}>{withdrawal.failureReason ? `${withdrawal.failureReason} The amount is back in your balance.` : 'The amount is back in your balance.'}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
