import { useId, useRef, useState } from 'react';
import { paymentsApi, useAuth, type Withdrawal } from '@sciexperts/shared';
import { LiveMessage } from '@sciexperts/ui';
import { formatMoney } from '../format';
import { Loaded } from '../member/Loaded';
import { MemberPageTitle } from '../member/MemberPageTitle';
import { useLoad } from '../ui/useLoad';
import { BalanceSummary } from './BalanceSummary';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalTable } from './WithdrawalTable';
import styles from './Money.module.css';

/**
 * /profile/payment: the member's balances (from the ledger), where payouts go, withdrawing what was earned, and the
 * withdrawals made so far.
 */
export function PaymentDetailsPage() {
  const memberId = useAuth((state) => state.user?.id ?? null);
  const key = String(memberId ?? '');
  const balance = useLoad(() => paymentsApi.balance(), `balance:${key}`);
  const withdrawals = useLoad(() => paymentsApi.withdrawals(), `withdrawals:${key}`);
  const [notice, setNotice] = useState('');
  const withdrawHeading = useRef<HTMLHeadingElement>(null);
  const headingIds = { balances: useId(), withdraw: useId(), method: useId(), withdrawals: useId() };

  function withdrawn(withdrawal: Withdrawal) {
    setNotice(`${formatMoney(withdrawal.amountCents)} is on its way to your account.`);
    // Show the new figures at once, then the ledger's own (and the new withdrawal in the list).
    if (balance.data) {
      balance.setData({
        ...balance.data,
        availableCents: balance.data.availableCents - withdrawal.amountCents,
        paidOutCents: balance.data.paidOutCents + withdrawal.amountCents,
      });
    }
    balance.reload();
    withdrawals.reload();
    // The form may have gone (nothing left to withdraw): the section's heading keeps the reader's place.
    withdrawHeading.current?.focus();
  }

  return (
    <div className={styles.page}>
      <MemberPageTitle title="Payment Details" />
      <div>
        <h1 className={styles.title}>Payment Details</h1>
        <p className={styles.lead}>What you have earned and can withdraw, and the money you have put into escrow for your projects.</p>
      </div>

      <section className={styles.section} aria-labelledby={headingIds.balances}>
        <h2 id={headingIds.balances} className={styles.sectionTitle}>
          Balances
        </h2>
        <Loaded load={balance} rows={1}>
          {(data) => <BalanceSummary balance={data} />}
        </Loaded>
      </section>

      <section className={styles.section} aria-labelledby={headingIds.withdraw}>
        <h2 id={headingIds.withdraw} ref={withdrawHeading} tabIndex={-1} className={styles.sectionTitle}>
          Withdraw
        </h2>
        <LiveMessage role="status" className={styles.notice} message={notice} />
        {balance.data === null ? (
          // The balances section above shows the load's progress or its failure (with 'Try again') once.
          <p className={styles.muted}>{balance.status === 'error' ? 'Your balance is needed to withdraw: load it again above.' : 'Loading…'}</p>
        ) : balance.data.availableCents > 0 ? (
          <WithdrawalForm availableCents={balance.data.availableCents} onWithdrawn={withdrawn} />
        ) : (
          <p className={styles.empty}>Nothing to withdraw yet: released milestones appear here.</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby={headingIds.method}>
        <h2 id={headingIds.method} className={styles.sectionTitle}>
          Payout method
        </h2>
        <p className={styles.text}>Payouts go to your account at the payment provider.</p>
        <p className={styles.muted}>You cannot change where payouts go yet: connecting your own bank account is coming later.</p>
      </section>

      <section className={styles.section} aria-labelledby={headingIds.withdrawals}>
        <h2 id={headingIds.withdrawals} className={styles.sectionTitle}>
          Withdrawals
        </h2>
        <Loaded load={withdrawals} rows={2}>
          {(data) => <WithdrawalTable withdrawals={data.results} />}
        </Loaded>
      </section>
    </div>
  );
}
