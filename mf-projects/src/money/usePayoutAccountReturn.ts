import { useSearchParams } from '@sciexperts/shared/router';
import { paymentsApi, PAYOUT_ACCOUNT_RETURN_PARAM, type PayoutAccount } from '@sciexperts/shared/member';
import { usePoll } from '../ui/usePoll';

export const PAYOUT_POLL_INTERVAL_MS = 2000;
/** About 20 seconds of asking; then the member is told to come back rather than watch a spinner. */
export const PAYOUT_POLL_ATTEMPTS = 10;

export const PAYOUT_ACCOUNT_MESSAGES = {
  waiting: 'Back from the payment provider — waiting for it to confirm your payout account.',
  connected: 'Your payout account is connected: you can withdraw to it.',
  /** A change of a ready account holds withdrawals (the hold itself is said under Withdraw, with its end). */
  connectedHeld: 'Your payout account is connected. For your safety, withdrawals to it are held for now: see Withdraw below.',
  slow: 'The payment provider has not confirmed your payout account yet. It can take a few minutes: reload this page later.',
  expired: 'The link to the payment provider expired. Open it again to finish connecting your payout account.',
} as const;

/**
 * The member is back from the provider's onboarding page (`?payoutAccount=return`, or `refresh` when its link
 * expired). The return proves nothing: the account is ready only when the provider's signed event says so, so the
 * account is asked for again every 2 s until it is ready, for about 20 s. Answers the sentence to show, or null.
 */
export function usePayoutAccountReturn(account: PayoutAccount | null, setData: (account: PayoutAccount) => void): string | null {
  const [search] = useSearchParams();
  const back = search.get(PAYOUT_ACCOUNT_RETURN_PARAM);
  const waiting = back === 'return' && account !== null && account.status !== 'ready';
  const attempts = usePoll(waiting, (isCurrent) => paymentsApi.payoutAccount().then((fresh) => isCurrent() && setData(fresh)), PAYOUT_POLL_INTERVAL_MS, PAYOUT_POLL_ATTEMPTS);

  if (account === null) return null;
  if (back === 'refresh' && account.status !== 'ready') return PAYOUT_ACCOUNT_MESSAGES.expired;
  if (back !== 'return') return null;
  if (account.status === 'ready') return account.holdUntil ? PAYOUT_ACCOUNT_MESSAGES.connectedHeld : PAYOUT_ACCOUNT_MESSAGES.connected;
  return attempts >= PAYOUT_POLL_ATTEMPTS ? PAYOUT_ACCOUNT_MESSAGES.slow : PAYOUT_ACCOUNT_MESSAGES.waiting;
}
