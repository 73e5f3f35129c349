import { useCallback, useEffect, useState } from 'react';
import type { MoneyOverviewView } from '@sciexperts/shared/member';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminApiError, adminApi } from './api';
import { dateTime, formatCents } from './format';
import { Reconciliation } from './Reconciliation';
import { useSession } from './session';
import css from './console.module.css';

type Waiting = MoneyOverviewView['refundsNotAcknowledged'][number];

/** The money from the ledger, and the provider calls that need a push. */
export function Money() {
  const mayRetry = useSession()?.operator.role === 'finance';
  const [data, setData] = useState<MoneyOverviewView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A retry sent takes its item off the list when the money is loaded again: its confirmation is the page's.
  const { notice, done, failed, clear } = useActionNotice();
  const load = useCallback(() => {
    adminApi
      .money()
      .then(setData)
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'The money could not be loaded.'));
  }, []);
  useEffect(load, [load]);

  async function retry(kind: 'refund' | 'payout', item: Waiting) {
    clear();
    try {
      await (kind === 'refund' ? adminApi.retryRefund(item.id) : adminApi.retryPayout(item.id));
      done(`The ${kind} of ${formatCents(item.amountCents)} was sent to the payment provider.`);
      load();
    } catch (err) {
      failed(err instanceof AdminApiError ? err.message : 'The retry failed.');
      // Acknowledged meanwhile (409): the list as it now is.
      if (err instanceof AdminApiError && err.status === 409) load();
    }
  }

  const list = (title: string, items: Waiting[], kind: 'refund' | 'payout' | null) => (
    <section className={css.section} aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className={css.list}>
          {items.map((item) => (
            <li key={item.id}>
              #{item.id}: {formatCents(item.amountCents)} (member {item.memberId}), since {dateTime(item.since)}
              {item.reason ? ` — ${item.reason}` : ''}{' '}
              {kind && mayRetry && (
                <button type="button" className={css.secondary} onClick={() => void retry(kind, item)}>
                  Retry {kind} #{item.id}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <section aria-labelledby="money-title">
      <h1 id="money-title">Money</h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <ActionNotice notice={notice} />
      {!data && !error && <p>Loading…</p>}
      {data && (
        <>
          <dl>
            <dt>Held in escrow</dt>
            <dd>{formatCents(data.totals.inEscrowCents)}</dd>
            <dt>Released to experts (fees included)</dt>
            <dd>{formatCents(data.totals.releasedCents)}</dd>
            <dt>Refunded to clients</dt>
            <dd>{formatCents(data.totals.refundedCents)}</dd>
            <dt>Platform fees</dt>
            <dd>{formatCents(data.totals.feesCents)}</dd>
            <dt>Waiting for payout</dt>
            <dd>{formatCents(data.totals.waitingForPayoutCents)}</dd>
            <dt>Paid out</dt>
            <dd>{formatCents(data.totals.paidOutCents)}</dd>
          </dl>
          {list('Refunds the provider has not acknowledged', data.refundsNotAcknowledged, 'refund')}
          {list('Payouts the provider has not acknowledged', data.payoutsNotAcknowledged, 'payout')}
          {list('Payouts the bank returned (the money is back in the expert’s balance)', data.failedPayouts, null)}
          {/* Reconciling the ledger with the provider is finance's work (the server checks the role too). */}
          {mayRetry && <Reconciliation />}
        </>
      )}
    </section>
  );
}
