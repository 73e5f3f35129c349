import type { Balance } from '@sciexperts/shared/member';
import { formatMoney } from '../format';
import styles from './Money.module.css';

/** The member's three balances from the ledger, each named in words. */
export function BalanceSummary({ balance }: { balance: Balance }) {
  const items = [
    { label: 'Available to withdraw', cents: balance.availableCents },
    { label: 'Paid out so far', cents: balance.paidOutCents },
    { label: 'In escrow for your projects (as client)', cents: balance.inEscrowCents },
  ];
  return (
    <dl className={styles.balances}>
      {items.map((item) => (
        <div key={item.label} className={styles.balance}>
          <dt>{item.label}</dt>
          <dd>{formatMoney(item.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
