import { useId } from 'react';
import type { Statement } from '@sciexperts/shared/member';
import { formatDate, formatMoney } from '../format';
import { ReceiptButton } from './ReceiptButton';
import { lineAccount, lineDescription, signedMoney } from './statementText';
import styles from './Money.module.css';

/** '10%' from 1000 basis points. */
function percentText(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/**
 * The statement, newest first. Each line moves one balance (a contract's escrow or the member's own), so the running
 * balance is that account's, and the account is named next to it. The member's own payments offer their receipt.
 */
export function StatementTable({ statement }: { statement: Statement }) {
  const captionId = useId();
  return (
    // Focusable so keyboard users can scroll it sideways on a narrow screen.
    <div className={styles.tableWrap} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId}>
          Your statement, newest first. The platform keeps a fee of {percentText(statement.fee.basisPoints)} from each released milestone.
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col">Account</th>
            <th scope="col" className={styles.amount}>
              Amount
            </th>
            <th scope="col" className={styles.amount}>
              Balance after
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.lines.map((line) => (
            <tr key={`${line.transactionId}:${line.account}:${line.contractId ?? ''}`}>
              <td>{formatDate(line.createdAt)}</td>
              <td>
                {lineDescription(line)}
                {line.projectTitle ? <span className={styles.secondLine}>{line.projectTitle}</span> : null}
                {line.receiptPaymentId !== undefined ? <ReceiptButton paymentId={line.receiptPaymentId} milestoneTitle={line.milestoneTitle} /> : null}
              </td>
              <td>{lineAccount(line)}</td>
              <td className={styles.amount}>{signedMoney(line.amountCents)}</td>
              <td className={styles.amount}>{formatMoney(line.balanceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
