import { useEffect, useId, useRef, useState } from 'react';
import { payoutHeldUntilMessage, useAuth } from '@sciexperts/shared';
import { paymentsApi, PAYMENT_MESSAGES, type SavedCard, type Withdrawal } from '@sciexperts/shared/member';
import { LiveMessage } from '@sciexperts/ui';
import { formatMoney } from '../format';
import { Loaded } from '../member/Loaded';
import { MemberPageTitle } from '../member/MemberPageTitle';
import { useLoad } from '../ui/useLoad';
import { BalanceSummary } from './BalanceSummary';
import { cardNumberText } from './cardText';
import { PayoutAccountSection } from './PayoutAccountSection';
import { SavedCardsSection } from './SavedCardsSection';
import { usePayoutAccountReturn } from './usePayoutAccountReturn';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalTable } from './WithdrawalTable';
import styles from './Money.module.css';

/** The hold's end in the reader's own time, with its zone named (the e-mail that started it says UTC). */
const holdEnd = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/**
 * /profile/payment: the member's balances (from the ledger), the cards the payment provider keeps for their
 * payments, where payouts go (an account connected at the payment provider), withdrawing what was earned, and the
 * withdrawals made so far.
 */
export function PaymentDetailsPage() {
  const memberId = useAuth((state) => state.user?.id ?? null);
  const key = String(memberId ?? '');
  const balance = useLoad(() => paymentsApi.balance(), `balance:${key}`);
  const withdrawals = useLoad(() => paymentsApi.withdrawals(), `withdrawals:${key}`);
  const payoutAccount = useLoad(() => paymentsApi.payoutAccount(), `payout-account:${key}`);
  const savedCards = useLoad(() => paymentsApi.savedCards(), `saved-cards:${key}`);
  const returnNotice = usePayoutAccountReturn(payoutAccount.data, payoutAccount.setData);
  const [notice, setNotice] = useState('');
  const [cardNotice, setCardNotice] = useState('');
  const withdrawHeading = useRef<HTMLHeadingElement>(null);
  const cardsHeading = useRef<HTMLHeadingElement>(null);
  const headingIds = { balances: useId(), cards: useId(), withdraw: useId(), account: useId(), withdrawals: useId() };
  const holdId = useId();
  const holdUntil = payoutAccount.data?.holdUntil ?? null;
  const reloadPayoutAccount = payoutAccount.reload;

  // The hold ends by itself: the account is read again then, so Withdraw comes back without a page reload.
  useEffect(() => {
    if (!holdUntil) return undefined;
    const timer = setTimeout(reloadPayoutAccount, Math.min(Math.max(Date.parse(holdUntil) - Date.now(), 0) + 1000, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [holdUntil, reloadPayoutAccount]);

  function cardRenamed(card: SavedCard) {
    if (savedCards.data) savedCards.setData({ results: savedCards.data.results.map((c) => (c.id === card.id ? card : c)) });
    setCardNotice(card.name ? `${cardNumberText(card)} is now called “${card.name}”.` : `${cardNumberText(card)} has no name now.`);
  }

  function cardRemoved(card: SavedCard) {
    if (savedCards.data) savedCards.setData({ results: savedCards.data.results.filter((c) => c.id !== card.id) });
    setCardNotice(`${cardNumberText(card)} is removed.`);
    // Its buttons went with it: the section's heading keeps the reader's place.
    cardsHeading.current?.focus();
  }

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

      <section className={styles.section} aria-labelledby={headingIds.cards}>
        <h2 id={headingIds.cards} ref={cardsHeading} tabIndex={-1} className={styles.sectionTitle}>
          Saved cards
        </h2>
        <LiveMessage role="status" className={styles.notice} message={cardNotice} />
        <Loaded load={savedCards} rows={1}>
          {(data) => (
            <SavedCardsSection cards={data.results} onRenamed={cardRenamed} onRemoved={cardRemoved} onFocusLost={() => cardsHeading.current?.focus()} />
          )}
        </Loaded>
      </section>

      <section className={styles.section} aria-labelledby={headingIds.account}>
        <h2 id={headingIds.account} className={styles.sectionTitle}>
          Payout account
        </h2>
        <LiveMessage role="status" className={styles.notice} message={returnNotice ?? ''} />
        <Loaded load={payoutAccount} rows={1}>
          {(data) => <PayoutAccountSection account={data} />}
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
        ) : balance.data.availableCents <= 0 ? (
          <p className={styles.empty}>Nothing to withdraw yet: released milestones appear here.</p>
        ) : payoutAccount.data === null ? (
          <p className={styles.muted}>{payoutAccount.status === 'error' ? 'Where payouts go is needed to withdraw: load it again above.' : 'Loading…'}</p>
        ) : payoutAccount.data.status === 'ready' ? (
          <>
            {holdUntil ? (
              <p id={holdId} className={styles.hold}>
                {payoutHeldUntilMessage(holdEnd.format(new Date(holdUntil)))}
              </p>
            ) : null}
            <WithdrawalForm availableCents={balance.data.availableCents} onWithdrawn={withdrawn} heldBy={holdUntil ? holdId : undefined} />
          </>
        ) : (
          <p className={styles.text}>
            {payoutAccount.data.status === 'none' ? PAYMENT_MESSAGES.payoutAccountNeeded : PAYMENT_MESSAGES.payoutAccountPending}
          </p>
        )}
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
